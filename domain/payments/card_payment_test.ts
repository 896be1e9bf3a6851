import assert from "node:assert/strict";
import fc from "fast-check";
import { sampleOrder } from "../notifications/testing/samples.ts";
import {
  type Order,
  ORDER_STATUSES,
  type OrderEvent,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../orders/model.ts";
import { PAYMENT_POLICIES } from "../orders/payment_policy.ts";
import type { PaymentChangeOutcome } from "../orders/ports.ts";
import type { PaymentPlan } from "../orders/payment.ts";
import {
  awaitsOnlinePayment,
  chargeCents,
  planNotice,
  receiveNotice,
  type VerifiedNotice,
} from "./card_payment.ts";
import type { GatewayNotice, PaymentGateway } from "./gateway.ts";
import { decideEntry, type LedgerEntry } from "./ledger.ts";
import type { PaymentLedger } from "./ports.ts";

const AT = "2026-11-26T10:00:00.000Z";

function cardOrder(overrides: Partial<Order> = {}): Order {
  return sampleOrder({
    paymentMethod: "Card",
    expiresAt: "2026-11-26T10:30:00.000Z",
    ...overrides,
  });
}

function paidNotice(order: Order, overrides: Partial<VerifiedNotice> = {}): VerifiedNotice {
  return {
    kind: "verified",
    orderId: order.id,
    paymentId: "320027150501",
    amountCents: chargeCents(order),
    currency: "LKR",
    outcome: "paid",
    method: "VISA",
    statusMessage: "Successfully completed the payment.",
    ...overrides,
  };
}

Deno.test("a verified success for an unpaid card order pays it, names the gateway's payment on the timeline and mails the customer", () => {
  const order = cardOrder();
  const planned = planNotice(order, paidNotice(order), "PayHere", AT);
  assert.equal(planned.kind, "apply");
  if (planned.kind !== "apply") return;
  assert.equal(planned.late, false);
  assert.equal(planned.plan.from, "unpaid");
  assert.equal(planned.plan.to, "paid");
  assert.equal(planned.plan.clearExpiry, true);
  assert.deepEqual(planned.plan.mails, ["payment_received"]);
  assert.equal(planned.plan.event.actor, "system");
  assert.equal(planned.plan.event.note, "PayHere payment 320027150501 (VISA)");
});

Deno.test("a success for a card order that lapsed meanwhile is kept as paid after lapse, with no mail", () => {
  const order = cardOrder({ status: "rejected", expiresAt: null });
  const planned = planNotice(order, paidNotice(order), "PayHere", AT);
  assert.equal(planned.kind, "apply");
  if (planned.kind !== "apply") return;
  assert.equal(planned.late, true);
  assert.equal(planned.plan.orderStatus, "rejected");
  assert.equal(planned.plan.to, "paid");
  assert.deepEqual(planned.plan.mails, []);
  assert.match(planned.plan.event.note ?? "", /^Paid after the order lapsed: PayHere payment/);
});

Deno.test("a notice changes nothing when its amount, currency, order or method do not match, or when the order is already settled", () => {
  const order = cardOrder();
  const cases: [Order | undefined, VerifiedNotice, string][] = [
    [undefined, paidNotice(order), "unknown_order"],
    [cardOrder({ paymentMethod: "COD" }), paidNotice(order), "not_paid_online"],
    [order, paidNotice(order, { amountCents: chargeCents(order) - 1 }), "amount_mismatch"],
    [order, paidNotice(order, { amountCents: chargeCents(order) + 100 }), "amount_mismatch"],
    [order, paidNotice(order, { currency: "USD" }), "currency_mismatch"],
    [cardOrder({ paymentStatus: "paid" }), paidNotice(order), "already_settled"],
    [order, paidNotice(order, { outcome: "cancelled" }), "outcome_changes_nothing"],
    [order, paidNotice(order, { outcome: "failed" }), "outcome_changes_nothing"],
    [order, paidNotice(order, { outcome: "pending" }), "outcome_changes_nothing"],
    [order, paidNotice(order, { outcome: "chargedback" }), "already_settled"],
  ];
  for (const [subject, notice, reason] of cases) {
    assert.deepEqual(planNotice(subject, notice, "PayHere", AT), { kind: "ignore", reason });
  }
});

Deno.test("a chargeback takes a paid card order back to unpaid, and it waits for the owner instead of lapsing", () => {
  const order = cardOrder({ paymentStatus: "paid", expiresAt: null });
  const planned = planNotice(order, paidNotice(order, { outcome: "chargedback" }), "PayHere", AT);
  assert.equal(planned.kind, "apply");
  if (planned.kind !== "apply") return;
  assert.equal(planned.plan.to, "unpaid");
  assert.equal(planned.plan.clearExpiry, true);
  assert.deepEqual(planned.plan.mails, []);
});

Deno.test("only a verified success for the exact amount, in LKR, of a method paid online ever pays an order", () => {
  fc.assert(fc.property(
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.constantFrom(...ORDER_STATUSES),
    fc.constantFrom("paid", "pending", "cancelled", "failed", "chargedback" as const),
    fc.integer({ min: -2, max: 2 }),
    fc.constantFrom("LKR", "USD"),
    (paymentMethod, paymentStatus, status, outcome, amountShift, currency) => {
      const order = sampleOrder({ paymentMethod, paymentStatus, status });
      const notice = paidNotice(order, {
        outcome,
        currency,
        amountCents: chargeCents(order) + amountShift,
      });
      const planned = planNotice(order, notice, "PayHere", AT);
      if (planned.kind === "ignore") return;
      assert.ok(PAYMENT_POLICIES[paymentMethod].provider !== null);
      assert.equal(amountShift, 0);
      assert.equal(currency, "LKR");
      assert.notEqual(planned.plan.from, planned.plan.to);
      if (planned.plan.to === "paid") assert.equal(outcome, "paid");
      else assert.equal(outcome, "chargedback");
      // Mail goes only for a payment on an order that is still open.
      assert.equal(planned.plan.mails.length > 0, planned.plan.to === "paid" && !planned.late);
    },
  ));
});

/** A gateway whose every notice reads as `notice`: the rule is tested, not the signature. */
function gatewaySaying(notice: GatewayNotice): PaymentGateway {
  return {
    name: "PayHere",
    key: "payhere",
    checkoutOrigin: "http://127.0.0.1",
    checkoutForm: () => ({ action: "http://127.0.0.1/never", fields: {} }),
    readNotification: () => notice,
  };
}

/** Orders kept in a map, changed only while a plan's statuses still hold (as the adapters do). */
function ordersOf(...orders: Order[]) {
  const byId = new Map(orders.map((o) => [o.id, structuredClone(o)]));
  const applied: PaymentPlan[] = [];
  return {
    applied,
    byId,
    findById: (id: number) => Promise.resolve(structuredClone(byId.get(id))),
    changePayment(plan: PaymentPlan): Promise<PaymentChangeOutcome> {
      const order = byId.get(plan.orderId);
      if (!order) return Promise.resolve({ kind: "not_found" });
      if (order.status !== plan.orderStatus || order.paymentStatus !== plan.from) {
        return Promise.resolve({
          kind: "conflict",
          status: order.status,
          paymentStatus: order.paymentStatus,
        });
      }
      order.paymentStatus = plan.to;
      applied.push(plan);
      return Promise.resolve({ kind: "changed", order: structuredClone(order) });
    },
    addEvent(id: number, event: OrderEvent): Promise<Order | undefined> {
      const order = byId.get(id);
      order?.events.push(event);
      return Promise.resolve(structuredClone(order));
    },
  };
}

/** A ledger in a list, deciding each row as the stores do. */
function ledgerOf(): PaymentLedger & { rows: LedgerEntry[] } {
  const rows: LedgerEntry[] = [];
  return {
    rows,
    record(entry) {
      const decision = decideEntry(rows.filter((r) => r.orderId === entry.orderId), entry);
      if (decision.kind === "append") rows.push(entry);
      return Promise.resolve(decision.kind === "append" ? { kind: "recorded" } : decision);
    },
    entriesFor: (orderId) => Promise.resolve(rows.filter((r) => r.orderId === orderId)),
  };
}

const SLIPS = { render: () => Promise.resolve(new Uint8Array([37, 80, 68, 70])) };
const CLOCK = { now: () => new Date(AT) };

Deno.test("receiveNotice() refuses a notice the gateway could not verify and changes nothing", async () => {
  const order = cardOrder();
  const orders = ordersOf(order);
  const result = await receiveNotice({
    gateway: gatewaySaying({ kind: "refused", reason: "signature", detail: "md5sig differs" }),
    orders,
    ledger: ledgerOf(),
    slips: SLIPS,
    clock: CLOCK,
  }, {});
  assert.deepEqual(result, { kind: "refused", reason: "signature", detail: "md5sig differs" });
  assert.equal(orders.applied.length, 0);
});

Deno.test("receiveNotice() pays once however many copies of a notice arrive", async () => {
  const order = cardOrder();
  const orders = ordersOf(order);
  const ledger = ledgerOf();
  const deps = {
    gateway: gatewaySaying(paidNotice(order)),
    orders,
    ledger,
    slips: SLIPS,
    clock: CLOCK,
  };
  const results = await Promise.all([1, 2, 3].map(() => receiveNotice(deps, {})));
  assert.deepEqual(results.map((r) => r.kind).sort(), ["applied", "ignored", "ignored"]);
  assert.equal(orders.applied.length, 1);
  assert.equal(orders.byId.get(order.id)?.paymentStatus, "paid");
  assert.deepEqual(ledger.rows.map((r) => [r.kind, r.ref, r.amountCents]), [
    ["payment", "320027150501", chargeCents(order)],
  ]);
});

Deno.test("receiveNotice() keeps a charge-back final: the paid notice sent again after it changes nothing", async () => {
  const order = cardOrder();
  const orders = ordersOf(order);
  const ledger = ledgerOf();
  const deps = (notice: VerifiedNotice) => ({
    gateway: gatewaySaying(notice),
    orders,
    ledger,
    slips: SLIPS,
    clock: CLOCK,
  });
  const paid = paidNotice(order);
  assert.equal((await receiveNotice(deps(paid), {})).kind, "applied");
  const chargeback = await receiveNotice(deps({ ...paid, outcome: "chargedback" }), {});
  assert.deepEqual(chargeback, { kind: "applied", orderId: order.id, late: false, to: "unpaid" });
  const replayed = await receiveNotice(deps(paid), {});
  assert.deepEqual(replayed, { kind: "ignored", orderId: order.id, reason: "charged_back" });
  assert.equal(orders.byId.get(order.id)?.paymentStatus, "unpaid");
  assert.deepEqual(ledger.rows.map((r) => r.kind), ["payment", "chargeback"]);
  // A wrong amount or a pending notice is no row of the ledger.
  await receiveNotice(deps({ ...paid, paymentId: "2", amountCents: 1 }), {});
  await receiveNotice(deps({ ...paid, paymentId: "3", outcome: "pending" }), {});
  assert.equal(ledger.rows.length, 2);
});

Deno.test("receiveNotice() tells a declined card on the order's timeline once per payment, and a payment after it still pays", async () => {
  const order = cardOrder();
  const orders = ordersOf(order);
  const ledger = ledgerOf();
  const deps = (notice: VerifiedNotice) => ({
    gateway: gatewaySaying(notice),
    orders,
    ledger,
    slips: SLIPS,
    clock: CLOCK,
  });
  const declined = paidNotice(order, {
    paymentId: "320027150999",
    outcome: "failed",
    statusMessage: "Payment declined by the card issuer.",
  });
  assert.deepEqual(await receiveNotice(deps(declined), {}), { kind: "failed", orderId: order.id });
  assert.deepEqual(await receiveNotice(deps(declined), {}), {
    kind: "ignored",
    orderId: order.id,
    reason: "outcome_changes_nothing",
  });
  const told = orders.byId.get(order.id)!.events.filter((e) => e.kind === "payment_failed");
  assert.deepEqual(told.map((e) => [e.actor, e.note]), [[
    "system",
    "PayHere payment 320027150999 did not go through: Payment declined by the card issuer.",
  ]]);
  assert.equal(ledger.rows.length, 0, "a declined card moved no money");
  assert.equal((await receiveNotice(deps(paidNotice(order)), {})).kind, "applied");
  // Once paid, a late copy of the decline is not told.
  assert.equal((await receiveNotice(deps({ ...declined, paymentId: "5" }), {})).kind, "ignored");
});

Deno.test("receiveNotice() takes a payment kept after lapse back to unpaid when the gateway charges it back: no refund is due", async () => {
  const order = cardOrder({ status: "rejected", expiresAt: null });
  const orders = ordersOf(order);
  const ledger = ledgerOf();
  const deps = (notice: VerifiedNotice) => ({
    gateway: gatewaySaying(notice),
    orders,
    ledger,
    slips: SLIPS,
    clock: CLOCK,
  });
  const paid = paidNotice(order);
  assert.deepEqual(await receiveNotice(deps(paid), {}), {
    kind: "applied",
    orderId: order.id,
    late: true,
    to: "paid",
  });
  assert.deepEqual(await receiveNotice(deps({ ...paid, outcome: "chargedback" }), {}), {
    kind: "applied",
    orderId: order.id,
    late: false,
    to: "unpaid",
  });
  assert.equal(orders.byId.get(order.id)?.paymentStatus, "unpaid");
  assert.deepEqual(orders.applied.map((p) => p.mails), [[], []]);
});

Deno.test("receiveNotice() plans again when the lapse overtook it, and keeps the payment as paid after lapse", async () => {
  const order = cardOrder();
  const orders = ordersOf(order);
  // The lapse loop writes between the notice's read and its write.
  const findById = orders.findById;
  let reads = 0;
  orders.findById = async (id: number) => {
    const found = await findById(id);
    if (reads++ === 0) orders.byId.get(id)!.status = "rejected";
    return found;
  };
  const result = await receiveNotice({
    gateway: gatewaySaying(paidNotice(order)),
    orders,
    ledger: ledgerOf(),
    slips: SLIPS,
    clock: CLOCK,
  }, {});
  assert.deepEqual(result, { kind: "applied", orderId: order.id, late: true, to: "paid" });
  assert.equal(orders.applied.length, 1);
  assert.deepEqual(orders.applied[0].mails, []);
});

Deno.test("receiveNotice() renders a completed order's slip again when the payment arrives after dispatch", async () => {
  const order = cardOrder({ status: "completed", expiresAt: null });
  const orders = ordersOf(order);
  let rendered: Order | undefined;
  const result = await receiveNotice({
    gateway: gatewaySaying(paidNotice(order)),
    orders,
    ledger: ledgerOf(),
    slips: {
      render: (o: Order) => {
        rendered = o;
        return SLIPS.render();
      },
    },
    clock: CLOCK,
  }, {});
  assert.equal(result.kind, "applied");
  assert.equal(rendered?.paymentStatus, "paid");
  assert.equal(orders.applied[0].saveSlip, true);
});

Deno.test("awaitsOnlinePayment() offers the gateway's form only for a pending, unpaid order of a method paid online", () => {
  const card = { paymentMethod: "Card" as const, status: "pending" as const };
  assert.equal(awaitsOnlinePayment({ ...card, paymentStatus: "unpaid" }), true);
  assert.equal(awaitsOnlinePayment({ ...card, paymentStatus: "paid" }), false);
  assert.equal(
    awaitsOnlinePayment({ ...card, status: "rejected", paymentStatus: "unpaid" }),
    false,
  );
  assert.equal(
    awaitsOnlinePayment({ paymentMethod: "COD", status: "pending", paymentStatus: "unpaid" }),
    false,
  );
  assert.equal(
    awaitsOnlinePayment({
      paymentMethod: "Bank Deposit",
      status: "pending",
      paymentStatus: "unpaid",
    }),
    false,
  );
});
