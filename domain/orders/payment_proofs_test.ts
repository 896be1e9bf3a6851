import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import { MAX_PAYMENT_PROOFS, planProof, proofRefusal } from "./payment_proofs.ts";

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
  });
  assert.deepEqual(plan, {
    orderId: 7,
    contentType: "application/pdf",
    bytes,
    paymentStatus: "proof_submitted",
    event: {
      at: "2026-03-01T10:00:00.000Z",
      kind: "proof_submitted",
      actor: "customer",
      note: null,
    },
    mails: ["shop_proof_uploaded"],
  });
});
