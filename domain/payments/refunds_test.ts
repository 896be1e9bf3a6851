import assert from "node:assert/strict";
import fc from "fast-check";
import { decideRefund, type Refund, refundable, refundSummary } from "./refunds.ts";
import type { LedgerEntry } from "./ledger.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";
import type { Order } from "../orders/model.ts";

const AT = "2026-03-01T09:00:00.000Z";

function cardOrder(overrides: Partial<Order> = {}): Order {
  return sampleOrder({ paymentMethod: "Card", paymentStatus: "paid", ...overrides });
}

function paid(order: Order, cents: number, ref = "320027150001"): LedgerEntry {
  return {
    orderId: order.id,
    provider: "payhere",
    kind: "payment",
    paymentRef: ref,
    ref,
    amountCents: cents,
    at: AT,
  };
}

function aRefund(overrides: Partial<Refund>): Refund {
  return {
    id: 1,
    orderId: 1042,
    amountCents: 1_000,
    reason: "Torn",
    channel: "provider",
    provider: "payhere",
    paymentRef: "320027150001",
    reference: null,
    status: "succeeded",
    answer: null,
    idempotencyKey: "k",
    attempts: 1,
    createdAt: AT,
    settledAt: AT,
    ...overrides,
  };
}

Deno.test("what may be refunded is what was paid less the refunds that succeeded or are under way, never a failed one", () => {
  const order = cardOrder();
  const ledger = [paid(order, 10_000)];
  const left = (refunds: Refund[]) => refundable(order, ledger, refunds)?.leftCents;
  assert.equal(left([]), 10_000);
  assert.equal(left([aRefund({ amountCents: 4_000 })]), 6_000);
  assert.equal(left([aRefund({ amountCents: 4_000, status: "pending" })]), 6_000);
  assert.equal(left([aRefund({ amountCents: 4_000, status: "failed" })]), 10_000);
  // A charge-back leaves nothing to refund.
  assert.equal(
    refundable(order, [...ledger, { ...ledger[0], kind: "chargeback" }], []),
    undefined,
  );
  // By hand: what the order charged, once recorded paid.
  assert.equal(refundable(sampleOrder({ paymentStatus: "unpaid" }), [], []), undefined);
  const cod = sampleOrder({ paymentStatus: "paid" });
  assert.deepEqual(refundable(cod, [], []), {
    channel: "manual",
    provider: "cod",
    paymentRef: "order-1042",
    paidCents: cod.totalCents + cod.deliveryFeeCents,
    leftCents: cod.totalCents + cod.deliveryFeeCents,
  });
});

Deno.test("a refund is allowed only when above 0, with a reason, within what is left (and with a reference by hand)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: -1_000, max: 2_000_000 }),
      (paidCents, refundedCents, asked) => {
        fc.pre(refundedCents <= paidCents);
        const order = cardOrder();
        const refunds = refundedCents > 0 ? [aRefund({ amountCents: refundedCents })] : [];
        const decision = decideRefund(order, [paid(order, paidCents)], refunds, {
          orderId: order.id,
          amountCents: asked,
          reason: "Torn",
        });
        if (asked <= 0) return decision.kind === "refused" && decision.reason === "bad_amount";
        if (asked > paidCents - refundedCents) {
          return decision.kind === "refused" && decision.reason === "over_refund" &&
            decision.leftCents === paidCents - refundedCents;
        }
        return decision.kind === "ok";
      },
    ),
  );
  const cod = sampleOrder({ paymentStatus: "paid" });
  const ask = { orderId: cod.id, amountCents: 100, reason: "Torn" };
  assert.deepEqual(decideRefund(cod, [], [], ask), {
    kind: "refused",
    reason: "reference_required",
  });
  assert.equal(decideRefund(cod, [], [], { ...ask, reference: "Slip 9" }).kind, "ok");
  assert.deepEqual(decideRefund(cod, [], [], { ...ask, reason: " " }), {
    kind: "refused",
    reason: "reason_required",
  });
  assert.deepEqual(decideRefund(sampleOrder(), [], [], { ...ask, reference: "x" }), {
    kind: "refused",
    reason: "not_paid",
  });
});

Deno.test("an order's refund state: partly refunded, then refunded when the refunds give back all that was paid", () => {
  const order = cardOrder();
  const ledger = [paid(order, 10_000)];
  assert.equal(refundSummary(order, ledger, []).state, "none");
  assert.equal(
    refundSummary(order, ledger, [aRefund({ amountCents: 4_000, status: "failed" })]).state,
    "none",
  );
  assert.equal(
    refundSummary(order, ledger, [aRefund({ amountCents: 4_000 })]).state,
    "partly_refunded",
  );
  const all = refundSummary(order, ledger, [
    aRefund({ amountCents: 4_000 }),
    aRefund({ id: 2, amountCents: 6_000 }),
  ]);
  assert.deepEqual([all.state, all.paidCents, all.refundedCents], ["refunded", 10_000, 10_000]);
});
