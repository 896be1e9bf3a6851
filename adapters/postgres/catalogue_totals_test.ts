import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue, type TotalsMemo } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import type { SqlClient } from "./sql_client.ts";

const ALL = { inStock: true, outOfStock: true };

/** A memo that never forgets, recording the keys it counted. */
function recordingMemo(): TotalsMemo & { counted: string[] } {
  const known = new Map<string, Promise<number>>();
  const counted: string[] = [];
  return {
    counted,
    getOrLoad(key, load) {
      if (!known.has(key)) {
        counted.push(key);
        known.set(key, load());
      }
      return known.get(key)!;
    },
  };
}

/** `sql`, counting every statement run through it. */
function countingStatements(sql: SqlClient): { sql: SqlClient; statements: () => number } {
  let statements = 0;
  const counting: SqlClient = {
    query(text, params) {
      statements++;
      return sql.query(text, params);
    },
    exec: (script) => sql.exec(script),
    transaction: (fn) => sql.transaction(fn),
    close: () => sql.close(),
  };
  return { sql: counting, statements: () => statements };
}

testOnBothEngines("listBooks() counts a filter once when given a totals memo", async (sql) => {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const admin = new PostgresCatalogueAdmin(sql);
  for (const title of ["Gamperaliya", "Kaliyugaya", "Yuganthaya"]) {
    await admin.createBook(aBook(novels, { title }));
  }
  const totals = recordingMemo();
  const catalogue = new PostgresCatalogue(sql, { totals });
  const first = await catalogue.listBooks(ALL, { page: 1, pageSize: 2 });
  const second = await catalogue.listBooks(ALL, { page: 2, pageSize: 2 });
  assert.deepEqual([first.total, second.total], [3, 3]);
  assert.deepEqual(second.items.map((b) => b.title), ["Yuganthaya"]);
  const search = await catalogue.listBooks({ ...ALL, q: "yuga" }, { page: 1, pageSize: 2 });
  assert.equal(search.total, 2);
  assert.equal(totals.counted.length, 2);
  assert.notEqual(totals.counted[0], totals.counted[1]);
});

testOnBothEngines(
  "a search counts its matches in the page's own scan, and apart only past the end",
  async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const admin = new PostgresCatalogueAdmin(sql);
    for (const title of ["Gamperaliya", "Kaliyugaya", "Yuganthaya", "Madol Doova"]) {
      await admin.createBook(aBook(novels, { title, author: "Martin Wickramasinghe" }));
    }
    const run = async (page: number, totals?: TotalsMemo) => {
      const found = await new PostgresCatalogue(sql, { totals }).listBooks(
        { ...ALL, q: "yuga" },
        { page, pageSize: 1 },
      );
      return { titles: found.items.map((b) => b.title), total: found.total };
    };
    // Without a memo, with one, and with the count already in it: the same answers.
    const expected = [
      { titles: ["Kaliyugaya"], total: 2 },
      { titles: ["Yuganthaya"], total: 2 },
      { titles: [], total: 2 },
    ];
    assert.deepEqual([await run(1), await run(2), await run(3)], expected);
    const totals = recordingMemo();
    assert.deepEqual(
      [await run(3, totals), await run(1, totals), await run(2, totals)],
      [expected[2], expected[0], expected[1]],
    );
    assert.equal(totals.counted.length, 1);
    // An author's search: every book matches, title matches first.
    const byAuthor = await new PostgresCatalogue(sql).listBooks(
      { ...ALL, q: "wickrama" },
      { page: 2, pageSize: 3 },
    );
    assert.deepEqual([byAuthor.items.length, byAuthor.total], [1, 4]);
  },
);

testOnBothEngines(
  "a listing without a search counts its total in its page's statement, and apart only past the end",
  async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const poetry = await insertCategory(sql, "book_categories", "Poetry");
    const admin = new PostgresCatalogueAdmin(sql);
    const books = [
      { title: "Gamperaliya", priceCents: 90_000, categoryId: novels },
      { title: "Kaliyugaya", priceCents: 120_000, categoryId: novels },
      { title: "Yuganthaya", priceCents: 150_000, categoryId: novels },
      { title: "Viragaya", priceCents: 250_000, categoryId: novels },
      { title: "Mage Kavi", priceCents: 110_000, categoryId: poetry },
    ];
    for (const book of books) await admin.createBook(aBook(book.categoryId, book));
    // A category and a price range: the count's parameters are the page's.
    const filter = { ...ALL, categoryId: novels, minPriceCents: 100_000, maxPriceCents: 200_000 };
    const counting = countingStatements(sql);
    const run = async (page: number, totals?: TotalsMemo) => {
      const before = counting.statements();
      const found = await new PostgresCatalogue(counting.sql, { totals }).listBooks(
        filter,
        { page, pageSize: 1 },
      );
      return {
        titles: found.items.map((b) => b.title),
        total: found.total,
        statements: counting.statements() - before,
      };
    };
    assert.deepEqual(await run(1), { titles: ["Kaliyugaya"], total: 2, statements: 1 });
    assert.deepEqual(await run(3), { titles: [], total: 2, statements: 2 });
    const totals = recordingMemo();
    assert.deepEqual(
      [await run(2, totals), await run(1, totals), await run(3, totals)],
      [
        { titles: ["Yuganthaya"], total: 2, statements: 1 },
        { titles: ["Kaliyugaya"], total: 2, statements: 1 },
        { titles: [], total: 2, statements: 1 },
      ],
    );
    assert.equal(totals.counted.length, 1);
    // Past the end with nothing remembered: the empty page, then the count.
    assert.deepEqual(await run(5, recordingMemo()), { titles: [], total: 2, statements: 2 });
  },
);
