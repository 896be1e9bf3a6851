/**
 * The SQL filter and the domain's reference predicate agree: for generated catalogues and
 * filters, listBooks() / listStationery() return exactly the products that
 * matchesFilter(book) / matchesFilter(stationery) admit, in id order (a book search's title
 * matches first), with their count; with totals and searches' heads remembered, the same
 * pages.
 *
 * Titles mix ASCII letters of both cases, LIKE's wildcards and escape character, spaces
 * and a caseless Sinhala letter. (Case folding of non-ASCII letters follows the
 * database's locale, which the shop does not choose.)
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aStationeryItem, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { matchesFilter } from "../../domain/catalogue/filter.ts";
import { holdsTerm } from "../../domain/catalogue/search.ts";
import type { BookFilter } from "../../domain/catalogue/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { TtlCache } from "../cache/ttl_cache.ts";

const RUNS = 30;
const EVERYTHING = { inStock: true, outOfStock: true };
const ALL_ROWS = { page: 1, pageSize: 100 };

const text = (maxLength: number) =>
  fc.array(fc.constantFrom("a", "A", "b", "B", "%", "_", "\\", " ", "ක"), { maxLength })
    .map((chars) => chars.join(""));
const price = fc.constantFrom(0, 100, 250, 500, 1_000);

const product = fc.record({
  title: text(8),
  author: fc.constantFrom("A", "B", "C"),
  priceCents: price,
  stock: fc.constantFrom(0, 1, 5),
  category: fc.constantFrom(0, 1),
});

const filter = fc.record({
  q: fc.option(text(3), { nil: undefined }),
  category: fc.option(fc.constantFrom(0, 1), { nil: undefined }),
  author: fc.option(fc.constantFrom("A", "B", "C"), { nil: undefined }),
  minPriceCents: fc.option(price, { nil: undefined }),
  maxPriceCents: fc.option(price, { nil: undefined }),
  inStock: fc.boolean(),
  outOfStock: fc.boolean(),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.integer({ min: 1, max: 4 }),
});

type GeneratedFilter = typeof filter extends fc.Arbitrary<infer F> ? F : never;

/**
 * Found once in a random run: both books are by "A" and the search is "a", so the second
 * book, whose title holds the term, comes first.
 */
const AUTHOR_FOUND_BEFORE_TITLE: [
  (typeof product extends fc.Arbitrary<infer P> ? P : never)[],
  GeneratedFilter,
] = [
  [
    { title: "", author: "A", priceCents: 0, stock: 0, category: 0 },
    { title: "a", author: "A", priceCents: 0, stock: 0, category: 0 },
  ],
  {
    q: "a",
    category: undefined,
    author: undefined,
    minPriceCents: undefined,
    maxPriceCents: undefined,
    inStock: false,
    outOfStock: true,
    page: 1,
    pageSize: 1,
  },
];

function toFilter(generated: GeneratedFilter, categories: number[]): BookFilter {
  const { category, page: _p, pageSize: _s, ...rest } = generated;
  return { ...rest, categoryId: category === undefined ? undefined : categories[category] };
}

async function categories(sql: SqlClient, table: "book_categories" | "stationery_categories") {
  return [await insertCategory(sql, table, "First"), await insertCategory(sql, table, "Second")];
}

testOnBothEngines(
  "listBooks() returns exactly the books matchesFilter(book) admits",
  async (sql) => {
    const catalogue = new PostgresCatalogue(sql);
    const admin = new PostgresCatalogueAdmin(sql);
    const ids = await categories(sql, "book_categories");
    await fc.assert(
      fc.asyncProperty(fc.array(product, { maxLength: 10 }), filter, async (books, generated) => {
        await sql.query("DELETE FROM books");
        for (const { category, ...book } of books) {
          await admin.createBook(aBook(ids[category], book));
        }
        const stored = (await catalogue.listBooks(EVERYTHING, ALL_ROWS)).items;
        const bookFilter = toFilter(generated, ids);
        // A book search without a sort lists the books whose title holds the term first.
        const found = stored.filter((b) => matchesFilter("book", b, bookFilter));
        const expected = [
          ...found.filter((b) => holdsTerm(b.title, bookFilter.q)),
          ...found.filter((b) => !holdsTerm(b.title, bookFilter.q)),
        ];
        const all = await catalogue.listBooks(bookFilter, ALL_ROWS);
        assert.deepEqual(all.items, expected);
        assert.equal(all.total, expected.length);
        const { page, pageSize } = generated;
        const paged = await catalogue.listBooks(bookFilter, { page, pageSize });
        assert.deepEqual(paged.items, expected.slice((page - 1) * pageSize, page * pageSize));
        assert.equal(paged.total, expected.length);
        // With totals and searches' heads remembered: the same page, before and after the
        // first page has filled the memos.
        const remembered = new PostgresCatalogue(sql, {
          totals: new TtlCache({ ttlMs: 60_000, maxEntries: 10 }),
          searchHeads: new TtlCache({ ttlMs: 60_000, maxEntries: 10 }),
        });
        assert.deepEqual(await remembered.listBooks(bookFilter, { page, pageSize }), paged);
        await remembered.listBooks(bookFilter, { page: 1, pageSize });
        assert.deepEqual(await remembered.listBooks(bookFilter, { page, pageSize }), paged);
        // On the embedded engine a search read one id a statement, its slices merged: the
        // same page.
        const sliced = new PostgresCatalogue(sql, { searchSlice: 1, narrowMatches: 0 });
        assert.deepEqual(await sliced.listBooks(bookFilter, { page, pageSize }), paged);
      }),
      { numRuns: RUNS, examples: [AUTHOR_FOUND_BEFORE_TITLE] },
    );
  },
);

testOnBothEngines(
  "listStationery() returns exactly the items matchesFilter(stationery) admits",
  async (sql) => {
    const catalogue = new PostgresCatalogue(sql);
    const admin = new PostgresCatalogueAdmin(sql);
    const ids = await categories(sql, "stationery_categories");
    await fc.assert(
      fc.asyncProperty(fc.array(product, { maxLength: 10 }), filter, async (items, generated) => {
        await sql.query("DELETE FROM stationery_items");
        for (const { category, title, priceCents, stock } of items) {
          await admin.createStationery(
            aStationeryItem(ids[category], { title, priceCents, stock }),
          );
        }
        const stored = (await catalogue.listStationery(EVERYTHING, ALL_ROWS)).items;
        const { author: _author, ...stationeryFilter } = toFilter(generated, ids);
        const expected = stored.filter((s) => matchesFilter("stationery", s, stationeryFilter));
        const all = await catalogue.listStationery(stationeryFilter, ALL_ROWS);
        assert.deepEqual(all.items, expected);
        assert.equal(all.total, expected.length);
      }),
      { numRuns: RUNS },
    );
  },
);
