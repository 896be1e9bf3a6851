import assert from "node:assert/strict";
import fc from "fast-check";
import { decideRefund, type Refund, refundable, refundSummary } from "./refunds.ts";
import { type RefundDeps, refundOrder, retryRefund } from "./refund_order.ts";
import type { LedgerEntry } from "./ledger.ts";
import type { ProviderRefundRequest, ProviderRefundResult } from "./gateway.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";
import { MemoryPaymentLedger } from "../../adapters/memory/payment_ledger.ts";
import { MemoryRefundStore } from "../../adapters/memory/refunds.ts";
import type { Order, OrderEvent } from "../orders/model.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";

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

/** The use case over memory stores, with a provider that answers what the test says. */
function world(answers: (ProviderRefundResult | Error)[]) {
  const order = cardOrder();
  const events: OrderEvent[] = [];
  const mails: MailKind[] = [];
  const sent: ProviderRefundRequest[] = [];
  const ledger = new MemoryPaymentLedger();
  const deps: RefundDeps = {
    orders: {
      findById: (id) => Promise.resolve(id === order.id ? order : undefined),
      addEvent: (_id, event) => {
        events.push(event);
        return Promise.resolve(order);
      },
      enqueueMail: (_id, kind) => {
        mails.push(kind);
        return Promise.resolve();
      },
    },
    ledger,
    refunds: new MemoryRefundStore(),
    clock: { now: () => new Date(AT) },
    newKey: () => crypto.randomUUID(),
    provider: (key) =>
      key === "payhere"
        ? {
          name: "PayHere",
          key,
          checkoutForm: () => ({ action: "", fields: {} }),
          readNotification: () => ({ kind: "refused", reason: "malformed", detail: "" }),
          refund: (request) => {
            sent.push(request);
            const answer = answers.shift() ?? { kind: "failed", answer: "no more answers" };
            return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
          },
        }
        : undefined,
  };
  return { order, deps, events, mails, sent, ledger };
}

Deno.test("a refund the provider takes is a ledger row by its refund id, an event and the customer's mail; the whole payment is asked without an amount", async () => {
  const w = world([{ kind: "refunded", providerRef: "2000001", answer: "Successfully submitted" }]);
  await w.ledger.record(paid(w.order, 10_000));
  const result = await refundOrder(w.deps, {
    orderId: w.order.id,
    amountCents: 10_000,
    reason: "Out of print",
  });
  assert.equal(result.kind, "succeeded");
  assert.equal(w.sent[0].whole, true);
  assert.equal(w.sent[0].description, "Out of print");
  const rows = await w.ledger.entriesFor(w.order.id);
  assert.deepEqual(rows.map((r) => [r.kind, r.ref, r.amountCents]), [
    ["payment", "320027150001", 10_000],
    ["refund", "2000001", 10_000],
  ]);
  assert.deepEqual(w.events.map((e) => [e.kind, e.note]), [
    ["refunded", "LKR 100.00 (ref 2000001): Out of print"],
  ]);
  assert.deepEqual(w.mails, ["order_refunded"]);
});

Deno.test("a provider that throws or refuses leaves a failed refund with its words, no ledger row and no mail; the retry sends the same key", async () => {
  const w = world([
    new Error("connection reset"),
    { kind: "refunded", providerRef: "2000002", answer: "ok" },
  ]);
  await w.ledger.record(paid(w.order, 10_000));
  const failed = await refundOrder(w.deps, {
    orderId: w.order.id,
    amountCents: 2_500,
    reason: "Torn",
    idempotencyKey: "dialog-7",
  });
  assert.equal(failed.kind, "failed");
  assert.ok(failed.kind === "failed");
  assert.equal(failed.refund.answer, "connection reset");
  assert.equal((await w.ledger.entriesFor(w.order.id)).length, 1);
  assert.deepEqual(w.mails, []);
  const retried = await retryRefund(w.deps, w.order.id, failed.refund.id);
  assert.equal(retried.kind, "succeeded");
  assert.deepEqual(w.sent.map((s) => [s.idempotencyKey, s.whole, s.amountCents]), [
    ["dialog-7", false, 2_500],
    ["dialog-7", false, 2_500],
  ]);
  assert.deepEqual(await retryRefund(w.deps, w.order.id, failed.refund.id), {
    kind: "refused",
    reason: "not_failed",
  });
  // The same key asked again answers the refund made, sending nothing.
  const same = await refundOrder(w.deps, {
    orderId: w.order.id,
    amountCents: 2_500,
    reason: "Torn",
    idempotencyKey: "dialog-7",
  });
  assert.equal(same.kind, "succeeded");
  assert.equal(w.sent.length, 2);
});
