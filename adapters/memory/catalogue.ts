/**
 * The catalogue in memory: the storefront reads and the admin writes over one store,
 * with the database's rules (unique names and ISBN-13, known categories, stock never
 * below zero, archiving what orders refer to). For fast in-process tests and demos.
 */
import { saleChangeProblems } from "../../domain/catalogue/sale_price.ts";
import { nextStock } from "../../domain/catalogue/stock.ts";
import { type AlertProduct, orderable } from "../../domain/stock_alerts/rules.ts";
import type {
  BookImportOutcome,
  BookImportWrite,
  Catalogue,
  CatalogueAdmin,
  CategoryDeleteResult,
  DeleteResult,
  ImageWriteResult,
  StationeryImportWrite,
  WriteResult,
} from "../../domain/ports.ts";
import type {
  Book,
  BookChanges,
  BookFilter,
  CatalogueSort,
  Category,
  CategoryNames,
  ImageChange,
  NewBook,
  NewStationeryItem,
  Page,
  PageRequest,
  ProductKind,
  StationeryChanges,
  StationeryFilter,
  StationeryItem,
  StationerySort,
} from "../../domain/catalogue/model.ts";
import {
  type FilteredKinds,
  matchesFilter,
  SEARCH_FIELDS,
  searchesBeyondTitle,
} from "../../domain/catalogue/filter.ts";
import { completeRecord } from "../../domain/records/fields.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import { paginate } from "../../domain/catalogue/pagination.ts";
import { listingTotal, SEARCH_COUNT_STEP } from "../../domain/catalogue/search_count.ts";
import { sortProducts } from "../../domain/catalogue/sorting.ts";
import { applyImageChange } from "../../domain/catalogue/images.ts";
import { closestTexts, holdsTerm, searchTerm } from "../../domain/catalogue/search.ts";
import {
  adjustedStock,
  type AdjustmentResult,
  type NewStockAdjustment,
  type StockAdjustment,
} from "../../domain/catalogue/stock_adjustment.ts";
import { type AuditRows, storedNames } from "./audit_trail.ts";

type StoredBook = Omit<Book, "categoryName"> & { archived: boolean };
type StoredStationery = Omit<StationeryItem, "categoryName"> & { archived: boolean };

/** A category as the database gives it: its names always there, none shared. */
function categoryCopy(category: Category): Category {
  return { id: category.id, name: category.name, names: { ...category.names } };
}

function byId(a: Category, b: Category): number {
  return a.id - b.id;
}

/** A description of blanks is stored as none, as the database stores it. */
function storedDescription(description: string | null): string | null {
  return description?.trim() ? description : null;
}

/** A new book as stored: the fields it left out at their defaults (BOOK_FIELDS). */
function storedBook(id: number, book: NewBook): StoredBook {
  const complete = completeRecord(BOOK_FIELDS, book);
  return {
    ...complete,
    description: storedDescription(complete.description),
    images: [...complete.images],
    id,
    archived: false,
  };
}

function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** Applies stock changes; undefined when the stock would go below zero. */

export class MemoryCatalogue implements Catalogue, CatalogueAdmin {
  readonly books = new Map<number, StoredBook>();
  readonly stationery = new Map<number, StoredStationery>();
  readonly categories: Category[] = [];
  readonly stationeryCategories: Category[] = [];
  /** Items some order refers to: deleting them archives instead. */
  readonly ordered = new Set<string>();
  /** The stock adjustments, oldest first. */
  readonly adjustments: StockAdjustment[] = [];
  #nextId = 1;
  /** Told of each product a write brought back (`backInStock`): the stock alerts' claim. */
  readonly #backInStock: ((product: AlertProduct) => void)[] = [];
  /** The step of a search's count bound (domain/catalogue/search_count.ts). */
  readonly #countStep: number;

  constructor(options: { searchCountStep?: number } = {}) {
    this.#countStep = options.searchCountStep ?? SEARCH_COUNT_STEP;
  }

  /** Listens for products that become orderable again, whatever write brings them back. */
  onBackInStock(listener: (product: AlertProduct) => void): void {
    this.#backInStock.push(listener);
  }

  /**
   * Runs a write that may change stock or archive a product, then tells the listeners of
   * each product it brought back, as migration 0035's triggers do in the write's
   * transaction. Every stock write of this catalogue and of the orders over it runs here.
   */
  changingStock<T>(write: () => T): T {
    if (this.#backInStock.length === 0) return write();
    const before = this.#orderableKeys();
    const result = write();
    for (const key of this.#orderableKeys()) {
      if (before.has(key)) continue;
      const [kind, id] = key.split(":");
      for (const listener of this.#backInStock) {
        listener({ kind: kind as ProductKind, id: Number(id) });
      }
    }
    return result;
  }

  #orderableKeys(): Set<string> {
    const keys = new Set<string>();
    for (const book of this.books.values()) if (orderable(book)) keys.add(`book:${book.id}`);
    for (const item of this.stationery.values()) {
      if (orderable(item)) keys.add(`stationery:${item.id}`);
    }
    return keys;
  }

  /** The products and categories by stored names, for the audit trail. */
  auditRows(): AuditRows {
    const byId = <T extends { id: number }>(records: Iterable<T>) =>
      new Map([...records].map((r) => [r.id, storedNames(r)]));
    // A category's other names are two columns in the database, as the trail reads them.
    const categoryRows = (
      categories: Iterable<Category>,
    ) =>
      [...categories].map(({ names, ...category }) => ({
        ...category,
        nameSi: names?.si ?? null,
        nameTa: names?.ta ?? null,
      }));
    return {
      book: byId(this.books.values()),
      stationery: byId(this.stationery.values()),
      book_category: byId(categoryRows(this.categories)),
      stationery_category: byId(categoryRows(this.stationeryCategories)),
    };
  }

  // Storefront reads

  listBooks(filter: BookFilter, page: PageRequest, sort?: CatalogueSort): Promise<Page<Book>> {
    return Promise.resolve(this.#list("book", this.#liveBooks(), filter, page, sort));
  }

  findBook(id: number): Promise<Book | undefined> {
    const stored = this.books.get(id);
    return Promise.resolve(stored && !stored.archived ? this.#book(stored) : undefined);
  }

  listAuthors(): Promise<string[]> {
    const authors = new Set(this.#liveBooks().map((b) => b.author));
    return Promise.resolve([...authors].sort((a, b) => a.localeCompare(b)));
  }

  listStationery(
    filter: StationeryFilter,
    page: PageRequest,
    sort?: StationerySort,
  ): Promise<Page<StationeryItem>> {
    return Promise.resolve(this.#list("stationery", this.#liveStationery(), filter, page, sort));
  }

  findStationery(id: number): Promise<StationeryItem | undefined> {
    const stored = this.stationery.get(id);
    return Promise.resolve(stored && !stored.archived ? this.#item(stored) : undefined);
  }

  listCategories(): Promise<Category[]> {
    return Promise.resolve([...this.categories].sort(byId).map(categoryCopy));
  }

  listStationeryCategories(): Promise<Category[]> {
    return Promise.resolve([...this.stationeryCategories].sort(byId).map(categoryCopy));
  }

  listIds(kind: ProductKind, page: PageRequest): Promise<Page<number>> {
    const live = kind === "book" ? this.#liveBooks() : this.#liveStationery();
    return Promise.resolve(paginate(live.map((p) => p.id).sort((a, b) => a - b), page));
  }

  suggest(kind: ProductKind, q: string, limit: number): Promise<string[]> {
    const live: Record<string, unknown>[] = kind === "book"
      ? this.#liveBooks()
      : this.#liveStationery();
    // A book's title and author are compared by sound too, as a search crosses scripts by them.
    const texts = live.flatMap((product) =>
      SEARCH_FIELDS[kind].texts.flatMap((text) =>
        typeof product[text] === "string"
          ? [{
            text: product[text] as string,
            bySound: kind === "book" && (text === "title" || text === "author"),
          }]
          : []
      )
    );
    return Promise.resolve(closestTexts(q, texts, limit));
  }

  // Admin writes

  adjustStock(adjustment: NewStockAdjustment): Promise<AdjustmentResult> {
    const products: Map<number, { stock: number; archived: boolean }> = adjustment.kind === "book"
      ? this.books
      : this.stationery;
    const stored = products.get(adjustment.productId);
    if (!stored || stored.archived) return Promise.resolve({ kind: "not_found" });
    const next = adjustedStock(stored.stock, adjustment.quantity);
    if (next.kind !== "ok") return Promise.resolve(next);
    const recorded: StockAdjustment = {
      ...adjustment,
      actor: { ...adjustment.actor },
      id: this.adjustments.length + 1,
      stockBefore: stored.stock,
      stockAfter: next.stock,
    };
    stored.stock = next.stock;
    this.adjustments.push(recorded);
    return Promise.resolve({ kind: "ok", adjustment: recorded });
  }

  stockAdjustments(
    product: { kind: ProductKind; id: number },
    limit: number,
  ): Promise<StockAdjustment[]> {
    const found = this.adjustments
      .filter((a) => a.kind === product.kind && a.productId === product.id)
      .reverse().slice(0, limit);
    return Promise.resolve(found);
  }

  createBook(book: NewBook): Promise<WriteResult<Book>> {
    if (!this.categories.some((c) => c.id === book.categoryId)) {
      return Promise.resolve({ kind: "unknown_category" });
    }
    if (this.#isbnTaken(book.isbn13)) {
      return Promise.resolve({ kind: "duplicate", field: "isbn13" });
    }
    const stored = storedBook(this.#nextId++, book);
    this.books.set(stored.id, stored);
    return Promise.resolve({ kind: "ok", value: this.#book(stored) });
  }

  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>> {
    const stored = this.books.get(id);
    if (!stored || stored.archived) return Promise.resolve({ kind: "not_found" });
    if (
      changes.categoryId !== undefined && !this.categories.some((c) => c.id === changes.categoryId)
    ) {
      return Promise.resolve({ kind: "unknown_category" });
    }
    if (
      changes.isbn13 !== undefined &&
      [...this.books.values()].some((b) =>
        b.id !== id && !b.archived && b.isbn13 === changes.isbn13
      )
    ) {
      return Promise.resolve({ kind: "duplicate", field: "isbn13" });
    }
    // The database's sale checks (0030): a change checked against the product as it was
    // before another edit may no longer hold.
    if (saleChangeProblems(stored, changes).length > 0) {
      return Promise.resolve({ kind: "changed_meanwhile" });
    }
    const next = nextStock(stored.stock, changes);
    if (next.kind !== "ok") return Promise.resolve(next);
    stored.stock = next.stock;
    stored.priceCents = changes.priceCents ?? stored.priceCents;
    stored.preorder = changes.preorder ?? stored.preorder;
    if (changes.preorderDate !== undefined) stored.preorderDate = changes.preorderDate;
    stored.preorderedStock = changes.preorderedStock ?? stored.preorderedStock;
    const { stock: _s, addStock: _a, priceCents: _p, preorder: _o, preorderDate: _d, ...rest } =
      changes;
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) (stored as unknown as Record<string, unknown>)[key] = value;
    }
    if (changes.description !== undefined) {
      stored.description = storedDescription(changes.description);
    }
    return Promise.resolve({ kind: "ok", value: this.#book(stored) });
  }

  deleteBook(id: number): Promise<DeleteResult> {
    return Promise.resolve(
      this.#delete(this.books, { type: "book", id, imagesOf: (b) => [...b.images] }),
    );
  }

  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>> {
    if (!this.stationeryCategories.some((c) => c.id === item.categoryId)) {
      return Promise.resolve({ kind: "unknown_category" });
    }
    const stored: StoredStationery = {
      ...completeRecord(STATIONERY_FIELDS, item),
      id: this.#nextId++,
      archived: false,
    };
    this.stationery.set(stored.id, stored);
    return Promise.resolve({ kind: "ok", value: this.#item(stored) });
  }

  updateStationery(id: number, changes: StationeryChanges): Promise<WriteResult<StationeryItem>> {
    const stored = this.stationery.get(id);
    if (!stored || stored.archived) return Promise.resolve({ kind: "not_found" });
    if (
      changes.categoryId !== undefined &&
      !this.stationeryCategories.some((c) => c.id === changes.categoryId)
    ) {
      return Promise.resolve({ kind: "unknown_category" });
    }
    // The database's sale checks (0030): a change checked against the product as it was
    // before another edit may no longer hold.
    if (saleChangeProblems(stored, changes).length > 0) {
      return Promise.resolve({ kind: "changed_meanwhile" });
    }
    const next = nextStock(stored.stock, changes);
    if (next.kind !== "ok") return Promise.resolve(next);
    stored.stock = next.stock;
    stored.priceCents = changes.priceCents ?? stored.priceCents;
    stored.title = changes.title ?? stored.title;
    stored.weightGrams = changes.weightGrams ?? stored.weightGrams;
    stored.categoryId = changes.categoryId ?? stored.categoryId;
    // A nullable field is changed only when the change names it: null is a value.
    if (changes.salePriceCents !== undefined) stored.salePriceCents = changes.salePriceCents;
    if (changes.saleStarts !== undefined) stored.saleStarts = changes.saleStarts;
    if (changes.saleEnds !== undefined) stored.saleEnds = changes.saleEnds;
    return Promise.resolve({ kind: "ok", value: this.#item(stored) });
  }

  deleteStationery(id: number): Promise<DeleteResult> {
    return Promise.resolve(
      this.#delete(this.stationery, { type: "stationery", id, imagesOf: (s) => [s.image] }),
    );
  }

  createCategory(name: string, names: CategoryNames = {}): Promise<WriteResult<Category>> {
    return Promise.resolve(this.#createCategory(this.categories, name, names));
  }

  createStationeryCategory(
    name: string,
    names: CategoryNames = {},
  ): Promise<WriteResult<Category>> {
    return Promise.resolve(this.#createCategory(this.stationeryCategories, name, names));
  }

  renameCategory(
    kind: ProductKind,
    id: number,
    name: string,
    names?: CategoryNames,
  ): Promise<WriteResult<Category>> {
    const list = kind === "book" ? this.categories : this.stationeryCategories;
    const category = list.find((c) => c.id === id);
    if (!category) return Promise.resolve({ kind: "not_found" });
    if (list.some((c) => c.id !== id && sameName(c.name, name))) {
      return Promise.resolve({ kind: "duplicate", field: "name" });
    }
    category.name = name;
    if (names !== undefined) category.names = { ...names };
    return Promise.resolve({ kind: "ok", value: categoryCopy(category) });
  }

  deleteCategory(kind: ProductKind, id: number): Promise<CategoryDeleteResult> {
    const list = kind === "book" ? this.categories : this.stationeryCategories;
    const index = list.findIndex((c) => c.id === id);
    if (index < 0) return Promise.resolve({ kind: "not_found" });
    const products: { categoryId: number; archived: boolean }[] = kind === "book"
      ? [...this.books.values()]
      : [...this.stationery.values()];
    const using = products.filter((p) => p.categoryId === id);
    if (using.length > 0) {
      const archived = using.filter((p) => p.archived).length;
      return Promise.resolve({ kind: "in_use", products: using.length, archived });
    }
    list.splice(index, 1);
    return Promise.resolve({ kind: "deleted" });
  }

  changeBookImages(id: number, change: ImageChange): Promise<ImageWriteResult<Book>> {
    const stored = this.books.get(id);
    if (!stored || stored.archived) return Promise.resolve({ kind: "not_found" });
    const outcome = applyImageChange(stored.images, change);
    if (outcome.kind !== "ok") return Promise.resolve(outcome);
    stored.images = outcome.images;
    return Promise.resolve({ kind: "ok", value: this.#book(stored), removed: outcome.removed });
  }

  replaceStationeryImage(id: number, image: string): Promise<ImageWriteResult<StationeryItem>> {
    const stored = this.stationery.get(id);
    if (!stored || stored.archived) return Promise.resolve({ kind: "not_found" });
    const removed = stored.image === image ? [] : [stored.image];
    stored.image = image;
    return Promise.resolve({ kind: "ok", value: this.#item(stored), removed });
  }

  imagesInUse(images: string[]): Promise<string[]> {
    const used = new Set([
      ...[...this.books.values()].flatMap((b) => b.images),
      ...[...this.stationery.values()].map((s) => s.image),
    ]);
    return Promise.resolve([...new Set(images)].filter((i) => used.has(i)));
  }

  listArchivedBooks(page: PageRequest, q?: string): Promise<Page<Book>> {
    const archived = [...this.books.values()].filter((b) => b.archived).map((b) => this.#book(b));
    return Promise.resolve(this.#archive("book", archived, page, q));
  }

  listArchivedStationery(page: PageRequest, q?: string): Promise<Page<StationeryItem>> {
    const archived = [...this.stationery.values()].filter((s) => s.archived)
      .map((s) => this.#item(s));
    return Promise.resolve(this.#archive("stationery", archived, page, q));
  }

  restoreBook(id: number): Promise<WriteResult<Book>> {
    const stored = this.books.get(id);
    if (!stored || !stored.archived) return Promise.resolve({ kind: "not_found" });
    if ([...this.books.values()].some((b) => !b.archived && b.isbn13 === stored.isbn13)) {
      return Promise.resolve({ kind: "duplicate", field: "isbn13" });
    }
    stored.archived = false;
    return Promise.resolve({ kind: "ok", value: this.#book(stored) });
  }

  restoreStationery(id: number): Promise<WriteResult<StationeryItem>> {
    const stored = this.stationery.get(id);
    if (!stored || !stored.archived) return Promise.resolve({ kind: "not_found" });
    stored.archived = false;
    return Promise.resolve({ kind: "ok", value: this.#item(stored) });
  }

  findBooksByIsbn(isbns: string[]): Promise<Book[]> {
    return Promise.resolve(this.#liveBooks().filter((b) => isbns.includes(b.isbn13)));
  }

  importBooks(plan: BookImportWrite): Promise<BookImportOutcome> {
    const books = [...plan.create, ...plan.update.map((u) => u.book)];
    const conflict = this.#unknownCategory(this.categories, books)
      ? "A category was deleted meanwhile"
      : plan.update.some(({ id, book }) =>
          this.books.get(id)?.isbn13 !== book.isbn13 ||
          this.books.get(id)!.archived
        )
      ? "A book was changed or deleted meanwhile"
      : plan.create.some((b) => this.#isbnTaken(b.isbn13))
      ? "A book with one of these ISBN-13s was added meanwhile"
      : undefined;
    if (conflict) return Promise.resolve({ kind: "conflict", message: conflict });
    const store = (id: number, book: NewBook) => this.books.set(id, storedBook(id, book));
    for (const { id, book } of plan.update) store(id, book);
    for (const book of plan.create) store(this.#nextId++, book);
    return Promise.resolve({
      kind: "ok",
      created: plan.create.length,
      updated: plan.update.length,
    });
  }

  importStationery(plan: StationeryImportWrite): Promise<BookImportOutcome> {
    const items = [...plan.create, ...plan.update.map((u) => u.item)];
    const conflict = this.#unknownCategory(this.stationeryCategories, items)
      ? "A category was deleted meanwhile"
      : plan.update.some(({ id }) => !this.stationery.get(id) || this.stationery.get(id)!.archived)
      ? "A stationery item was deleted meanwhile"
      : undefined;
    if (conflict) return Promise.resolve({ kind: "conflict", message: conflict });
    for (const { id, item } of plan.update) {
      this.stationery.set(id, { ...completeRecord(STATIONERY_FIELDS, item), id, archived: false });
    }
    for (const item of plan.create) {
      const id = this.#nextId++;
      this.stationery.set(id, { ...completeRecord(STATIONERY_FIELDS, item), id, archived: false });
    }
    return Promise.resolve({
      kind: "ok",
      created: plan.create.length,
      updated: plan.update.length,
    });
  }

  /**
   * One kind's listing, filtered, sorted and paged. A search without a sort of its own,
   * in a kind searched by more than titles, lists the products whose title holds the term
   * first, each group in the sort's order.
   */
  #list<K extends ProductKind>(
    kind: K,
    live: FilteredKinds[K]["product"][],
    filter: FilteredKinds[K]["filter"],
    page: PageRequest,
    sort?: CatalogueSort,
  ): Page<FilteredKinds[K]["product"]> {
    const all = sortProducts(live.filter((p) => matchesFilter(kind, p, filter)), sort);
    if (searchTerm(filter.q) === "") return paginate(all, page);
    const ranked = sort !== undefined || !searchesBeyondTitle(kind) ? all : [
      ...all.filter((p) => holdsTerm(p.title, filter.q)),
      ...all.filter((p) => !holdsTerm(p.title, filter.q)),
    ];
    const { items } = paginate(ranked, page);
    return {
      items,
      page: page.page,
      pageSize: page.pageSize,
      ...listingTotal(ranked.length, page, { searching: true, step: this.#countStep }),
    };
  }

  /** One kind's archive, newest first, searched by the storefront's own rules. */
  #archive<K extends ProductKind>(
    kind: K,
    archived: FilteredKinds[K]["product"][],
    page: PageRequest,
    q: string | undefined,
  ): Page<FilteredKinds[K]["product"]> {
    const filter = { q, inStock: true, outOfStock: true };
    return paginate(archived.filter((p) => matchesFilter(kind, p, filter)).reverse(), page);
  }

  #isbnTaken(isbn13: string): boolean {
    return [...this.books.values()].some((b) => !b.archived && b.isbn13 === isbn13);
  }

  #unknownCategory(list: Category[], products: { categoryId: number }[]): boolean {
    return products.some((p) => !list.some((c) => c.id === p.categoryId));
  }

  #createCategory(list: Category[], name: string, names: CategoryNames): WriteResult<Category> {
    if (list.some((c) => sameName(c.name, name))) return { kind: "duplicate", field: "name" };
    const category = { id: this.#nextId++, name, names: { ...names } };
    list.push(category);
    return { kind: "ok", value: categoryCopy(category) };
  }

  #delete<T extends { archived: boolean }>(
    map: Map<number, T>,
    target: { type: "book" | "stationery"; id: number; imagesOf(stored: T): string[] },
  ): DeleteResult {
    const { type, id } = target;
    const stored = map.get(id);
    if (!stored || stored.archived) return { kind: "not_found" };
    if (this.ordered.has(`${type}:${id}`)) {
      stored.archived = true;
      return { kind: "archived" };
    }
    map.delete(id);
    return { kind: "deleted", images: target.imagesOf(stored) };
  }

  #liveBooks(): Book[] {
    return [...this.books.values()].filter((b) => !b.archived).map((b) => this.#book(b));
  }

  #liveStationery(): StationeryItem[] {
    return [...this.stationery.values()].filter((s) => !s.archived).map((s) => this.#item(s));
  }

  #book(stored: StoredBook): Book {
    const { archived: _archived, ...book } = stored;
    const categoryName = this.categories.find((c) => c.id === book.categoryId)?.name ?? "";
    return { ...book, images: [...book.images], categoryName };
  }

  #item(stored: StoredStationery): StationeryItem {
    const { archived: _archived, ...item } = stored;
    const categoryName = this.stationeryCategories.find((c) => c.id === item.categoryId)?.name ??
      "";
    return { ...item, categoryName };
  }
}

/** The writes that may bring a product back: each runs under `changingStock`. */
const STOCK_WRITES = [
  "adjustStock",
  "updateBook",
  "updateStationery",
  "restoreBook",
  "restoreStationery",
  "importBooks",
  "importStationery",
] as const satisfies readonly (keyof MemoryCatalogue)[];

for (const name of STOCK_WRITES) {
  const prototype = MemoryCatalogue.prototype as unknown as Record<
    string,
    (this: MemoryCatalogue, ...args: unknown[]) => unknown
  >;
  const write = prototype[name];
  prototype[name] = function (this: MemoryCatalogue, ...args: unknown[]) {
    return this.changingStock(() => write.apply(this, args));
  };
}
