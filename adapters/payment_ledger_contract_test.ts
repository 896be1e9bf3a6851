/**
 * The payment ledger in memory, on PGlite and on a PostgreSQL server: rows appended once by
 * the provider's id, a charge-back final for its payment (a copy of the paid notice changes
 * nothing after it), refunds up to what was paid, and a row for a missing order refused. On
 * a server, two refunds at once that together pass what was paid: one is recorded.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresPaymentLedger } from "./postgres/payment_ledger.ts";
import { PostgresJsSqlClient } from "./postgres/postgresjs_client.ts";
import { MemoryPaymentLedger } from "./memory/payment_ledger.ts";
import type { PaymentLedger } from "../domain/payments/ports.ts";
import { type LedgerEntry, ledgerPaymentStatus, ledgerSums } from "../domain/payments/ledger.ts";
import type { SqlClient } from "./postgres/sql_client.ts";

const AT = "2026-03-01T09:00:00.000Z";

function row(orderId: number, kind: LedgerEntry["kind"], overrides: Partial<LedgerEntry> = {}) {
  const paymentRef = overrides.paymentRef ?? "320027150001";
  return {
    orderId,
    provider: "payhere",
    kind,
    paymentRef,
    ref: kind === "refund" ? "refund-1" : paymentRef,
    amountCents: 250_000,
    at: AT,
    ...overrides,
  } satisfies LedgerEntry;
}

/** Two orders in the database, to keep rows to. */
async function twoOrders(sql: SqlClient): Promise<[number, number]> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 10 }));
  assert.ok(created.kind === "ok");
  const orders = new PostgresOrderRepository(sql);
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await orders.place(aPlacement([aLine(created.value, "book", 1)]));
    assert.ok(placed.kind === "placed");
    ids.push(placed.order.id);
  }
  return [ids[0], ids[1]];
}

function contract(
  name: string,
  fn: (world: { ledger: PaymentLedger; orderIds: [number, number] }) => Promise<void>,
): void {
  Deno.test(`${name} [memory]`, async () => {
    const ledger = new MemoryPaymentLedger((id) => Promise.resolve(id === 1 || id === 2));
    await fn({ ledger, orderIds: [1, 2] });
  });
  testOnBothEngines(name, async (sql) => {
    await fn({ ledger: new PostgresPaymentLedger(sql), orderIds: await twoOrders(sql) });
  });
}

contract(
  "a charge-back is final: the paid notice replayed after it is a duplicate, and the order's rows say unpaid",
  async ({ ledger, orderIds: [id] }) => {
    assert.deepEqual(await ledger.record(row(id, "payment")), { kind: "recorded" });
    assert.deepEqual(await ledger.record(row(id, "payment")), { kind: "duplicate" });
    assert.equal(ledgerPaymentStatus(await ledger.entriesFor(id)), "paid");
    assert.deepEqual(await ledger.record(row(id, "chargeback")), { kind: "recorded" });
    assert.deepEqual(await ledger.record(row(id, "payment")), { kind: "duplicate" });
    assert.deepEqual(await ledger.record(row(id, "chargeback")), { kind: "duplicate" });
    const entries = await ledger.entriesFor(id);
    assert.deepEqual(entries.map((e) => [e.kind, e.ref, e.amountCents, e.at]), [
      ["payment", "320027150001", 250_000, AT],
      ["chargeback", "320027150001", 250_000, AT],
    ]);
    assert.equal(ledgerPaymentStatus(entries), "unpaid");
    assert.deepEqual(await ledger.record(row(id, "refund")), {
      kind: "refused",
      reason: "charged_back",
    });
  },
);

contract(
  "refunds are taken up to what was paid, each once by its id, and a row for no order is refused",
  async ({ ledger, orderIds: [id, other] }) => {
    assert.deepEqual(await ledger.record(row(id, "refund")), {
      kind: "refused",
      reason: "not_paid",
    });
    await ledger.record(row(id, "payment", { amountCents: 100_000 }));
    assert.deepEqual(await ledger.record(row(id, "refund", { ref: "r1", amountCents: 30_000 })), {
      kind: "recorded",
    });
    assert.deepEqual(await ledger.record(row(id, "refund", { ref: "r1", amountCents: 30_000 })), {
      kind: "duplicate",
    });
    assert.deepEqual(await ledger.record(row(id, "refund", { ref: "r2", amountCents: 70_001 })), {
      kind: "refused",
      reason: "over_refund",
    });
    assert.deepEqual(await ledger.record(row(id, "refund", { ref: "r2", amountCents: 70_000 })), {
      kind: "recorded",
    });
    assert.deepEqual(ledgerSums(await ledger.entriesFor(id)), {
      paidCents: 100_000,
      refundedCents: 100_000,
      chargedBackCents: 0,
      standing: true,
    });
    // The same payment id can pay no second order.
    assert.deepEqual(await ledger.record(row(other, "payment", { amountCents: 100_000 })), {
      kind: "duplicate",
    });
    assert.deepEqual(await ledger.entriesFor(other), []);
    assert.deepEqual(await ledger.record(row(987_654, "payment", { paymentRef: "p9" })), {
      kind: "not_found",
    });
  },
);

testOnBothEngines(
  "the payment ledger's rows are appended, never changed or removed",
  async (sql) => {
    const [id] = await twoOrders(sql);
    await new PostgresPaymentLedger(sql).record(row(id, "payment"));
    await assert.rejects(sql.query("UPDATE payment_ledger SET amount_cents = 1"), /never changed/);
    await assert.rejects(sql.query("DELETE FROM payment_ledger"), /never changed/);
  },
);

testOnServer(
  "two refunds at once that together pass what was paid: one is recorded, the other refused",
  async (db) => {
    const first = new PostgresJsSqlClient(db.url!, { max: 4 });
    const second = new PostgresJsSqlClient(db.url!, { max: 4 });
    try {
      const [id] = await twoOrders(first);
      for (let round = 0; round < 5; round++) {
        const paymentRef = `p${round}`;
        await new PostgresPaymentLedger(first).record(
          row(id, "payment", { paymentRef, ref: paymentRef, amountCents: 100_000 }),
        );
        const outcomes = await Promise.all([
          new PostgresPaymentLedger(first).record(
            row(id, "refund", { paymentRef, ref: `${paymentRef}-a`, amountCents: 80_000 }),
          ),
          new PostgresPaymentLedger(second).record(
            row(id, "refund", { paymentRef, ref: `${paymentRef}-b`, amountCents: 80_000 }),
          ),
        ]);
        assert.deepEqual(outcomes.map((o) => o.kind).sort(), ["recorded", "refused"]);
      }
      const sums = ledgerSums(await new PostgresPaymentLedger(first).entriesFor(id));
      assert.deepEqual([sums.paidCents, sums.refundedCents], [500_000, 400_000]);
    } finally {
      await first.close();
      await second.close();
    }
  },
);
