/**
 * The refund use case (domain/payments/refund_order.ts) over the memory ledger and refund
 * store, with a provider that answers what each test says.
 */
import assert from "node:assert/strict";
import { type RefundDeps, refundOrder, retryRefund } from "../../domain/payments/refund_order.ts";
import type { LedgerEntry } from "../../domain/payments/ledger.ts";
import type { ProviderRefundRequest, ProviderRefundResult } from "../../domain/payments/gateway.ts";
import { sampleOrder } from "../../domain/notifications/testing/samples.ts";
import { MemoryPaymentLedger } from "./payment_ledger.ts";
import { MemoryRefundStore } from "./refunds.ts";
import type { Order, OrderEvent } from "../../domain/orders/model.ts";
import type { MailKind } from "../../domain/notifications/mail_kinds.ts";
import type { PaymentPlan } from "../../domain/orders/payment.ts";

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

/** The use case over memory stores, with a provider that answers what the test says. */
function world(answers: (ProviderRefundResult | Error)[], overrides: Partial<Order> = {}) {
  const order = cardOrder(overrides);
  const plans: PaymentPlan[] = [];
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
      changePayment: (plan) => {
        plans.push(plan);
        return Promise.resolve({ kind: "changed" as const, order });
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
          checkoutOrigin: "https://sandbox.payhere.lk",
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
  return { order, deps, events, mails, sent, ledger, plans };
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

Deno.test("a cancelled order's refund due is settled by refunds that give back all it paid: unpaid again, no other mail; not before, and never an open order", async () => {
  const answers = () => [
    { kind: "refunded" as const, providerRef: "2000011", answer: "ok" },
    { kind: "refunded" as const, providerRef: "2000012", answer: "ok" },
  ];
  const lapsed = world(answers(), { status: "rejected" });
  await lapsed.ledger.record(paid(lapsed.order, 10_000));
  const part = { orderId: lapsed.order.id, amountCents: 4_000, reason: "Sold out" };
  assert.equal((await refundOrder(lapsed.deps, part)).kind, "succeeded");
  assert.equal(lapsed.plans.length, 0, "money is left to refund: still due");
  const rest = { orderId: lapsed.order.id, amountCents: 6_000, reason: "Sold out" };
  assert.equal((await refundOrder(lapsed.deps, rest)).kind, "succeeded");
  assert.deepEqual(
    lapsed.plans.map((p) => [p.from, p.to, p.event.actor, p.mails.length]),
    [["paid", "unpaid", "system", 0]],
  );
  assert.deepEqual(lapsed.mails, ["order_refunded", "order_refunded"]);

  const open = world(answers());
  await open.ledger.record(paid(open.order, 10_000));
  const whole = { orderId: open.order.id, amountCents: 10_000, reason: "Changed mind" };
  assert.equal((await refundOrder(open.deps, whole)).kind, "succeeded");
  assert.equal(open.plans.length, 0, "an open order keeps its payment status: the owner decides");
});
