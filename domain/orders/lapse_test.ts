import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import { type LapseCandidate, lapses } from "./lapse.ts";

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

Deno.test("lapses() only a pending unpaid Bank Deposit order that never sent a proof", () => {
  fc.assert(fc.property(
    fc.constantFrom(...ORDER_STATUSES),
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.nat(5),
    (status, paymentMethod, paymentStatus, proofCount) => {
      const order = { ...DUE, status, paymentMethod, paymentStatus, proofCount };
      const expected = status === "pending" && paymentMethod === "Bank Deposit" &&
        paymentStatus === "unpaid" && proofCount === 0;
      assert.equal(lapses(order, "2026-03-04T00:00:00.000Z"), expected);
    },
  ));
});
