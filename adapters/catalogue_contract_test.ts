/**
 * The contract of the catalogue's ports (Catalogue, the storefront's reads, and
 * CatalogueAdmin, the admin's writes and upkeep), run against every adapter: the catalogue
 * in memory the HTTP tests use, PGlite and a PostgreSQL server, and the shop's own wiring of
 * PGlite behind the read cache (`[cached]`), whose reads must never lag its writes. What only SQL can show
 * (the archived row kept for the orders, sorting and filter properties, totals) is tested
 * beside the SQL in postgres/.
 */
import assert from "node:assert/strict";
import { completeRecord } from "../domain/records/fields.ts";
import { BOOK_FIELDS } from "../domain/catalogue/book_record.ts";
import { testOnBothEngines, testOnEngine, withDatabase } from "./postgres/testing/databases.ts";
import { cacheReads, CatalogueCache } from "./cache/mod.ts";
import { PostgresLocations } from "./postgres/locations.ts";
import { aBook, aLine, aPlacement, aStationeryItem } from "./postgres/testing/builders.ts";
import { PostgresCatalogue } from "./postgres/catalogue.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import type { Book, StationeryItem } from "../domain/catalogue/model.ts";
import type { Catalogue, CatalogueAdmin, WriteResult } from "../domain/ports.ts";

const ALL = { inStock: true, outOfStock: true };
const FIRST_PAGE = { page: 1, pageSize: 10 };

/** One adapter's catalogue, with a book category "Novels" and a stationery category "Pens". */
interface World {
  catalogue: Catalogue;
  admin: CatalogueAdmin;
  novels: number;
  pens: number;
  /** Orders one of the product (taking one from stock), so that deleting it archives it. */
  order(product: Book | StationeryItem, type: "book" | "stationery"): Promise<void>;
}

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok", JSON.stringify(result));
  return (result as { kind: "ok"; value: T }).value;
}

async function categories(admin: CatalogueAdmin): Promise<{ novels: number; pens: number }> {
  const novels = ok(await admin.createCategory("Novels")).id;
  const pens = ok(await admin.createStationeryCategory("Pens")).id;
  return { novels, pens };
}

/** Registers the test once per adapter: `[memory]`, `[pglite]`, `[postgres]`, `[cached]`. */
function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const memory = new MemoryCatalogue();
    await fn({
      catalogue: memory,
      admin: memory,
      ...await categories(memory),
      async order(product, type) {
        memory.ordered.add(`${type}:${product.id}`);
        const taken = type === "book"
          ? await memory.updateBook(product.id, { addStock: -1 })
          : await memory.updateStationery(product.id, { addStock: -1 });
        assert.equal(taken.kind, "ok");
      },
    });
  });
  testOnBothEngines(name, async (sql) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const orders = new PostgresOrderRepository(sql);
    await fn({
      catalogue: new PostgresCatalogue(sql),
      admin,
      ...await categories(admin),
      async order(product, type) {
        const placed = await orders.place(aPlacement([aLine(product, type, 1)]));
        assert.equal(placed.kind, "placed");
      },
    });
  });
  testOnEngine({
    name: `${name} [cached]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () =>
      withDatabase("pglite", async ({ sql }) => {
        // As main.ts wires them: reads through the cache, writes and orders clearing it.
        const cache = new CatalogueCache();
        const ports = cacheReads({
          catalogue: new PostgresCatalogue(sql, { totals: cache.totals }),
          catalogueAdmin: new PostgresCatalogueAdmin(sql),
          orders: new PostgresOrderRepository(sql),
          locations: new PostgresLocations(sql),
        }, cache);
        await fn({
          catalogue: ports.catalogue,
          admin: ports.catalogueAdmin,
          ...await categories(ports.catalogueAdmin),
          async order(product, type) {
            const placed = await ports.orders.place(aPlacement([aLine(product, type, 1)]));
            assert.equal(placed.kind, "placed");
          },
        });
      }),
  });
}

// Reads and writes of products

contract("createBook() stores a book that findBook() returns in full", async (w) => {
  const input = aBook(w.novels, { description: "", preorder: true, preorderDate: "2026-09-01" });
  const created = ok(await w.admin.createBook(input));
  // What the book left out comes back at its default (BOOK_FIELDS).
  const { description: _d, ...rest } = completeRecord(BOOK_FIELDS, input);
  assert.deepEqual(created, {
    ...rest,
    id: created.id,
    categoryName: "Novels",
    description: null,
  });
  assert.deepEqual(await w.catalogue.findBook(created.id), created);
  assert.equal(await w.catalogue.findBook(created.id + 1000), undefined);
});

contract(
  "a product's sale price and days are stored, changed alone and cleared with null",
  async (w) => {
    const book = ok(
      await w.admin.createBook(
        aBook(w.novels, { priceCents: 100_000, salePriceCents: 80_000, saleStarts: "2026-09-20" }),
      ),
    );
    assert.deepEqual([book.salePriceCents, book.saleStarts, book.saleEnds], [
      80_000,
      "2026-09-20",
      null,
    ]);
    const ended = ok(await w.admin.updateBook(book.id, { saleEnds: "2026-09-25" }));
    assert.deepEqual([ended.salePriceCents, ended.saleStarts, ended.saleEnds], [
      80_000,
      "2026-09-20",
      "2026-09-25",
    ]);
    const cleared = ok(
      await w.admin.updateBook(book.id, { salePriceCents: null, saleStarts: null, saleEnds: null }),
    );
    assert.deepEqual([cleared.salePriceCents, cleared.saleStarts, cleared.saleEnds], [
      null,
      null,
      null,
    ]);
    const item = ok(await w.admin.createStationery(aStationeryItem(w.pens)));
    assert.equal(item.salePriceCents, null);
    const onSale = ok(
      await w.admin.updateStationery(item.id, { salePriceCents: 1, saleEnds: "2026-12-31" }),
    );
    assert.deepEqual(await w.catalogue.findStationery(item.id), onSale);
    assert.deepEqual([onSale.salePriceCents, onSale.saleStarts, onSale.saleEnds], [
      1,
      null,
      "2026-12-31",
    ]);
  },
);

contract(
  "a price or sale change that another edit made wrong meanwhile is refused as changed_meanwhile, and nothing changes",
  async (w) => {
    // The owner's form checked its change against a price of LKR 1,000 and no sale; another
    // edit set a sale price of LKR 900 before it was written.
    const book = ok(await w.admin.createBook(aBook(w.novels, { priceCents: 100_000 })));
    ok(await w.admin.updateBook(book.id, { salePriceCents: 90_000 }));
    assert.deepEqual(await w.admin.updateBook(book.id, { priceCents: 85_000 }), {
      kind: "changed_meanwhile",
    });
    const kept = await w.catalogue.findBook(book.id);
    assert.deepEqual([kept?.priceCents, kept?.salePriceCents], [100_000, 90_000]);
    const item = ok(
      await w.admin.createStationery(aStationeryItem(w.pens, { priceCents: 5_000 })),
    );
    ok(await w.admin.updateStationery(item.id, { salePriceCents: 4_000 }));
    assert.deepEqual(await w.admin.updateStationery(item.id, { priceCents: 4_000 }), {
      kind: "changed_meanwhile",
    });
    assert.equal((await w.catalogue.findStationery(item.id))?.priceCents, 5_000);
  },
);

contract("createBook() refuses an unknown category and a taken ISBN-13", async (w) => {
  assert.deepEqual(await w.admin.createBook(aBook(w.novels + 99)), { kind: "unknown_category" });
  const first = ok(await w.admin.createBook(aBook(w.novels)));
  assert.deepEqual(await w.admin.createBook(aBook(w.novels, { isbn13: first.isbn13 })), {
    kind: "duplicate",
    field: "isbn13",
  });
});

contract("listBooks() pages in id order with the total of all matches", async (w) => {
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(ok(await w.admin.createBook(aBook(w.novels))).id);
  const page = await w.catalogue.listBooks(ALL, { page: 2, pageSize: 2 });
  assert.deepEqual(page.items.map((b) => b.id), ids.slice(2, 4));
  assert.deepEqual([page.page, page.pageSize, page.total], [2, 2, 5]);
  const past = await w.catalogue.listBooks(ALL, { page: 9, pageSize: 2 });
  assert.deepEqual([past.items.length, past.total], [0, 5]);
});

contract("listBooks() takes % and _ in the search term literally", async (w) => {
  for (const title of ["100% Lanka", "1000 Lanka", "snake_case", "snakeXcase"]) {
    ok(await w.admin.createBook(aBook(w.novels, { title })));
  }
  const titles = async (q: string) =>
    (await w.catalogue.listBooks({ ...ALL, q }, FIRST_PAGE)).items.map((b) => b.title);
  assert.deepEqual(await titles("0% l"), ["100% Lanka"]);
  assert.deepEqual(await titles("E_C"), ["snake_case"]);
  assert.deepEqual(await titles("  lanka "), ["100% Lanka", "1000 Lanka"]);
});

contract(
  "listBooks() filters by category, author, inclusive price and stock boxes",
  async (w) => {
    const poems = ok(await w.admin.createCategory("Poems")).id;
    const a = ok(
      await w.admin.createBook(aBook(w.novels, { priceCents: 1000, stock: 0, author: "A" })),
    );
    const b = ok(
      await w.admin.createBook(aBook(w.novels, { priceCents: 2000, stock: 3, author: "B" })),
    );
    const c = ok(
      await w.admin.createBook(aBook(poems, { priceCents: 3000, stock: 1, author: "A" })),
    );
    const ids = async (filter: object) =>
      (await w.catalogue.listBooks({ ...ALL, ...filter }, FIRST_PAGE)).items.map((x) => x.id);
    assert.deepEqual(await ids({ categoryId: w.novels }), [a.id, b.id]);
    assert.deepEqual(await ids({ author: "A" }), [a.id, c.id]);
    assert.deepEqual(await ids({ minPriceCents: 2000, maxPriceCents: 3000 }), [b.id, c.id]);
    assert.deepEqual(await ids({ outOfStock: false }), [b.id, c.id]);
    assert.deepEqual(await ids({ inStock: false }), [a.id]);
    assert.deepEqual(await ids({ inStock: false, outOfStock: false }), []);
  },
);

contract("listBooks() finds books by title, author or ISBN-13 with hyphens", async (w) => {
  const madol = ok(
    await w.admin.createBook(
      aBook(w.novels, { title: "Madol Doova", author: "Martin Wickramasinghe" }),
    ),
  );
  ok(await w.admin.createBook(aBook(w.novels, { title: "Wickrama's days", author: "Someone" })));
  ok(await w.admin.createBook(aBook(w.novels, { title: "Other", author: "Another" })));
  const found = async (q: string) =>
    (await w.catalogue.listBooks({ ...ALL, q }, FIRST_PAGE)).items.map((b) => b.title).sort();
  assert.deepEqual(await found("WICKRAMA"), ["Madol Doova", "Wickrama's days"]);
  const isbn = `${madol.isbn13.slice(0, 3)}-${madol.isbn13.slice(3, 10)} ${madol.isbn13.slice(10)}`;
  assert.deepEqual(await found(isbn), ["Madol Doova"]);
  assert.deepEqual(await found("nothing like it"), []);
});

contract("listAuthors() gives each author on sale once, sorted", async (w) => {
  await w.admin.createBook(aBook(w.novels, { author: "Kumaratunga Munidasa" }));
  await w.admin.createBook(aBook(w.novels, { author: "Gunadasa Amarasekara" }));
  await w.admin.createBook(aBook(w.novels, { author: "Kumaratunga Munidasa" }));
  const gone = ok(await w.admin.createBook(aBook(w.novels, { author: "Archived Author" })));
  await w.order(gone, "book");
  assert.equal((await w.admin.deleteBook(gone.id)).kind, "archived");
  assert.deepEqual(await w.catalogue.listAuthors(), [
    "Gunadasa Amarasekara",
    "Kumaratunga Munidasa",
  ]);
});

contract("updateBook() sets or adds stock and changes price and pre-order fields", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels, { stock: 5 })));
  assert.equal(ok(await w.admin.updateBook(book.id, { addStock: 3 })).stock, 8);
  assert.equal(ok(await w.admin.updateBook(book.id, { addStock: -8 })).stock, 0);
  const changed = ok(
    await w.admin.updateBook(book.id, {
      stock: 12,
      priceCents: 99_900,
      preorder: true,
      preorderDate: "2026-12-01",
      preorderedStock: 40,
    }),
  );
  assert.deepEqual(
    [changed.stock, changed.priceCents, changed.preorder, changed.preorderDate],
    [12, 99_900, true, "2026-12-01"],
  );
  assert.equal(changed.preorderedStock, 40);
  const kept = ok(await w.admin.updateBook(book.id, { priceCents: 100 }));
  assert.deepEqual([kept.stock, kept.preorderDate], [12, "2026-12-01"]);
  assert.equal(ok(await w.admin.updateBook(book.id, { preorderDate: null })).preorderDate, null);
});

contract("updateBook() changes listing fields and keeps the ones it does not name", async (w) => {
  const history = ok(await w.admin.createCategory("History")).id;
  const book = ok(await w.admin.createBook(aBook(w.novels)));
  const changed = ok(
    await w.admin.updateBook(book.id, {
      title: "Gamperaliya",
      categoryId: history,
      description: "  ",
      edition: "1st",
    }),
  );
  assert.deepEqual(changed, {
    ...book,
    title: "Gamperaliya",
    categoryId: history,
    categoryName: "History",
    description: null,
    edition: "1st",
  });
  assert.deepEqual(await w.catalogue.findBook(book.id), changed);
});

contract("updateBook() refuses stock out of range, a taken ISBN-13 and unknown ids", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels, { stock: 2 })));
  const other = ok(await w.admin.createBook(aBook(w.novels)));
  assert.deepEqual(await w.admin.updateBook(book.id, { addStock: -3 }), {
    kind: "negative_stock",
  });
  assert.equal((await w.admin.updateBook(book.id, { stock: 1_000_001 })).kind, "stock_above_limit");
  assert.deepEqual(await w.admin.updateBook(book.id, { isbn13: other.isbn13 }), {
    kind: "duplicate",
    field: "isbn13",
  });
  assert.deepEqual(await w.admin.updateBook(book.id, { categoryId: w.novels + 99 }), {
    kind: "unknown_category",
  });
  assert.deepEqual(await w.admin.updateBook(book.id + 1000, { stock: 1 }), { kind: "not_found" });
  assert.equal((await w.catalogue.findBook(book.id))?.stock, 2);
});

contract("deleteBook() erases an unordered book and archives an ordered one", async (w) => {
  const images = ["/uploads/a.png", "/uploads/b.png"];
  const unordered = ok(await w.admin.createBook(aBook(w.novels, { images })));
  const ordered = ok(await w.admin.createBook(aBook(w.novels)));
  await w.order(ordered, "book");
  assert.deepEqual(await w.admin.deleteBook(unordered.id), {
    kind: "deleted",
    images: unordered.images,
  });
  assert.equal((await w.admin.deleteBook(ordered.id)).kind, "archived");
  assert.equal((await w.admin.deleteBook(ordered.id)).kind, "not_found");
  assert.equal(await w.catalogue.findBook(ordered.id), undefined);
  assert.equal((await w.catalogue.listBooks(ALL, FIRST_PAGE)).total, 0);
  assert.deepEqual(await w.admin.updateBook(ordered.id, { stock: 1 }), { kind: "not_found" });
  // The archived book's ISBN-13 may be listed again.
  assert.equal((await w.admin.createBook(aBook(w.novels, { isbn13: ordered.isbn13 }))).kind, "ok");
});

contract("stationery is created, filtered, updated and deleted like books", async (w) => {
  assert.deepEqual(await w.admin.createStationery(aStationeryItem(w.pens + 99)), {
    kind: "unknown_category",
  });
  const pen = ok(await w.admin.createStationery(aStationeryItem(w.pens, { title: "Atlas Pen" })));
  const ruler = ok(
    await w.admin.createStationery(aStationeryItem(w.pens, { title: "Ruler", stock: 0 })),
  );
  assert.deepEqual(await w.catalogue.findStationery(pen.id), pen);
  assert.equal(pen.categoryName, "Pens");
  const page = await w.catalogue.listStationery({ ...ALL, q: "PEN" }, FIRST_PAGE);
  assert.deepEqual([page.items, page.total], [[pen], 1]);
  assert.deepEqual(
    (await w.catalogue.listStationery({ inStock: false, outOfStock: true }, FIRST_PAGE)).items,
    [ruler],
  );
  assert.equal(ok(await w.admin.updateStationery(pen.id, { addStock: 5 })).stock, 25);
  assert.deepEqual(await w.admin.updateStationery(pen.id, { stock: -1 }), {
    kind: "negative_stock",
  });
  assert.equal(ok(await w.admin.updateStationery(pen.id, { title: "Pen" })).title, "Pen");
  assert.deepEqual(await w.admin.deleteStationery(ruler.id), {
    kind: "deleted",
    images: [ruler.image],
  });
  assert.equal(await w.catalogue.findStationery(ruler.id), undefined);
  assert.equal((await w.admin.deleteStationery(ruler.id)).kind, "not_found");
  await w.order(pen, "stationery");
  assert.equal((await w.admin.deleteStationery(pen.id)).kind, "archived");
  assert.equal(await w.catalogue.findStationery(pen.id), undefined);
});

// Categories

contract("category names are unique ignoring case, per kind, and listed in id order", async (w) => {
  assert.deepEqual(await w.admin.createCategory("NOVELS"), { kind: "duplicate", field: "name" });
  const history = ok(await w.admin.createCategory("History"));
  assert.deepEqual(await w.catalogue.listCategories(), [
    { id: w.novels, name: "Novels", names: {} },
    history,
  ]);
  const novelsToo = ok(await w.admin.createStationeryCategory("Novels"));
  assert.deepEqual(await w.catalogue.listStationeryCategories(), [
    { id: w.pens, name: "Pens", names: {} },
    novelsToo,
  ]);
  assert.deepEqual(await w.admin.createStationeryCategory("pens"), {
    kind: "duplicate",
    field: "name",
  });
});

contract("renameCategory() renames within its kind and the products show it", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels)));
  ok(await w.admin.createCategory("Poems"));
  assert.deepEqual(await w.admin.renameCategory("book", w.novels, "Fiction"), {
    kind: "ok",
    value: { id: w.novels, name: "Fiction", names: {} },
  });
  assert.equal((await w.catalogue.findBook(book.id))?.categoryName, "Fiction");
  assert.deepEqual(await w.admin.renameCategory("book", w.novels, "POEMS"), {
    kind: "duplicate",
    field: "name",
  });
  // A name of the other kind is free; a category's own name in other letters too.
  assert.equal((await w.admin.renameCategory("stationery", w.pens, "Poems")).kind, "ok");
  assert.equal((await w.admin.renameCategory("book", w.novels, "FICTION")).kind, "ok");
  assert.deepEqual(await w.admin.renameCategory("book", w.novels + 1000, "X"), {
    kind: "not_found",
  });
});

contract("deleteCategory() refuses a category products use, counting the archived", async (w) => {
  const kept = ok(await w.admin.createBook(aBook(w.novels)));
  const archived = ok(await w.admin.createBook(aBook(w.novels)));
  await w.order(archived, "book");
  assert.equal((await w.admin.deleteBook(archived.id)).kind, "archived");
  assert.deepEqual(await w.admin.deleteCategory("book", w.novels), {
    kind: "in_use",
    products: 2,
    archived: 1,
  });
  assert.equal((await w.admin.deleteBook(kept.id)).kind, "deleted");
  assert.deepEqual(await w.admin.deleteCategory("book", w.novels), {
    kind: "in_use",
    products: 1,
    archived: 1,
  });
  assert.deepEqual(await w.admin.deleteCategory("stationery", w.pens), { kind: "deleted" });
  assert.deepEqual(await w.catalogue.listStationeryCategories(), []);
  assert.deepEqual(await w.admin.deleteCategory("stationery", w.pens), { kind: "not_found" });
});

// Images

contract("changeBookImages() adds, arranges and replaces, naming what left", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels, { images: ["/uploads/a.png"] })));
  const added = await w.admin.changeBookImages(book.id, {
    kind: "add",
    images: ["/uploads/b.png", "/uploads/c.png"],
  });
  assert.equal(added.kind, "ok");
  assert.deepEqual(added.kind === "ok" && [added.value.images, added.removed], [
    ["/uploads/a.png", "/uploads/b.png", "/uploads/c.png"],
    [],
  ]);
  const arranged = await w.admin.changeBookImages(book.id, {
    kind: "arrange",
    images: ["/uploads/c.png", "/uploads/a.png"],
  });
  assert.deepEqual(arranged.kind === "ok" && [arranged.value.images, arranged.removed], [
    ["/uploads/c.png", "/uploads/a.png"],
    ["/uploads/b.png"],
  ]);
  const replaced = await w.admin.changeBookImages(book.id, {
    kind: "replace",
    old: "/uploads/a.png",
    image: "/uploads/d.png",
  });
  assert.deepEqual(replaced.kind === "ok" && [replaced.value.images, replaced.removed], [
    ["/uploads/c.png", "/uploads/d.png"],
    ["/uploads/a.png"],
  ]);
  assert.deepEqual((await w.catalogue.findBook(book.id))?.images, [
    "/uploads/c.png",
    "/uploads/d.png",
  ]);
});

contract("changeBookImages() refuses unknown images, none left, and unknown books", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels, { images: ["/uploads/a.png"] })));
  assert.deepEqual(
    await w.admin.changeBookImages(book.id, {
      kind: "replace",
      old: "/uploads/x.png",
      image: "/uploads/d.png",
    }),
    { kind: "unknown_image", image: "/uploads/x.png" },
  );
  assert.deepEqual(await w.admin.changeBookImages(book.id, { kind: "arrange", images: [] }), {
    kind: "no_images",
  });
  const many = Array.from({ length: 10 }, (_, i) => `/uploads/n${i}.png`);
  assert.equal(
    (await w.admin.changeBookImages(book.id, { kind: "add", images: many })).kind,
    "too_many_images",
  );
  assert.deepEqual(
    await w.admin.changeBookImages(book.id + 1000, { kind: "add", images: ["/uploads/b.png"] }),
    { kind: "not_found" },
  );
  assert.deepEqual((await w.catalogue.findBook(book.id))?.images, ["/uploads/a.png"]);
});

contract("replaceStationeryImage() names the image it replaced", async (w) => {
  const pen = ok(await w.admin.createStationery(aStationeryItem(w.pens, { image: "/uploads/p" })));
  const replaced = await w.admin.replaceStationeryImage(pen.id, "/uploads/q");
  assert.deepEqual(replaced, {
    kind: "ok",
    value: { ...pen, image: "/uploads/q" },
    removed: ["/uploads/p"],
  });
  assert.deepEqual(await w.admin.replaceStationeryImage(pen.id + 1000, "/uploads/r"), {
    kind: "not_found",
  });
});

contract("imagesInUse() names the images a product lists, archived ones too", async (w) => {
  const archived = ok(await w.admin.createBook(aBook(w.novels, { images: ["/uploads/a.png"] })));
  await w.order(archived, "book");
  await w.admin.deleteBook(archived.id);
  ok(await w.admin.createStationery(aStationeryItem(w.pens, { image: "/uploads/p.png" })));
  const used = await w.admin.imagesInUse(["/uploads/a.png", "/uploads/p.png", "/uploads/z.png"]);
  assert.deepEqual(used.sort(), ["/uploads/a.png", "/uploads/p.png"]);
  assert.deepEqual(await w.admin.imagesInUse([]), []);
});

// The archive

contract("archived products are listed newest first, searched and restored", async (w) => {
  const first = ok(await w.admin.createBook(aBook(w.novels, { title: "Viragaya" })));
  const second = ok(await w.admin.createBook(aBook(w.novels, { title: "Gamperaliya" })));
  const pen = ok(await w.admin.createStationery(aStationeryItem(w.pens, { title: "Atlas Pen" })));
  for (const book of [first, second]) await w.order(book, "book");
  await w.order(pen, "stationery");
  const ordered = {
    first: (await w.catalogue.findBook(first.id))!,
    pen: (await w.catalogue.findStationery(pen.id))!,
  };
  assert.deepEqual([ordered.first.stock, ordered.pen.stock], [first.stock - 1, pen.stock - 1]);
  for (const book of [first, second]) {
    assert.equal((await w.admin.deleteBook(book.id)).kind, "archived");
  }
  assert.equal((await w.admin.deleteStationery(pen.id)).kind, "archived");
  const listed = await w.admin.listArchivedBooks(FIRST_PAGE);
  assert.deepEqual(listed.items.map((b) => b.id), [second.id, first.id]);
  assert.equal(listed.total, 2);
  assert.deepEqual(
    (await w.admin.listArchivedBooks(FIRST_PAGE, "viraga")).items.map((b) => b.id),
    [first.id],
  );
  assert.deepEqual((await w.admin.listArchivedStationery(FIRST_PAGE, "pen")).items, [ordered.pen]);
  assert.deepEqual(await w.admin.restoreBook(first.id), { kind: "ok", value: ordered.first });
  assert.deepEqual(await w.catalogue.findBook(first.id), ordered.first);
  assert.deepEqual(await w.admin.restoreBook(first.id), { kind: "not_found" });
  assert.equal((await w.admin.restoreStationery(pen.id)).kind, "ok");
  assert.equal((await w.catalogue.findStationery(pen.id))?.title, "Atlas Pen");
});

contract("restoreBook() refuses a book whose ISBN-13 was listed again", async (w) => {
  const book = ok(await w.admin.createBook(aBook(w.novels)));
  await w.order(book, "book");
  await w.admin.deleteBook(book.id);
  ok(await w.admin.createBook(aBook(w.novels, { isbn13: book.isbn13 })));
  assert.deepEqual(await w.admin.restoreBook(book.id), { kind: "duplicate", field: "isbn13" });
});

// Imports

contract("findBooksByIsbn() finds the books on sale with these ISBN-13s", async (w) => {
  const a = ok(await w.admin.createBook(aBook(w.novels)));
  const gone = ok(await w.admin.createBook(aBook(w.novels)));
  await w.order(gone, "book");
  await w.admin.deleteBook(gone.id);
  assert.deepEqual(await w.admin.findBooksByIsbn([a.isbn13, gone.isbn13, "9780000000000"]), [a]);
  assert.deepEqual(await w.admin.findBooksByIsbn([]), []);
});

contract("importBooks() creates and updates whole records", async (w) => {
  const existing = ok(await w.admin.createBook(aBook(w.novels)));
  const { id: _id, categoryName: _c, ...record } = existing;
  const outcome = await w.admin.importBooks({
    create: [aBook(w.novels, { title: "New", description: "" })],
    update: [{ id: existing.id, book: { ...record, title: "Changed", stock: 9 } }],
  });
  assert.deepEqual(outcome, { kind: "ok", created: 1, updated: 1 });
  const books = (await w.catalogue.listBooks(ALL, FIRST_PAGE)).items;
  assert.deepEqual(books.map((b) => [b.title, b.stock, b.description]), [
    ["Changed", 9, existing.description],
    ["New", 5, null],
  ]);
});

contract("importBooks() writes nothing when anything changed meanwhile", async (w) => {
  const existing = ok(await w.admin.createBook(aBook(w.novels)));
  const { id: _id, categoryName: _c, ...record } = existing;
  const taken = ok(await w.admin.createBook(aBook(w.novels)));
  const gone = ok(await w.admin.createBook(aBook(w.novels)));
  await w.order(gone, "book");
  await w.admin.deleteBook(gone.id);
  const change = { id: existing.id, book: { ...record, title: "Changed" } };
  const before = await w.catalogue.listBooks(ALL, FIRST_PAGE);
  for (
    const plan of [
      { create: [aBook(w.novels + 99)], update: [change] },
      { create: [aBook(w.novels, { isbn13: taken.isbn13 })], update: [change] },
      { create: [aBook(w.novels)], update: [change, { id: gone.id, book: { ...record } }] },
    ]
  ) {
    assert.equal((await w.admin.importBooks(plan)).kind, "conflict", JSON.stringify(plan));
  }
  assert.deepEqual(await w.catalogue.listBooks(ALL, FIRST_PAGE), before);
});

contract("importStationery() creates and updates, all or nothing", async (w) => {
  const pen = ok(await w.admin.createStationery(aStationeryItem(w.pens)));
  const { id: _id, categoryName: _c, ...record } = pen;
  assert.deepEqual(
    await w.admin.importStationery({
      create: [aStationeryItem(w.pens, { title: "Ruler" })],
      update: [{ id: pen.id, item: { ...record, stock: 3 } }],
    }),
    { kind: "ok", created: 1, updated: 1 },
  );
  const listed = async () =>
    (await w.catalogue.listStationery(ALL, FIRST_PAGE)).items.map((s) => [s.title, s.stock]);
  assert.deepEqual(await listed(), [["Atlas exercise book", 3], ["Ruler", 20]]);
  for (
    const plan of [
      { create: [aStationeryItem(w.pens + 99)], update: [] },
      { create: [aStationeryItem(w.pens)], update: [{ id: pen.id + 1000, item: record }] },
    ]
  ) {
    assert.equal((await w.admin.importStationery(plan)).kind, "conflict", JSON.stringify(plan));
  }
  assert.deepEqual(await listed(), [["Atlas exercise book", 3], ["Ruler", 20]]);
});

contract(
  "a category keeps the Sinhala and Tamil names it was given; a rename without names keeps them",
  async (w) => {
    const poems = ok(await w.admin.createCategory("Poems", { si: "කාව්‍ය" }));
    assert.deepEqual(poems.names, { si: "කාව්‍ය" });
    const renamed = ok(await w.admin.renameCategory("book", poems.id, "Poetry"));
    assert.deepEqual([renamed.name, renamed.names], ["Poetry", { si: "කාව්‍ය" }]);
    const tamil = ok(await w.admin.renameCategory("book", poems.id, "Poetry", { ta: "கவிதை" }));
    assert.deepEqual(tamil.names, { ta: "கவிதை" });
    const listed = (await w.catalogue.listCategories()).find((c) => c.id === poems.id);
    assert.deepEqual(listed, { id: poems.id, name: "Poetry", names: { ta: "கவிதை" } });
    const pens = (await w.catalogue.listStationeryCategories())[0];
    assert.deepEqual(pens.names, {});
  },
);
