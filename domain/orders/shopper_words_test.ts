import assert from "node:assert/strict";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import { ORDER_STATUS_POLICIES } from "./status.ts";
import { shopperWords } from "./shopper_words.ts";
import { amountDue } from "./amount_due.ts";
import type { Breakdown } from "../pricing/breakdown.ts";

Deno.test("an unpaid card or deposit order awaits payment rather than being prepared; a cash-on-delivery order is being prepared", () => {
  for (const paymentMethod of ["Card", "Bank Deposit"] as const) {
    assert.deepEqual(shopperWords({ status: "pending", paymentMethod, paymentStatus: "unpaid" }), {
      status: "order.statusAwaitingPayment",
      payment: "order.paymentUnpaid",
    });
  }
  assert.deepEqual(
    shopperWords({
      status: "pending",
      paymentMethod: "Bank Deposit",
      paymentStatus: "proof_submitted",
    }),
    { status: "order.statusAwaitingPayment", payment: "order.paymentProof" },
  );
  assert.deepEqual(
    shopperWords({ status: "pending", paymentMethod: "Card", paymentStatus: "paid" }),
    {
      status: "order.statusPending",
      payment: "order.paymentPaid",
    },
  );
  assert.deepEqual(
    shopperWords({ status: "pending", paymentMethod: "COD", paymentStatus: "unpaid" }),
    {
      status: "order.statusPending",
      payment: "order.paymentUnpaid",
    },
  );
});

Deno.test("a cancelled order that was never paid has nothing to pay, as its amount says, and only a method paid first ever awaits payment", () => {
  const breakdown = { dueCents: 0 } as unknown as Breakdown;
  for (const status of ORDER_STATUSES) {
    for (const paymentMethod of PAYMENT_METHODS) {
      for (const paymentStatus of PAYMENT_STATUSES) {
        const words = shopperWords({ status, paymentMethod, paymentStatus });
        if (!ORDER_STATUS_POLICIES[status].owes) {
          assert.equal(words.status, ORDER_STATUS_POLICIES[status].words.shopper);
          assert.equal(words.payment === "order.paymentPaid", paymentStatus === "paid");
          if (paymentStatus === "unpaid") {
            assert.equal(words.payment, "order.paymentNone");
            // The amount says nothing is owed too.
            assert.equal(amountDue({ status, paymentMethod, paymentStatus }, breakdown).cents, 0);
          }
        }
        if (words.status === "order.statusAwaitingPayment") {
          assert.ok(PAYMENT_POLICIES[paymentMethod].paidBeforeDispatch);
          assert.notEqual(paymentStatus, "paid");
        }
      }
    }
  }
});
