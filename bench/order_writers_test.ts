import assert from "node:assert/strict";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { generateOrders as ordersForTheList } from "./orders_list.ts";
import { generateOrders as ordersForTheReports } from "./reports.ts";

/** The rows of the orders' tables. */
async function counts(sql: SqlClient) {
  const [row] = await sql.query<{ orders: number; lines: number; events: number; days: number }>(
    `SELECT (SELECT count(*)::int FROM orders) AS orders,
       (SELECT count(*)::int FROM order_items) AS lines,
       (SELECT count(*)::int FROM order_events) AS events,
       (SELECT count(*)::int FROM sales_days) AS days`,
  );
  return row;
}

/** The smallest generated catalogue; its covers are only named, never read here. */
async function catalogue(sql: SqlClient): Promise<void> {
  await generateCatalogue(sql, {
    size: catalogueSize(100),
    images: { books: ["/uploads/book.webp"], stationery: ["/uploads/item.webp"] },
  });
}

testOnBothEngines(
  "the order list's bench writes its past orders into today's tables: two lines and an event each",
  async (sql) => {
    await catalogue(sql);
    await ordersForTheList(sql, 20);
    const written = await counts(sql);
    assert.deepEqual(
      { orders: written.orders, lines: written.lines, events: written.events },
      { orders: 20, lines: 40, events: 20 },
    );
    assert.ok(written.days > 0, "the sales summaries were kept at commit");
  },
);

testOnBothEngines(
  "the reports' bench writes its past orders into today's tables, their sales summarised",
  async (sql) => {
    await catalogue(sql);
    await ordersForTheReports(sql, 24);
    const written = await counts(sql);
    assert.equal(written.orders, 24);
    assert.ok(written.lines > 0, "lines on the catalogue's first books");
    // A "placed" event each, a "paid" one for each paid order, a "lapsed" one for some rejected.
    assert.ok(written.events > 24, `${written.events} events`);
    assert.ok(written.days > 0, "the sales summaries were kept at commit");
  },
);
