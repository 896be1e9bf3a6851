/**
 * Overlapping transactions on a real server (PGlite is one connection and cannot race).
 * Each test's pool has up to 20 connections, so the transactions truly run at once.
 */
import assert from "node:assert/strict";
import { testOnServer } from "./testing/databases.ts";
import { aBook, aLine, aPlacement, complete, insertCategory, reject } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import { PostgresOutbox } from "./outbox.ts";
import type { SqlClient } from "./sql_client.ts";
import type { Book } from "../../domain/catalogue/model.ts";

async function booksWithStock(sql: SqlClient, stocks: number[]): Promise<Book[]> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const admin = new PostgresCatalogueAdmin(sql);
  const books: Book[] = [];
  for (const stock of stocks) {
    const created = await admin.createBook(aBook(novels, { stock }));
    assert.equal(created.kind, "ok");
    if (created.kind === "ok") books.push(created.value);
  }
  return books;
}

async function stocks(sql: SqlClient): Promise<number[]> {
  const rows = await sql.query<{ stock: number }>("SELECT stock FROM books ORDER BY id");
  return rows.map((r) => r.stock);
}

function countKinds(outcomes: { kind: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.kind] = (counts[o.kind] ?? 0) + 1;
  return counts;
}

testOnServer(
  "50 buyers of the last 10 copies: exactly 10 orders, stock ends at 0",
  async ({ sql }) => {
    const [book] = await booksWithStock(sql, [10]);
    const orders = new PostgresOrderRepository(sql);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => orders.place(aPlacement([aLine(book, "book", 1)]))),
    );
    assert.deepEqual(countKinds(outcomes), { placed: 10, insufficient_stock: 40 });
    assert.deepEqual(await stocks(sql), [0]);
    const [counts] = await sql.query<{ orders: number; mails: number }>(
      `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM mail_outbox) AS mails`,
    );
    assert.deepEqual(counts, { orders: 10, mails: 20 }, "a checkout mail and a shop notice each");
  },
);

testOnServer(
  "two-line orders racing, lines in either order: a refused order takes nothing",
  async ({ sql }) => {
    const [plenty, scarce] = await booksWithStock(sql, [20, 3]);
    const orders = new PostgresOrderRepository(sql);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const lines = [aLine(plenty, "book", 1), aLine(scarce, "book", 1)];
        return orders.place(aPlacement(i % 2 === 0 ? lines : lines.reverse()));
      }),
    );
    assert.deepEqual(countKinds(outcomes), { placed: 3, insufficient_stock: 9 });
    assert.deepEqual(await stocks(sql), [17, 0]);
  },
);

testOnServer("the same idempotency key sent at once places one order", async ({ sql }) => {
  const [book] = await booksWithStock(sql, [10]);
  const orders = new PostgresOrderRepository(sql);
  const claim = { key: "double-click", requestHash: "h", expiresAt: "2026-03-02T00:00:00Z" };
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, () => orders.place(aPlacement([aLine(book, "book", 2)]), claim)),
  );
  assert.deepEqual(countKinds(outcomes), { placed: 1, replayed: 7 });
  const ids = new Set(outcomes.map((o) => "order" in o ? o.order.id : undefined));
  assert.equal(ids.size, 1);
  assert.deepEqual(await stocks(sql), [8]);
});

testOnServer(
  "confirming and rejecting one order at once: one wins, stock returns at most once",
  async ({ sql }) => {
    const [book] = await booksWithStock(sql, [5]);
    const orders = new PostgresOrderRepository(sql);
    const placed = await orders.place(aPlacement([aLine(book, "book", 2)]));
    assert.equal(placed.kind, "placed");
    if (placed.kind !== "placed") return;
    const id = placed.order.id;
    const outcomes = await Promise.all([
      reject(orders, id),
      complete(orders, id, new Uint8Array([1])),
      reject(orders, id),
      complete(orders, id, new Uint8Array([2])),
    ]);
    assert.equal(outcomes.filter((o) => o.kind === "changed").length, 1);
    const final = await orders.findById(id);
    assert.deepEqual(await stocks(sql), [final?.status === "rejected" ? 5 : 3]);
  },
);

testOnServer("concurrent outbox claimers never claim the same entry", async ({ sql }) => {
  const [book] = await booksWithStock(sql, [100]);
  const orders = new PostgresOrderRepository(sql);
  // 30 orders, each with its checkout mail and the shop's notice: 60 entries.
  for (let i = 0; i < 30; i++) await orders.place(aPlacement([aLine(book, "book", 1)]));
  const outbox = new PostgresOutbox(sql);
  const now = new Date("2026-03-01T10:00:00Z");
  const rounds = await Promise.all(
    Array.from({ length: 10 }, () => outbox.claimDue(now, 4, 60_000)),
  );
  const claimed = rounds.flat().map((e) => e.id);
  assert.equal(new Set(claimed).size, claimed.length, "an entry was claimed twice");
  const rest = await outbox.claimDue(now, 100, 60_000);
  const all = [...claimed, ...rest.map((e) => e.id)];
  assert.equal(new Set(all).size, 60);
  assert.equal(all.length, 60);
});
