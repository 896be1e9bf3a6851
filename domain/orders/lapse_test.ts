import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import {
  LAPSE_REASON,
  type LapseCandidate,
  lapseOutcome,
  lapses,
  planLapse,
  SLIP_LAPSE_REASON,
} from "./lapse.ts";

const DUE: LapseCandidate = {
  status: "pending",
  paymentMethod: "Bank Deposit",
  paymentStatus: "unpaid",
  expiresAt: "2026-03-03T10:00:00.000Z",
  proofCount: 0,
};

Deno.test("lapses() at the expiry time exactly, not a millisecond before", () => {
  assert.equal(lapses(DUE, "2026-03-03T10:00:00.000Z"), true);
  assert.equal(lapses(DUE, "2026-03-03T09:59:59.999Z"), false);
  assert.equal(lapses({ ...DUE, expiresAt: null }, "2030-01-01T00:00:00.000Z"), false);
});

Deno.test("lapses() any pending order not yet paid whose hold is up, whatever its method or slips", () => {
  // Before: only a Bank Deposit order that never sent a slip lapsed; a 68-byte "slip" held
  // the stock for good, and Cash on Delivery orders never lapsed at all.
  fc.assert(fc.property(
    fc.constantFrom(...ORDER_STATUSES),
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.nat(5),
    (status, paymentMethod, paymentStatus, proofCount) => {
      const order = { ...DUE, status, paymentMethod, paymentStatus, proofCount };
      const expected = status === "pending" && paymentStatus !== "paid";
      assert.equal(lapses(order, "2026-03-04T00:00:00.000Z"), expected);
    },
  ));
});

Deno.test("lapseOutcome() names why: no payment (a refused slip's too), a slip not checked in time, or a COD order not confirmed", () => {
  // A slip refused: the order waits for a payment again, and lapses as one never paid.
  assert.deepEqual(lapseOutcome({ paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }), {
    reason: LAPSE_REASON,
    mail: "order_lapsed",
  });
  assert.deepEqual(lapseOutcome({ paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }), {
    reason: LAPSE_REASON,
    mail: "order_lapsed",
  });
  assert.deepEqual(
    lapseOutcome({ paymentMethod: "Bank Deposit", paymentStatus: "proof_submitted" }),
    {
      reason: SLIP_LAPSE_REASON,
      mail: "order_rejected",
    },
  );
  assert.deepEqual(lapseOutcome({ paymentMethod: "COD", paymentStatus: "unpaid" }), {
    reason: "Not confirmed by the shop in time",
    mail: "order_rejected",
  });
  const plan = planLapse(7, "2026-03-06T10:00:00.000Z", {
    paymentMethod: "Bank Deposit",
    paymentStatus: "proof_submitted",
  });
  assert.deepEqual([plan.rejectReason, plan.mails, plan.returnStock, plan.event.kind], [
    SLIP_LAPSE_REASON,
    ["order_rejected"],
    true,
    "lapsed",
  ]);
});
