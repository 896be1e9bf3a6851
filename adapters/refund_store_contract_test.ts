/**
 * The owner's refunds in memory, on PGlite and on a PostgreSQL server: opened within what
 * was paid less the refunds that hold money (pending or succeeded), once per idempotency
 * key, settled once, reopened only when failed, and the order reads the ones that succeeded;
 * and on a server two refunds at once that together pass what was paid: one is opened.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresRefundStore } from "./postgres/refunds.ts";
import { PostgresJsSqlClient } from "./postgres/postgresjs_client.ts";
import { MemoryRefundStore } from "./memory/refunds.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import type { CatalogueAdmin, OrderRepository } from "../domain/ports.ts";
import type { RefundOpening, RefundStore } from "../domain/payments/ports.ts";
import type { SqlClient } from "./postgres/sql_client.ts";

const AT = "2026-03-01T09:00:00.000Z";

function opening(orderId: number, key: string, amountCents: number): RefundOpening {
  return {
    orderId,
    amountCents,
    reason: "Damaged copy",
    channel: "provider",
    provider: "payhere",
    paymentRef: "320027150001",
    reference: null,
    idempotencyKey: key,
    createdAt: AT,
  };
}

async function anOrder(admin: CatalogueAdmin, orders: OrderRepository, category: number) {
  const created = await admin.createBook(aBook(category, { stock: 10 }));
  assert.ok(created.kind === "ok");
  const placed = await orders.place(aPlacement([aLine(created.value, "book", 1)]));
  assert.ok(placed.kind === "placed");
  return placed.order.id;
}

async function anOrderIn(sql: SqlClient): Promise<number> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  return await anOrder(new PostgresCatalogueAdmin(sql), new PostgresOrderRepository(sql), novels);
}

/** A refund store beside the orders it refunds, which read the refunds that succeeded. */
interface World {
  store: RefundStore;
  orderId: number;
  orders: Pick<OrderRepository, "findById">;
}

function contract(name: string, fn: (world: World) => Promise<void>) {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const novels = await catalogue.createCategory("Novels");
    assert.ok(novels.kind === "ok");
    const orders = new MemoryOrderRepository(catalogue);
    const orderId = await anOrder(catalogue, orders, novels.value.id);
    const store = new MemoryRefundStore(
      async (id) => (await orders.findById(id)) !== undefined,
      (id, given) => orders.refundGiven(id, given),
    );
    await fn({ store, orderId, orders });
  });
  testOnBothEngines(name, async (sql) => {
    await fn({
      store: new PostgresRefundStore(sql),
      orderId: await anOrderIn(sql),
      orders: new PostgresOrderRepository(sql),
    });
  });
}

contract(
  "a refund holds its amount while pending and once succeeded, not once failed, and each key opens one refund",
  async ({ store, orderId: id, orders }) => {
    const first = await store.open(opening(id, "k1", 60_000), 100_000);
    assert.equal(first.kind, "opened");
    assert.ok(first.kind === "opened");
    assert.equal(first.refund.status, "pending");
    assert.deepEqual(await store.open(opening(id, "k2", 40_001), 100_000), {
      kind: "over_refund",
      leftCents: 40_000,
    });
    const again = await store.open(opening(id, "k1", 60_000), 100_000);
    assert.equal(again.kind, "existing");
    assert.ok(again.kind === "existing");
    assert.equal(again.refund.id, first.refund.id);
    const failed = await store.settle(first.refund.id, {
      status: "failed",
      reference: null,
      answer: "timed out",
      at: AT,
    });
    assert.equal(failed?.status, "failed");
    assert.equal(failed?.answer, "timed out");
    // Settled once: a second outcome changes nothing.
    assert.equal(
      await store.settle(first.refund.id, {
        status: "succeeded",
        reference: "r",
        answer: "",
        at: AT,
      }),
      undefined,
    );
    const second = await store.open(opening(id, "k2", 90_000), 100_000);
    assert.equal(second.kind, "opened");
    // The failed one no longer fits beside it.
    assert.deepEqual(await store.reopen(first.refund.id, 100_000), {
      kind: "over_refund",
      leftCents: 10_000,
    });
    assert.ok(second.kind === "opened");
    assert.equal((await store.reopen(second.refund.id, 100_000)).kind, "not_failed");
    await store.settle(second.refund.id, {
      status: "failed",
      reference: null,
      answer: "refused",
      at: AT,
    });
    const reopened = await store.reopen(first.refund.id, 100_000);
    assert.equal(reopened.kind, "reopened");
    assert.ok(reopened.kind === "reopened");
    assert.equal(reopened.refund.attempts, 2);
    assert.equal(reopened.refund.idempotencyKey, "k1");
    const done = await store.settle(first.refund.id, {
      status: "succeeded",
      reference: "PH-RF-1",
      answer: "Successfully submitted the refund request",
      at: "2026-03-01T10:00:00.000Z",
    });
    assert.equal(done?.reference, "PH-RF-1");
    assert.deepEqual(
      (await store.forOrder(id)).map((r) => [r.idempotencyKey, r.status, r.amountCents]),
      [["k1", "succeeded", 60_000], ["k2", "failed", 90_000]],
    );
    // The order reads the refund that gave money back, not the failed one.
    assert.deepEqual((await orders.findById(id))?.refundsGiven, [
      { amountCents: 60_000, at: "2026-03-01T10:00:00.000Z" },
    ]);
    assert.deepEqual(
      (await store.settledBetween("2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z"))
        .map((r) => r.idempotencyKey),
      ["k1"],
    );
    assert.deepEqual(
      await store.settledBetween("2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z"),
      [],
    );
    assert.deepEqual(await store.open(opening(987_654, "k9", 1), 100), { kind: "not_found" });
  },
);

testOnServer(
  "two refunds at once that together pass what was paid: one is opened, the other refused",
  async (db) => {
    const first = new PostgresJsSqlClient(db.url!, { max: 4 });
    const second = new PostgresJsSqlClient(db.url!, { max: 4 });
    try {
      const id = await anOrderIn(first);
      for (let round = 0; round < 5; round++) {
        const outcomes = await Promise.all([
          new PostgresRefundStore(first).open(
            { ...opening(id, `a${round}`, 80_000), paymentRef: `p${round}` },
            100_000,
          ),
          new PostgresRefundStore(second).open(
            { ...opening(id, `b${round}`, 80_000), paymentRef: `p${round}` },
            100_000,
          ),
        ]);
        assert.deepEqual(outcomes.map((o) => o.kind).sort(), ["opened", "over_refund"]);
      }
    } finally {
      await first.close();
      await second.close();
    }
  },
);
