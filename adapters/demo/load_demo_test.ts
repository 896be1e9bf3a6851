import assert from "node:assert/strict";
import { completeRecord } from "../../domain/records/fields.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { matchesFilter } from "../../domain/catalogue/filter.ts";
import type { Book, Category, StationeryItem } from "../../domain/catalogue/model.ts";
import { paginate } from "../../domain/catalogue/pagination.ts";
import type {
  Catalogue,
  CatalogueAdmin,
  ImageStorage,
  StoredImage,
  WriteResult,
} from "../../domain/ports.ts";
import { DEMO_BOOKS, DEMO_STATIONERY } from "./catalogue_data.ts";
import { loadDemoCatalogue } from "./load_demo.ts";

/** A shop held in arrays, with just enough of the ports for the loader. */
class InMemoryShop {
  categories: Category[] = [];
  stationeryCategories: Category[] = [];
  books: Book[] = [];
  stationery: StationeryItem[] = [];
  images = new Map<string, StoredImage>();
  calls = 0;

  readonly catalogue: Catalogue = {
    listBooks: (filter, page) =>
      Promise.resolve(paginate(this.books.filter((b) => matchesFilter("book", b, filter)), page)),
    findBook: (id) => Promise.resolve(this.books.find((b) => b.id === id)),
    listAuthors: () => Promise.resolve([...new Set(this.books.map((b) => b.author))].sort()),
    listStationery: (filter, page) =>
      Promise.resolve(
        paginate(this.stationery.filter((i) => matchesFilter("stationery", i, filter)), page),
      ),
    findStationery: (id) => Promise.resolve(this.stationery.find((i) => i.id === id)),
    listCategories: () => Promise.resolve([...this.categories]),
    listStationeryCategories: () => Promise.resolve([...this.stationeryCategories]),
    suggest: () => Promise.resolve([]),
    listIds: (_kind, page) => Promise.resolve(paginate(this.books.map((b) => b.id), page)),
  };

  readonly admin: CatalogueAdmin = {
    createCategory: (name, names) => this.addCategory(this.categories, name, names),
    createStationeryCategory: (name, names) =>
      this.addCategory(this.stationeryCategories, name, names),
    createBook: (book) => {
      this.calls++;
      const category = this.categories.find((c) => c.id === book.categoryId);
      if (!category) return Promise.resolve({ kind: "unknown_category" });
      if (this.books.some((b) => b.isbn13 === book.isbn13)) {
        return Promise.resolve({ kind: "duplicate", field: "isbn13" });
      }
      const created = {
        ...completeRecord(BOOK_FIELDS, book),
        id: this.books.length + 1,
        categoryName: category.name,
      };
      this.books.push(created);
      return Promise.resolve({ kind: "ok", value: created });
    },
    createStationery: (item) => {
      this.calls++;
      const category = this.stationeryCategories.find((c) => c.id === item.categoryId);
      if (!category) return Promise.resolve({ kind: "unknown_category" });
      const created = {
        ...completeRecord(STATIONERY_FIELDS, item),
        id: this.stationery.length + 1,
        categoryName: category.name,
      };
      this.stationery.push(created);
      return Promise.resolve({ kind: "ok", value: created });
    },
    adjustStock: () => Promise.reject(new Error("not used by the loader")),
    stockAdjustments: () => Promise.reject(new Error("not used by the loader")),
    updateBook: () => Promise.reject(new Error("not used by the loader")),
    deleteBook: () => Promise.reject(new Error("not used by the loader")),
    updateStationery: () => Promise.reject(new Error("not used by the loader")),
    deleteStationery: () => Promise.reject(new Error("not used by the loader")),
    ...notUsedByTheLoader([
      "renameCategory",
      "deleteCategory",
      "changeBookImages",
      "replaceStationeryImage",
      "imagesInUse",
      "listArchivedBooks",
      "listArchivedStationery",
      "restoreBook",
      "restoreStationery",
      "findBooksByIsbn",
      "importBooks",
      "importStationery",
    ]),
  };

  readonly storage: ImageStorage = {
    put: (bytes, contentType) => {
      const key = `demo-${this.images.size + 1}.png`;
      this.images.set(key, { bytes, contentType });
      return Promise.resolve(`/uploads/${key}`);
    },
    putVariants: () => Promise.reject(new Error("not used by the loader")),
    get: (key) => Promise.resolve(this.images.get(key)),
    delete: () => Promise.reject(new Error("not used by the loader")),
  };

  get deps() {
    return { admin: this.admin, catalogue: this.catalogue, images: this.storage };
  }

  private addCategory(
    list: Category[],
    name: string,
    names: Category["names"] = {},
  ): Promise<WriteResult<Category>> {
    this.calls++;
    if (list.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
      return Promise.resolve({ kind: "duplicate", field: "name" });
    }
    const category = { id: list.length + 1, name, names: { ...names } };
    list.push(category);
    return Promise.resolve({ kind: "ok", value: category });
  }
}

Deno.test("loadDemoCatalogue() fills an empty shop with every demo product and its pictures", async () => {
  const shop = new InMemoryShop();
  const outcome = await loadDemoCatalogue(shop.deps);
  assert.deepEqual(outcome, {
    loaded: true,
    books: DEMO_BOOKS.length,
    stationery: DEMO_STATIONERY.length,
  });
  assert.equal(shop.books.length, DEMO_BOOKS.length);
  assert.equal(shop.stationery.length, DEMO_STATIONERY.length);
  assert.ok(shop.categories.length >= 6 && shop.stationeryCategories.length >= 5);
  assert.equal(shop.images.size, DEMO_BOOKS.length * 2 + DEMO_STATIONERY.length);
  for (const image of shop.images.values()) assert.equal(image.contentType, "image/png");
  for (const book of shop.books) {
    assert.equal(book.images.length, 2, book.title);
    for (const url of book.images) assert.ok(shop.images.has(url.replace("/uploads/", "")));
  }
  for (const item of shop.stationery) {
    assert.ok(shop.images.has(item.image.replace("/uploads/", "")), item.title);
  }
});

Deno.test("loadDemoCatalogue() files each product under its own category and keeps pre-orders", async () => {
  const shop = new InMemoryShop();
  await loadDemoCatalogue(shop.deps);
  const funnyBoy = shop.books.find((b) => b.title === "Funny Boy")!;
  assert.equal(funnyBoy.categoryName, "Novels");
  assert.equal(funnyBoy.preorder, false);
  assert.equal(funnyBoy.preorderDate, null);
  const preorders = shop.books.filter((b) => b.preorder);
  assert.equal(preorders.length, DEMO_BOOKS.filter((b) => b.preorder).length);
  for (const book of preorders) {
    assert.match(book.preorderDate!, /^2027-/);
    assert.ok(book.preorderedStock > 0);
  }
  const pen = shop.stationery.find((i) => i.title === "Atlas Chooty Pen Blue")!;
  assert.equal(pen.categoryName, "Pens");
  assert.equal(pen.priceCents, 4000);
});

Deno.test("loadDemoCatalogue() gives every demo category its Sinhala and Tamil names", async () => {
  const shop = new InMemoryShop();
  await loadDemoCatalogue(shop.deps);
  const novels = shop.categories.find((c) => c.name === "Novels")!;
  assert.deepEqual(novels.names, { si: "නවකතා", ta: "நாவல்கள்" });
  for (const category of [...shop.categories, ...shop.stationeryCategories]) {
    assert.ok(category.names?.si && category.names?.ta, category.name);
  }
});

Deno.test("loadDemoCatalogue() leaves a shop alone once it has anything in it", async () => {
  const shop = new InMemoryShop();
  await shop.admin.createStationeryCategory("Pens");
  shop.calls = 0;
  assert.deepEqual(await loadDemoCatalogue(shop.deps), {
    loaded: false,
    books: 0,
    stationery: 0,
  });
  assert.equal(shop.calls, 0);
  assert.equal(shop.images.size, 0);
});

Deno.test("loadDemoCatalogue() run twice loads the demo only once", async () => {
  const shop = new InMemoryShop();
  await loadDemoCatalogue(shop.deps);
  const second = await loadDemoCatalogue(shop.deps);
  assert.equal(second.loaded, false);
  assert.equal(shop.books.length, DEMO_BOOKS.length);
});

Deno.test("loadDemoCatalogue() stops with the product's name when the shop refuses it", async () => {
  const shop = new InMemoryShop();
  shop.admin.createBook = () => Promise.resolve({ kind: "duplicate", field: "isbn13" });
  await assert.rejects(
    () => loadDemoCatalogue(shop.deps),
    /Could not create demo book "Madol Doova": duplicate isbn13/,
  );
});

/** Admin methods the loader never calls: each rejects if it ever does. */
function notUsedByTheLoader<const K extends keyof CatalogueAdmin>(names: K[]) {
  return Object.fromEntries(
    names.map((name) => [name, () => Promise.reject(new Error(`${name} not used by the loader`))]),
  ) as unknown as Pick<CatalogueAdmin, K>;
}
