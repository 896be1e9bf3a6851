import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import { PostgresOutbox } from "./outbox.ts";
import type { SqlClient } from "./sql_client.ts";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const LEASE_MS = 60_000;

function later(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

/** Places `count` orders; each enqueues its checkout mail. Returns the order ids. */
async function placeOrders(sql: SqlClient, count: number): Promise<number[]> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 100 }));
  assert.equal(created.kind, "ok");
  const book = (created as { value: Parameters<typeof aLine>[0] }).value;
  const orders = new PostgresOrderRepository(sql);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const outcome = await orders.place(aPlacement([aLine(book, "book", 1)]));
    assert.equal(outcome.kind, "placed");
    if (outcome.kind === "placed") ids.push(outcome.order.id);
  }
  return ids;
}

testOnBothEngines("claimDue() hands out due entries oldest first, up to the limit", async (sql) => {
  const [first, second, third] = await placeOrders(sql, 3);
  const outbox = new PostgresOutbox(sql);
  const claimed = await outbox.claimDue(NOW, 2, LEASE_MS);
  assert.deepEqual(claimed.map((e) => [e.kind, e.orderId, e.attempts]), [
    ["order_placed", first, 0],
    ["order_placed", second, 0],
  ]);
  const rest = await outbox.claimDue(NOW, 10, LEASE_MS);
  assert.deepEqual(rest.map((e) => e.orderId), [third]);
});

testOnBothEngines(
  "claimDue() does not hand out a leased entry until its lease ends",
  async (sql) => {
    await placeOrders(sql, 1);
    const outbox = new PostgresOutbox(sql);
    const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
    assert.deepEqual(await outbox.claimDue(later(LEASE_MS - 1), 10, LEASE_MS), []);
    const again = await outbox.claimDue(later(LEASE_MS), 10, LEASE_MS);
    assert.deepEqual(again.map((e) => e.id), [entry.id]);
  },
);

testOnBothEngines("markSent() retires an entry for good", async (sql) => {
  await placeOrders(sql, 1);
  const outbox = new PostgresOutbox(sql);
  const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
  await outbox.markSent(entry.id, NOW);
  assert.deepEqual(await outbox.claimDue(later(10 * LEASE_MS), 10, LEASE_MS), []);
});

testOnBothEngines(
  "markFailed() counts the attempt and keeps the entry until its next attempt",
  async (sql) => {
    await placeOrders(sql, 1);
    const outbox = new PostgresOutbox(sql);
    const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
    await outbox.markFailed(entry.id, "SMTP 451 try again", later(5_000));
    assert.deepEqual(await outbox.claimDue(later(4_999), 10, LEASE_MS), []);
    const [retry] = await outbox.claimDue(later(5_000), 10, LEASE_MS);
    assert.deepEqual([retry.id, retry.attempts], [entry.id, 1]);
    const [row] = await sql.query("SELECT last_error FROM mail_outbox WHERE id = $1", [entry.id]);
    assert.deepEqual(row, { last_error: "SMTP 451 try again" });
  },
);
