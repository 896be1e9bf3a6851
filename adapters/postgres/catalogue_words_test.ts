/**
 * The words tables of migration 0032 (what a suggestion looks up) hold exactly the words of
 * the products on sale, each with how many products hold it, whatever the catalogue's writes:
 * products added one by one or in one statement, texts changed, stock changed (which writes
 * nothing there), products archived, restored and erased. Checked against a count made from
 * the search copies after every generated sequence of writes, on both engines.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aStationeryItem, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import type { SqlClient } from "./sql_client.ts";

/** Words of titles and names, Sinhala and Tamil among them, some shared between products. */
const word = fc.constantFrom(
  "Madol",
  "Doova",
  "gamperaliya",
  "The",
  "village",
  "මඩොල්",
  "දූව",
  "ශ්‍රී",
  "பொன்னியின்",
  "it's",
);
const text = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));

const write = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), title: text, author: text }),
  fc.record({ kind: fc.constant("rename" as const), at: fc.nat(), title: text }),
  fc.record({
    kind: fc.constant("translator" as const),
    at: fc.nat(),
    translator: fc.option(text, { nil: null }),
  }),
  fc.record({ kind: fc.constant("stock" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("archive" as const), at: fc.nat(), archived: fc.boolean() }),
  fc.record({ kind: fc.constant("erase" as const), at: fc.nat() }),
);

/** The words table's rows, and the same counted afresh from the search copy. */
async function wordsAndRecount(sql: SqlClient, kind: "book" | "stationery") {
  const texts = kind === "book"
    ? "s.search_title || ' ' || s.search_author || ' ' || s.search_translator"
    : "s.search_title";
  const [table, copy] = kind === "book"
    ? ["book_words", "book_search"]
    : ["stationery_words", "stationery_search"];
  const kept = await sql.query<{ word: string; uses: number }>(
    `SELECT word, uses FROM ${table} ORDER BY word COLLATE "C"`,
  );
  const counted = await sql.query<{ word: string; uses: number }>(
    `SELECT w.word, count(*)::integer AS uses
       FROM ${copy} s, LATERAL search_words(${texts}) AS w(word)
      WHERE NOT s.archived GROUP BY w.word ORDER BY w.word COLLATE "C"`,
  );
  return { kept, counted };
}

testOnBothEngines(
  "the words tables count the words of the products on sale through every write",
  async (sql) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const pens = await insertCategory(sql, "stationery_categories", "Pens");
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 12 }), async (writes) => {
        await sql.query("DELETE FROM books");
        await sql.query("DELETE FROM stationery_items");
        // Several products in one statement, as an import or the demo adds them.
        await sql.query(
          `INSERT INTO stationery_items (title, price_cents, stock, weight_grams, category_id, image)
           SELECT t, 100, 1, 10, $2, '/uploads/a.png' FROM unnest($1::text[]) AS t`,
          [["Madol pen", "Village pencil it's", "Madol pen"], pens],
        );
        const books: number[] = [];
        const stationery: number[] = [];
        for (const change of writes) {
          const book = books[("at" in change ? change.at : 0) % Math.max(1, books.length)];
          if (change.kind === "add") {
            const added = await admin.createBook(aBook(novels, change));
            if (added.kind === "ok") books.push(added.value.id);
            const item = await admin.createStationery(aStationeryItem(pens, change));
            if (item.kind === "ok") stationery.push(item.value.id);
          } else if (book === undefined) {
            continue;
          } else if (change.kind === "rename") {
            await admin.updateBook(book, { title: change.title });
            await admin.updateStationery(stationery[books.indexOf(book)], { title: change.title });
          } else if (change.kind === "translator") {
            await admin.updateBook(book, { translator: change.translator });
          } else if (change.kind === "stock") {
            await sql.query("UPDATE books SET stock = stock + 1 WHERE id = $1", [book]);
          } else if (change.kind === "archive") {
            await sql.query("UPDATE books SET archived = $2 WHERE id = $1", [
              book,
              change.archived,
            ]);
            await sql.query("UPDATE stationery_items SET archived = $2 WHERE id = $1", [
              stationery[books.indexOf(book)],
              change.archived,
            ]);
          } else {
            await sql.query("DELETE FROM books WHERE id = $1", [book]);
            await sql.query("DELETE FROM stationery_items WHERE id = $1", [
              stationery[books.indexOf(book)],
            ]);
            stationery.splice(books.indexOf(book), 1);
            books.splice(books.indexOf(book), 1);
          }
        }
        for (const kind of ["book", "stationery"] as const) {
          const { kept, counted } = await wordsAndRecount(sql, kind);
          assert.deepEqual(kept, counted, kind);
        }
      }),
      { numRuns: 15 },
    );
  },
);

testOnBothEngines("a search key's words are split at white space and punctuation", async (sql) => {
  const rows = await sql.query<{ word: string }>(
    'SELECT word FROM search_words($1) AS word ORDER BY word COLLATE "C"',
    ["the village, in the jungle (2nd) ශ්රී-லங்கா"],
  );
  assert.deepEqual(rows.map((r) => r.word), [
    "2nd",
    "in",
    "jungle",
    "the",
    "village",
    "லங்கா",
    "ශ්රී",
  ]);
});
