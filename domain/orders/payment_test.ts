import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_HOLD_RULES } from "./payment_policy.ts";
import { EVENT_ACTORS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import { canChangePayment, isSlipRefusal, planPaymentChange } from "./payment.ts";

const AT = "2026-03-01T10:00:00.000Z";

Deno.test("canChangePayment() lets the admin record and undo cash on a COD order, and nothing else", () => {
  assert.equal(canChangePayment("COD", "unpaid", "paid", "admin"), true);
  assert.equal(canChangePayment("COD", "paid", "unpaid", "admin"), true);
  assert.equal(canChangePayment("COD", "unpaid", "proof_submitted", "customer"), false);
  assert.equal(canChangePayment("COD", "unpaid", "paid", "customer"), false);
  assert.equal(canChangePayment("COD", "unpaid", "paid", "system"), false);
});

Deno.test("canChangePayment() takes a deposit from proof to verified, or paid directly, by the right hands", () => {
  assert.equal(canChangePayment("Bank Deposit", "unpaid", "proof_submitted", "customer"), true);
  assert.equal(
    canChangePayment("Bank Deposit", "proof_submitted", "proof_submitted", "customer"),
    true,
  );
  assert.equal(canChangePayment("Bank Deposit", "proof_submitted", "paid", "admin"), true);
  assert.equal(canChangePayment("Bank Deposit", "proof_submitted", "unpaid", "admin"), true);
  assert.equal(canChangePayment("Bank Deposit", "unpaid", "paid", "admin"), true);
  assert.equal(canChangePayment("Bank Deposit", "paid", "unpaid", "admin"), true);
  assert.equal(canChangePayment("Bank Deposit", "unpaid", "paid", "customer"), false);
  assert.equal(canChangePayment("Bank Deposit", "paid", "proof_submitted", "customer"), false);
  assert.equal(canChangePayment("Bank Deposit", "unpaid", "proof_submitted", "admin"), false);
});

Deno.test("planPaymentChange() refuses every change on a rejected order and plans the table's moves on the others", () => {
  fc.assert(fc.property(
    fc.constantFrom(...ORDER_STATUSES),
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.constantFrom(...EVENT_ACTORS),
    (status, paymentMethod, paymentStatus, to, actor) => {
      const planned = planPaymentChange(
        { id: 4, status, paymentMethod, paymentStatus },
        { to, actor, at: AT, note: null },
      );
      if (status === "rejected") return assert.deepEqual(planned, { kind: "order_rejected" });
      if (!canChangePayment(paymentMethod, paymentStatus, to, actor)) {
        return assert.deepEqual(planned, { kind: "illegal", from: paymentStatus, to });
      }
      // A slip refused without a reason is refused (the next test plans one with a reason).
      if (isSlipRefusal({ paymentStatus }, { to, actor })) {
        return assert.deepEqual(planned, { kind: "reason_required" });
      }
      assert.deepEqual(planned, {
        kind: "ok",
        plan: {
          orderId: 4,
          orderStatus: status,
          from: paymentStatus,
          to,
          clearExpiry: actor === "admin",
          event: { at: AT, kind: to, actor, note: null },
          mails: to === "paid" ? ["payment_received"] : [],
          // A completed order keeps a slip, which says how its money stands.
          saveSlip: status === "completed",
        },
      });
    },
  ));
});

Deno.test("planPaymentChange() keeps the admin's note on the event", () => {
  const planned = planPaymentChange(
    { id: 1, status: "completed", paymentMethod: "COD", paymentStatus: "unpaid" },
    { to: "paid", actor: "admin", at: AT, note: "Cash from Pronto" },
  );
  assert.ok(planned.kind === "ok");
  assert.equal(planned.plan.event.note, "Cash from Pronto");
});

Deno.test("a refused slip takes a reason the customer reads, and starts the method's hold again from now", () => {
  const order = {
    id: 9,
    status: "pending",
    paymentMethod: "Bank Deposit",
    paymentStatus: "proof_submitted",
  } as const;
  assert.deepEqual(
    planPaymentChange(order, { to: "unpaid", actor: "admin", at: AT, note: "  " }),
    { kind: "reason_required" },
  );
  const planned = planPaymentChange(order, {
    to: "unpaid",
    actor: "admin",
    at: AT,
    note: "The amount on the slip is LKR 900, not LKR 950",
    holdRules: { ...DEFAULT_HOLD_RULES, bankDepositHours: 24 },
  });
  assert.ok(planned.kind === "ok");
  assert.deepEqual(planned.plan.event, {
    at: AT,
    kind: "slip_refused",
    actor: "admin",
    note: "The amount on the slip is LKR 900, not LKR 950",
  });
  assert.equal(planned.plan.newExpiry, new Date(Date.parse(AT) + 24 * 3_600_000).toISOString());
  assert.deepEqual(planned.plan.mails, ["slip_refused"]);
  assert.equal(planned.plan.to, "unpaid");
});
