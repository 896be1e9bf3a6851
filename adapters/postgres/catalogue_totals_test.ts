import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue, type TotalsMemo } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";

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
