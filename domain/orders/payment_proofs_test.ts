import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import {
  holdAfterProof,
  MAX_PAYMENT_PROOFS,
  noticeDueAt,
  planProof,
  proofRefusal,
} from "./payment_proofs.ts";

Deno.test("proofRefusal() takes up to five proofs on a pending unpaid or proofed Bank Deposit order, nothing else", () => {
  fc.assert(fc.property(
    fc.constantFrom(...ORDER_STATUSES),
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.nat(7),
    (status, paymentMethod, paymentStatus, proofCount) => {
      const refusal = proofRefusal({ status, paymentMethod, paymentStatus, proofCount });
      const takes = paymentMethod === "Bank Deposit" && status === "pending" &&
        paymentStatus !== "paid" && proofCount < MAX_PAYMENT_PROOFS;
      assert.equal(refusal === undefined, takes);
    },
  ));
  const order = {
    status: "pending" as const,
    paymentMethod: "Bank Deposit" as const,
    paymentStatus: "proof_submitted" as const,
  };
  assert.equal(proofRefusal({ ...order, proofCount: 4 }), undefined);
  assert.equal(proofRefusal({ ...order, proofCount: 5 }), "too_many");
  assert.equal(proofRefusal({ ...order, paymentMethod: "COD", proofCount: 0 }), "not_bank_deposit");
  assert.equal(proofRefusal({ ...order, status: "rejected", proofCount: 0 }), "not_pending");
  assert.equal(proofRefusal({ ...order, paymentStatus: "paid", proofCount: 0 }), "paid");
});

Deno.test("planProof() makes the order proof_submitted with the customer's event", () => {
  const bytes = new Uint8Array([1]);
  const plan = planProof(7, {
    contentType: "application/pdf",
    bytes,
    at: "2026-03-01T10:00:00.000Z",
    reviewUntil: "2026-03-04T10:00:00.000Z",
  });
  assert.deepEqual(plan, {
    orderId: 7,
    contentType: "application/pdf",
    bytes,
    paymentStatus: "proof_submitted",
    reviewUntil: "2026-03-04T10:00:00.000Z",
    event: {
      at: "2026-03-01T10:00:00.000Z",
      kind: "proof_submitted",
      actor: "customer",
      note: null,
    },
    mails: [],
    notice: { kind: "shop_proof_uploaded", dueAt: "2026-03-01T10:00:00.000Z" },
  });
});

Deno.test("holdAfterProof() gives the first slip the owner's review time, and later slips nothing more", () => {
  const placedHold = "2026-03-03T10:00:00.000Z";
  const review = "2026-03-05T09:00:00.000Z";
  assert.equal(holdAfterProof({ expiresAt: placedHold, proofCount: 0 }, review), review);
  // A second slip, however late, never moves the end: five slips hold no longer than one.
  assert.equal(
    holdAfterProof({ expiresAt: review, proofCount: 1 }, "2026-03-09T09:00:00.000Z"),
    review,
  );
  // Never shorter than the hold the order had.
  assert.equal(
    holdAfterProof({ expiresAt: placedHold, proofCount: 0 }, "2026-03-02T00:00:00.000Z"),
    placedHold,
  );
  // The admin took the order in hand: it waits for the admin.
  assert.equal(holdAfterProof({ expiresAt: null, proofCount: 0 }, review), null);
});

Deno.test("noticeDueAt() sends a slip's notice at the end of its window, so one mail names every slip of the window", () => {
  assert.equal(noticeDueAt("2026-03-01T10:00:00.001Z", 15), "2026-03-01T10:15:00.000Z");
  assert.equal(noticeDueAt("2026-03-01T10:14:59.999Z", 15), "2026-03-01T10:15:00.000Z");
  assert.equal(noticeDueAt("2026-03-01T10:15:00.000Z", 15), "2026-03-01T10:15:00.000Z");
  assert.equal(noticeDueAt("2026-03-01T10:15:00.001Z", 60), "2026-03-01T11:00:00.000Z");
});
