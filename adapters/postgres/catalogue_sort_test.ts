/**
 * Sorted listings on both engines: the whole filtered catalogue is ordered before it is
 * paged, ties go by id, and the SQL order is the domain's reference order
 * (domain/catalogue/sorting.ts, which the in-memory catalogue uses too).
 *
 * Generated titles and authors mix ASCII letters of both cases, digits, spaces, a
 * lower-case accented letter and a caseless Sinhala letter. (Upper-case non-ASCII letters
 * fold by the database's locale, which the shop does not choose.)
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aStationeryItem, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { sortProducts } from "../../domain/catalogue/sorting.ts";
import { matchesFilter } from "../../domain/catalogue/filter.ts";
import {
  BOOK_SORT_KEYS,
  type CatalogueSort,
  type NewBook,
  SORT_DIRECTIONS,
  STATIONERY_SORT_KEYS,
} from "../../domain/catalogue/model.ts";
import type { WriteResult } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

const ALL = { inStock: true, outOfStock: true };
const ALL_ROWS = { page: 1, pageSize: 100 };
const SECOND_PAGE = { page: 2, pageSize: 3 };

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok");
  return (result as { kind: "ok"; value: T }).value;
}

async function setup(sql: SqlClient) {
  return {
    catalogue: new PostgresCatalogue(sql),
    admin: new PostgresCatalogueAdmin(sql),
    novels: await insertCategory(sql, "book_categories", "novels"),
    poems: await insertCategory(sql, "book_categories", "Poems"),
    children: await insertCategory(sql, "book_categories", "Children"),
  };
}

async function addBooks(
  admin: PostgresCatalogueAdmin,
  books: NewBook[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const book of books) ids.push(ok(await admin.createBook(book)).id);
  return ids;
}

testOnBothEngines("listBooks() sorts the whole catalogue by title before paging", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  await addBooks(
    admin,
    ["delta", "Alpha", "charlie", "Bravo", "echo"].map((title) => aBook(novels, { title })),
  );
  const titles = async (page: number, sort: CatalogueSort) =>
    (await catalogue.listBooks(ALL, { page, pageSize: 2 }, sort)).items.map((b) => b.title);
  const up: CatalogueSort = { by: "title", direction: "asc" };
  const down: CatalogueSort = { by: "title", direction: "desc" };
  assert.deepEqual(await titles(1, up), ["Alpha", "Bravo"]);
  assert.deepEqual(await titles(2, up), ["charlie", "delta"]);
  assert.deepEqual(await titles(3, up), ["echo"]);
  assert.deepEqual(await titles(1, down), ["echo", "delta"]);
  const page = await catalogue.listBooks(ALL, { page: 2, pageSize: 2 }, down);
  assert.deepEqual([page.page, page.pageSize, page.total], [2, 2, 5]);
});

testOnBothEngines("listBooks() breaks ties by id so pages never overlap", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  const ids = await addBooks(admin, Array.from({ length: 5 }, () => aBook(novels)));
  for (const direction of SORT_DIRECTIONS) {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const listed = await catalogue.listBooks(ALL, { page, pageSize: 2 }, {
        by: "price",
        direction,
      });
      seen.push(...listed.items.map((b) => b.id));
    }
    assert.deepEqual(seen, direction === "asc" ? ids : [...ids].reverse());
  }
});

testOnBothEngines(
  "listBooks() sorts by price, stock, author, ISBN-13 and category name within a filter",
  async (sql) => {
    const { catalogue, admin, novels, poems, children } = await setup(sql);
    const [cheap, dear, middle, hidden] = await addBooks(admin, [
      aBook(novels, { priceCents: 90_000, stock: 7, author: "b", isbn13: "9780000000003" }),
      aBook(poems, { priceCents: 150_000, stock: 1, author: "C", isbn13: "9780000000001" }),
      aBook(children, { priceCents: 100_000, stock: 4, author: "A", isbn13: "9780000000002" }),
      aBook(novels, { priceCents: 1_000, stock: 0, author: "A", isbn13: "9780000000004" }),
    ]);
    const inStock = { inStock: true, outOfStock: false };
    const ids = async (sort: CatalogueSort) => {
      const page = await catalogue.listBooks(inStock, ALL_ROWS, sort);
      assert.equal(page.total, 3);
      return page.items.map((b) => b.id);
    };
    assert.deepEqual(await ids({ by: "price", direction: "asc" }), [cheap, middle, dear]);
    assert.deepEqual(await ids({ by: "stock", direction: "desc" }), [cheap, middle, dear]);
    assert.deepEqual(await ids({ by: "author", direction: "asc" }), [middle, cheap, dear]);
    assert.deepEqual(await ids({ by: "isbn13", direction: "asc" }), [dear, middle, cheap]);
    assert.deepEqual(await ids({ by: "category", direction: "asc" }), [middle, cheap, dear]);
    assert.deepEqual(await ids({ by: "id", direction: "desc" }), [middle, dear, cheap]);
    assert.ok(!(await ids({ by: "price", direction: "asc" })).includes(hidden));
  },
);

testOnBothEngines("listStationery() sorts by price, title and category name", async (sql) => {
  const { catalogue, admin } = await setup(sql);
  const pens = await insertCategory(sql, "stationery_categories", "pens");
  const books = await insertCategory(sql, "stationery_categories", "Exercise books");
  const items = [
    aStationeryItem(pens, { title: "Blue pen", priceCents: 5_000 }),
    aStationeryItem(books, { title: "atlas book", priceCents: 18_000 }),
    aStationeryItem(pens, { title: "Red pen", priceCents: 4_000 }),
  ];
  const ids: number[] = [];
  for (const item of items) ids.push(ok(await admin.createStationery(item)).id);
  const [blue, atlas, red] = ids;
  const order = async (sort: CatalogueSort<"price" | "title" | "category">) =>
    (await catalogue.listStationery(ALL, ALL_ROWS, sort)).items.map((s) => s.id);
  assert.deepEqual(await order({ by: "price", direction: "desc" }), [atlas, blue, red]);
  assert.deepEqual(await order({ by: "title", direction: "asc" }), [atlas, blue, red]);
  assert.deepEqual(await order({ by: "category", direction: "asc" }), [atlas, blue, red]);
  assert.deepEqual((await catalogue.listStationery(ALL, ALL_ROWS)).items.map((s) => s.id), ids);
});

const text = fc.array(fc.constantFrom("a", "A", "b", "B", "1", " ", "é", "ක"), { maxLength: 5 })
  .map((chars) => chars.join(""));

const product = fc.record({
  title: text,
  author: text,
  priceCents: fc.constantFrom(0, 100, 250),
  stock: fc.constantFrom(0, 1, 5),
  category: fc.constantFrom(0, 1, 2),
});

testOnBothEngines(
  "listBooks() and listStationery() order as sortProducts() does, for every key, searches read in slices too",
  async (sql) => {
    const { catalogue, admin, novels, poems, children } = await setup(sql);
    const bookCategories = [novels, poems, children];
    const pens = await insertCategory(sql, "stationery_categories", "pens");
    const paper = await insertCategory(sql, "stationery_categories", "Paper");
    const stationeryCategories = [pens, paper, pens];
    const sliced = new PostgresCatalogue(sql, { searchSlice: 2, narrowMatches: 0 });
    // Past a head of two: counted first, the last pages read from the end.
    const deep = new PostgresCatalogue(sql, { searchSlice: 2, narrowMatches: 0, searchHead: 2 });
    await fc.assert(
      fc.asyncProperty(fc.array(product, { maxLength: 8 }), async (products) => {
        await sql.query("DELETE FROM books");
        await sql.query("DELETE FROM stationery_items");
        for (const { category, ...fields } of products) {
          await admin.createBook(aBook(bookCategories[category], fields));
          const { title, priceCents, stock } = fields;
          await admin.createStationery(
            aStationeryItem(stationeryCategories[category], { title, priceCents, stock }),
          );
        }
        const books = (await catalogue.listBooks(ALL, ALL_ROWS)).items;
        const stationery = (await catalogue.listStationery(ALL, ALL_ROWS)).items;
        // A search on the embedded engine, read two ids a statement: its slices' firsts are
        // merged in the same order, and so are the pages after the first.
        const search = { ...ALL, q: "a" };
        const found = books.filter((b) => matchesFilter("book", b, search));
        const foundItems = stationery.filter((s) => matchesFilter("stationery", s, search));
        for (const direction of SORT_DIRECTIONS) {
          for (const by of BOOK_SORT_KEYS) {
            const sort = { by, direction };
            const sorted = await catalogue.listBooks(ALL, ALL_ROWS, sort);
            assert.deepEqual(
              sorted.items,
              sortProducts(books, sort),
              `books by ${by} ${direction}`,
            );
            const searched = await sliced.listBooks(search, SECOND_PAGE, sort);
            assert.deepEqual(
              [searched.items, searched.total],
              [sortProducts(found, sort).slice(3, 6), found.length],
              `books found by ${by} ${direction}`,
            );
            for (const page of [1, 2, 3, 4]) {
              const deeper = await deep.listBooks(search, { page, pageSize: 2 }, sort);
              assert.deepEqual(
                [deeper.items, deeper.total],
                [sortProducts(found, sort).slice(2 * page - 2, 2 * page), found.length],
                `page ${page} of the books found by ${by} ${direction}`,
              );
            }
          }
          for (const by of STATIONERY_SORT_KEYS) {
            const sort = { by, direction };
            const sorted = await catalogue.listStationery(ALL, ALL_ROWS, sort);
            assert.deepEqual(sorted.items, sortProducts(stationery, sort), `stationery by ${by}`);
            const searched = await sliced.listStationery(search, SECOND_PAGE, sort);
            assert.deepEqual(
              [searched.items, searched.total],
              [sortProducts(foundItems, sort).slice(3, 6), foundItems.length],
              `stationery found by ${by} ${direction}`,
            );
          }
        }
      }),
      { numRuns: 12 },
    );
  },
);
