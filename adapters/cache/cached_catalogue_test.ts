import assert from "node:assert/strict";
import { MemoryCatalogue } from "../memory/catalogue.ts";
import { MemoryOrderRepository } from "../memory/orders.ts";
import { aBook, aLine, aPlacement, reject } from "../postgres/testing/builders.ts";
import type { Catalogue } from "../../domain/ports.ts";
import type { Book } from "../../domain/catalogue/model.ts";
import {
  CachedCatalogue,
  CatalogueCache,
  type CatalogueCacheOptions,
  listingKey,
  SOLE_WRITER_CACHE,
} from "./cached_catalogue.ts";
import { InvalidatingCatalogueAdmin, InvalidatingOrderRepository } from "./invalidating.ts";

const ALL = { inStock: true, outOfStock: true };
const FIRST_PAGE = { page: 1, pageSize: 10 };

/** The memory catalogue, counting the reads that reach it. */
function counted(inner: MemoryCatalogue): { catalogue: Catalogue; reads: () => number } {
  let reads = 0;
  const catalogue = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        reads++;
        return value.apply(target, args);
      };
    },
  }) as Catalogue;
  return { catalogue, reads: () => reads };
}

async function shop(now = () => 0, options: CatalogueCacheOptions = {}) {
  const memory = new MemoryCatalogue();
  const category = await memory.createCategory("Novels");
  assert.equal(category.kind, "ok");
  const categoryId = (category as { value: { id: number } }).value.id;
  const created = await memory.createBook(aBook(categoryId, { title: "Gamperaliya", stock: 3 }));
  const book = (created as { kind: "ok"; value: Book }).value;
  const cache = new CatalogueCache({ ...options, now });
  const { catalogue: inner, reads } = counted(memory);
  return {
    memory,
    categoryId,
    book,
    cache,
    reads,
    catalogue: new CachedCatalogue(inner, cache),
    admin: new InvalidatingCatalogueAdmin(memory, cache),
    orders: new InvalidatingOrderRepository(new MemoryOrderRepository(memory), cache),
  };
}

Deno.test("listingKey() treats title terms the filter treats alike as one listing", () => {
  const key = (q: string | undefined) =>
    listingKey("books", { filter: { ...ALL, q }, page: FIRST_PAGE });
  assert.equal(key(" GAM "), key("gam"));
  assert.equal(key("   "), key(undefined));
  assert.notEqual(key("gam"), key("gamp"));
  assert.notEqual(
    listingKey("books", { filter: ALL, page: FIRST_PAGE }),
    listingKey("stationery", { filter: ALL, page: FIRST_PAGE }),
  );
  assert.notEqual(
    listingKey("books", { filter: ALL, page: FIRST_PAGE }),
    listingKey("books", { filter: ALL, page: FIRST_PAGE, sort: { by: "id", direction: "desc" } }),
  );
});

Deno.test("CachedCatalogue answers a repeated listing from memory within its time to live", async () => {
  const time = { now: 0 };
  const { catalogue, reads } = await shop(() => time.now);
  const first = await catalogue.listBooks(ALL, FIRST_PAGE);
  const again = await catalogue.listBooks({ ...ALL, q: "  " }, FIRST_PAGE);
  assert.deepEqual(again, first);
  assert.equal(reads(), 1);
  time.now = 2_000;
  await catalogue.listBooks(ALL, FIRST_PAGE);
  assert.equal(reads(), 2);
});

Deno.test("CachedCatalogue keeps authors and categories, and separate pages apart", async () => {
  const { catalogue, reads } = await shop();
  assert.deepEqual(await catalogue.listAuthors(), ["Martin Wickramasinghe"]);
  assert.deepEqual(await catalogue.listAuthors(), ["Martin Wickramasinghe"]);
  assert.equal((await catalogue.listCategories()).length, 1);
  await catalogue.listCategories();
  assert.equal(reads(), 2);
  const second = await catalogue.listBooks(ALL, { page: 2, pageSize: 10 });
  assert.equal(second.items.length, 0);
  assert.equal(second.total, 1);
  assert.equal(reads(), 3);
});

Deno.test("an admin change clears the cache: the next read shows it at once", async () => {
  const { catalogue, admin, book } = await shop();
  assert.equal((await catalogue.findBook(book.id))?.stock, 3);
  await admin.updateBook(book.id, { stock: 9 });
  assert.equal((await catalogue.findBook(book.id))?.stock, 9);
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).items[0].stock, 9);
  await admin.deleteBook(book.id);
  assert.equal(await catalogue.findBook(book.id), undefined);
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).total, 0);
});

Deno.test("a placed order clears the cache: listings show the stock it took", async () => {
  const { catalogue, orders, book } = await shop();
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).items[0].stock, 3);
  const placed = await orders.place(aPlacement([aLine(book, "book", 2)]));
  assert.equal(placed.kind, "placed");
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).items[0].stock, 1);
  const inStock = { inStock: true, outOfStock: false };
  assert.equal((await catalogue.listBooks(inStock, FIRST_PAGE)).total, 1);
  if (placed.kind !== "placed") return;
  await reject(orders, placed.order.id);
  assert.equal((await catalogue.findBook(book.id))?.stock, 3);
});

Deno.test("a companion cache lives as long as the pages and goes with them at a write", async () => {
  const time = { now: 0 };
  const { cache, admin, book } = await shop(() => time.now);
  const answers = cache.companion<string>();
  answers.set("GET /api/books", "page one");
  time.now = 1_999;
  assert.equal(answers.get("GET /api/books"), "page one");
  await admin.updateBook(book.id, { priceCents: 99_00 });
  assert.equal(answers.get("GET /api/books"), undefined);
  answers.set("GET /api/books", "page one again");
  time.now = 1_999 + 2_000;
  assert.equal(answers.get("GET /api/books"), undefined);
});

Deno.test("a search's head and a total go at a write, and after the totals' time", async () => {
  const time = { now: 0 };
  const { cache, admin, book } = await shop(() => time.now);
  const head = { ids: [book.id], total: 1 };
  cache.searchHeads.set("books|gar", head);
  cache.totals.set("books|gar", 1);
  await admin.updateBook(book.id, { title: "Kaliyugaya" });
  assert.deepEqual([cache.searchHeads.get("books|gar"), cache.totals.get("books|gar")], [
    undefined,
    undefined,
  ]);
  cache.searchHeads.set("books|gar", head);
  time.now = 4_999;
  assert.equal(cache.searchHeads.get("books|gar"), head);
  time.now = 5_000;
  assert.equal(cache.searchHeads.get("books|gar"), undefined);
});

Deno.test("where this process is the only writer, a listing and its page's answer stay until a write", async () => {
  const time = { now: 0 };
  const { catalogue, cache, admin, book, reads } = await shop(() => time.now, SOLE_WRITER_CACHE);
  const answers = cache.companion<string>();
  await catalogue.listBooks(ALL, FIRST_PAGE);
  answers.set("GET /", "the front page");
  time.now = 5 * 60_000;
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).items[0].stock, 3);
  assert.equal(answers.get("GET /"), "the front page");
  assert.equal(reads(), 1);
  await admin.updateBook(book.id, { stock: 9 });
  assert.equal(answers.get("GET /"), undefined);
  assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).items[0].stock, 9);
  time.now += 10 * 60_000;
  await catalogue.listBooks(ALL, FIRST_PAGE);
  assert.equal(reads(), 3);
});
