import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, insertCategory } from "./testing/builders.ts";
import { type Memo, PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import type { SqlClient } from "./sql_client.ts";
import type { CatalogueSort } from "../../domain/catalogue/model.ts";

const ALL = { inStock: true, outOfStock: true };
const PRICE_DOWN: CatalogueSort = { by: "price", direction: "desc" };
/** A sort that joins the categories to find a page's ids. */
const BY_CATEGORY: CatalogueSort = { by: "category", direction: "asc" };

/** A memo that never forgets, counting what it loaded. */
function keeping<V>(): Memo<V> & { loads: () => number } {
  const known = new Map<string, Promise<V>>();
  return {
    loads: () => known.size,
    getOrLoad(key, load) {
      if (!known.has(key)) known.set(key, load());
      return known.get(key)!;
    },
  };
}

/** `sql`, counting the statements that read a search copy (a scan of a search's matches). */
function countingScans(sql: SqlClient): { sql: SqlClient; scans: () => number } {
  let scans = 0;
  const counting: SqlClient = {
    query(text, params) {
      if (/\b(book|stationery)_search\b/.test(text)) scans++;
      return sql.query(text, params);
    },
    exec: (script) => sql.exec(script),
    transaction: (fn) => sql.transaction(fn),
    close: () => sql.close(),
  };
  return { sql: counting, scans: () => scans };
}

/** 25 books whose titles hold "yuga", and 5 by an author whose name holds it. */
async function yugaBooks(sql: SqlClient): Promise<number[]> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const admin = new PostgresCatalogueAdmin(sql);
  const ids: number[] = [];
  for (let n = 1; n <= 30; n++) {
    const book = n <= 25
      ? aBook(novels, {
        title: `Yugaya ${n}`,
        author: "Martin Wickramasinghe",
        priceCents: n * 100,
      })
      : aBook(novels, { title: `Madol Doova ${n}`, author: "Yugandhara Perera" });
    const created = await admin.createBook(book);
    assert.equal(created.kind, "ok");
    if (created.kind === "ok") ids.push(created.value.id);
  }
  return ids;
}

testOnBothEngines(
  "a search visits its matches once for every page its head holds, and pages read by id agree with a scan",
  async (sql) => {
    await yugaBooks(sql);
    const { sql: counting, scans } = countingScans(sql);
    const heads = keeping<{ ids: number[]; total: number }>();
    const remembered = new PostgresCatalogue(counting, { searchHeads: heads });
    const plain = new PostgresCatalogue(sql);
    for (const [page, pageSize] of [[1, 10], [2, 10], [3, 10], [4, 10], [2, 7], [1, 30]]) {
      for (const sort of [undefined, PRICE_DOWN, BY_CATEGORY]) {
        const filter = { ...ALL, q: " YUGA " };
        assert.deepEqual(
          await remembered.listBooks(filter, { page, pageSize }, sort),
          await plain.listBooks(filter, { page, pageSize }, sort),
          `page ${page} of ${pageSize}, sort ${JSON.stringify(sort ?? "title matches first")}`,
        );
      }
    }
    // One scan for each order of the matches: title matches first, by price, by category.
    assert.deepEqual([scans(), heads.loads()], [3, 3]);
    const titleFirst = await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 3, pageSize: 10 });
    // Title matches first (Yugaya 1-25), then the author's (Madol Doova 26-30).
    assert.deepEqual(
      titleFirst.items.map((b) => b.title),
      [21, 22, 23, 24, 25].map((n) => `Yugaya ${n}`)
        .concat([26, 27, 28, 29, 30].map((n) => `Madol Doova ${n}`)),
    );
    assert.equal(titleFirst.total, 30);
    assert.equal(scans(), 3);
  },
);

testOnBothEngines(
  "a page past a search's head is read and counted by a scan of its own",
  async (sql) => {
    await yugaBooks(sql);
    const { sql: counting, scans } = countingScans(sql);
    const totals = keeping<number>();
    const remembered = new PostgresCatalogue(counting, { searchHeads: keeping(), totals });
    await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 1, pageSize: 10 });
    assert.deepEqual([scans(), totals.loads()], [1, 0]);
    // Positions 101-200 are within the 200 a head keeps; 201-300 are past them, and past the
    // end of these 30 matches: the page's scan finds no row to carry the count, so they are
    // counted apart (item 17's path); the empty page is not read again (item 28).
    const within = await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 2, pageSize: 100 });
    assert.deepEqual([within.items, within.total, scans()], [[], 30, 1]);
    const past = await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 3, pageSize: 100 });
    assert.deepEqual([past.items, past.total], [[], 30]);
    assert.deepEqual([scans(), totals.loads()], [3, 1]);
  },
);

testOnBothEngines(
  "a page read from a search's head shows each product as it is now, and none taken off sale",
  async (sql) => {
    const ids = await yugaBooks(sql);
    const remembered = new PostgresCatalogue(sql, { searchHeads: keeping() });
    const first = await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 1, pageSize: 3 });
    assert.deepEqual(first.items.map((b) => b.id), ids.slice(0, 3));
    await sql.query("UPDATE books SET price_cents = 777700, stock = 0 WHERE id = $1", [ids[0]]);
    await sql.query("UPDATE books SET archived = true WHERE id = $1", [ids[1]]);
    const again = await remembered.listBooks({ ...ALL, q: "yuga" }, { page: 1, pageSize: 3 });
    assert.deepEqual(
      again.items.map((b) => [b.id, b.priceCents, b.stock]),
      [[ids[0], 777700, 0], [ids[2], first.items[2].priceCents, first.items[2].stock]],
    );
  },
);
