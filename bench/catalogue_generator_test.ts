import assert from "node:assert/strict";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { aBook, insertCategory } from "../adapters/postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "../adapters/postgres/catalogue_admin.ts";
import { authorNames, catalogueSize, vacuumTablesWithRows } from "./catalogue_generator.ts";

Deno.test("catalogueSize() keeps the default's proportions and authorNames() are distinct", () => {
  assert.deepEqual(catalogueSize(100_000), {
    books: 100_000,
    stationery: 20_000,
    authors: 5000,
    categories: 40,
    hotItems: 1000,
  });
  assert.equal(catalogueSize(2000).authors, 100);
  assert.throws(() => catalogueSize(10), /at least 100 books/);
  assert.equal(new Set(authorNames(5000)).size, 5000);
});

testOnBothEngines(
  "vacuumTablesWithRows() vacuums and analyses the tables that hold rows, leaving the empty ones unanalysed",
  async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const made = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels));
    assert.equal(made.kind, "ok", JSON.stringify(made));

    const vacuumed = await vacuumTablesWithRows(sql);
    assert.ok(vacuumed.includes("books") && vacuumed.includes("book_categories"), `${vacuumed}`);
    assert.ok(!vacuumed.includes("orders") && !vacuumed.includes("rate_limit_events"));
    const analysed = await sql.query<{ table: string; analysed: boolean }>(
      `SELECT relname AS table, last_analyze IS NOT NULL AS analysed FROM pg_stat_user_tables
       WHERE relname IN ('books', 'orders', 'order_items', 'rate_limit_events') ORDER BY 1`,
    );
    assert.deepEqual(analysed, [
      { table: "books", analysed: true },
      { table: "order_items", analysed: false },
      { table: "orders", analysed: false },
      { table: "rate_limit_events", analysed: false },
    ]);
  },
);
