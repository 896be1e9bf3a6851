import assert from "node:assert/strict";
import { DEFAULT_FEE_RULES } from "../fulfilment/delivery_fees.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import {
  customerHoldHours,
  deliveryFee,
  holdHours,
  lapseTime,
  LAPSING_METHODS,
  offeredMethods,
  PAYMENT_POLICIES,
  PREORDER_METHODS,
  slipReviewDeadline,
} from "./payment_policy.ts";
import { planPlacement } from "./plans.ts";
import { canChangePayment } from "./payment.ts";
import { proofRefusal } from "./payment_proofs.ts";

const RULES = {
  bankDepositHours: 48,
  slipReviewHours: 72,
  codConfirmHours: 168,
  cardPaymentHours: 0.5,
};

Deno.test("lapseTime() holds a Bank Deposit order for a decimal number of hours and a COD order for its confirmation time", () => {
  // Before: a COD order held its stock for ever (null).
  assert.equal(
    lapseTime("Bank Deposit", "2026-03-01T10:00:00.000Z", RULES),
    "2026-03-03T10:00:00.000Z",
  );
  assert.equal(
    lapseTime("Bank Deposit", "2026-03-01T10:00:00.000Z", { ...RULES, bankDepositHours: 0.25 }),
    "2026-03-01T10:15:00.000Z",
  );
  assert.equal(
    lapseTime("COD", "2026-03-01T10:00:00.000Z", RULES),
    "2026-03-08T10:00:00.000Z",
  );
  assert.equal(
    lapseTime("Card", "2026-03-01T10:00:00.000Z", RULES),
    "2026-03-01T10:30:00.000Z",
  );
});

Deno.test("holdHours() reads the hold a method's policy names from the shop's rules; the customer is told only of their own", () => {
  assert.equal(holdHours("Bank Deposit", { ...RULES, bankDepositHours: 36 }), 36);
  assert.equal(holdHours("COD", { ...RULES, codConfirmHours: 36 }), 36);
  assert.equal(customerHoldHours("Bank Deposit", RULES), 48);
  assert.equal(customerHoldHours("COD", RULES), null);
  assert.deepEqual(LAPSING_METHODS, PAYMENT_METHODS);
});

Deno.test("every method's hold ends, and a slip extends a hold only by the owner's review time", () => {
  for (const method of PAYMENT_METHODS) {
    const hold = PAYMENT_POLICIES[method].hold;
    assert.ok(Number.isFinite(RULES[hold.unpaid]), method);
    assert.equal(hold.afterProof !== null, PAYMENT_POLICIES[method].takesProofs, method);
  }
  assert.equal(
    slipReviewDeadline("Bank Deposit", "2026-03-02T09:00:00.000Z", RULES),
    "2026-03-05T09:00:00.000Z",
  );
  assert.equal(slipReviewDeadline("COD", "2026-03-02T09:00:00.000Z", RULES), null);
});

Deno.test("only Bank Deposit takes deposit slips and shows the bank account; a method paid up front takes pre-orders", () => {
  assert.deepEqual(PREORDER_METHODS, ["Bank Deposit", "Card", "Koko"]);
  assert.deepEqual(PAYMENT_METHODS.filter((m) => PAYMENT_POLICIES[m].takesProofs), [
    "Bank Deposit",
  ]);
  assert.deepEqual(PAYMENT_METHODS.filter((m) => PAYMENT_POLICIES[m].showsBankDetails), [
    "Bank Deposit",
  ]);
  assert.equal(PAYMENT_POLICIES.COD.settlement, "collect");
  assert.equal(PAYMENT_POLICIES["Bank Deposit"].settlement, "pay");
  assert.equal(PAYMENT_POLICIES.Card.settlement, "pay");
});

Deno.test("a card order is paid only by the gateway's notice, never recorded by hand, and is offered only with a gateway", () => {
  assert.equal(canChangePayment("Card", "unpaid", "paid", "system"), true);
  assert.equal(canChangePayment("Card", "unpaid", "paid", "admin"), false);
  assert.equal(canChangePayment("Card", "unpaid", "paid", "customer"), false);
  assert.equal(canChangePayment("Card", "paid", "unpaid", "system"), true);
  assert.equal(canChangePayment("Card", "paid", "unpaid", "admin"), false);
  assert.deepEqual(offeredMethods([]), ["COD", "Bank Deposit"]);
  assert.deepEqual(offeredMethods(["payhere"]), ["COD", "Bank Deposit", "Card"]);
  assert.equal(customerHoldHours("Card", RULES), 0.5);
  assert.equal(deliveryFee(260, "Card"), deliveryFee(260, "Bank Deposit"));
});

Deno.test("each method's fee rule is the one its policy names, at the tiers' edges", () => {
  for (const grams of [0, 250, 251, 1000, 1001, 20_000, 20_001]) {
    for (const method of PAYMENT_METHODS) {
      assert.equal(
        deliveryFee(grams, method),
        PAYMENT_POLICIES[method].deliveryFee(grams, DEFAULT_FEE_RULES),
      );
    }
  }
  assert.equal(deliveryFee(1001, "COD"), 50_000);
  assert.equal(deliveryFee(260, "Bank Deposit"), 20_000);
});

Deno.test("a method's proofs agree with its payment moves: only a method that takes slips lets the customer send one", () => {
  for (const method of PAYMENT_METHODS) {
    const { takesProofs } = PAYMENT_POLICIES[method];
    const customerSends = PAYMENT_STATUSES.some((from) =>
      canChangePayment(method, from, "proof_submitted", "customer")
    );
    assert.equal(customerSends, takesProofs, method);
    const refusal = proofRefusal({
      status: "pending",
      paymentMethod: method,
      paymentStatus: "unpaid",
      proofCount: 0,
    });
    assert.equal(refusal === undefined, takesProofs, method);
  }
});

Deno.test("a new order starts in its method's first payment status, and lapses only by a method that lapses", () => {
  for (const method of PAYMENT_METHODS) {
    const plan = planPlacement({
      customer: {
        name: "N",
        address: "A",
        email: "n@example.lk",
        phone: "0771234567",
        postalCode: "1",
      },
      destination: { provinceId: 1, districtId: 1, areaId: 1 },
      provinceName: "Western",
      districtName: "Colombo",
      areaName: "Dehiwala",
      provinceNameSi: null,
      provinceNameTa: null,
      districtNameSi: null,
      districtNameTa: null,
      areaNameSi: null,
      areaNameTa: null,
      paymentMethod: method,
      lines: [],
      adjustments: [],
      vouchers: [],
      totalCents: 0,
      deliveryFeeCents: 0,
      orderDate: "2026-03-01T10:00:00.000Z",
      userId: null,
      locale: "en",
      key: null,
    }, { bankDepositHours: 2 });
    assert.equal(plan.paymentStatus, PAYMENT_POLICIES[method].initialPaymentStatus);
    // Every hold ends: every new order has its end.
    assert.notEqual(plan.expiresAt, null);
  }
});

Deno.test("every method names itself with its own words in each place", () => {
  const places = [
    "name",
    "checkout",
    "mail",
    "slip",
    "placedMail",
    "placedDialog",
    "placedTitle",
    "admin",
  ] as const;
  for (const place of places) {
    const words = PAYMENT_METHODS.map((m) => PAYMENT_POLICIES[m].words[place]);
    assert.equal(new Set(words).size, words.length, place);
  }
});
