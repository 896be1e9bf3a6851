import assert from "node:assert/strict";
import { breakdown } from "../../domain/pricing/breakdown.ts";
import { breakdownRecord } from "../../domain/pricing/breakdown_record.ts";
import { codeAnswerText, codeShaped, isCodeReason, refusalReason } from "./promo_words.ts";
import { i18nFor, loadCatalogue } from "../i18n/mod.ts";
import { codeFailureText, pricedOrder } from "./place_order.ts";
import { ApiFailure } from "./api.ts";
import { isVoucherReason, voucherAnswerText, voucherShaped } from "./voucher_words.ts";
import type { WireCartPrice } from "../../contract/cart_price.ts";
import type { Cart } from "../../domain/cart/cart.ts";

await loadCatalogue("si");
await loadCatalogue("ta");

Deno.test("a code's answer says what it saves, free delivery, or why not with the minimum and what is missing", () => {
  const en = i18nFor("en");
  assert.equal(
    codeAnswerText(en, { status: "applied", code: "SCHOOL10", saving: 200, free_delivery: false }),
    "SCHOOL10 applied: you save LKR 200.00",
  );
  assert.equal(
    codeAnswerText(en, { status: "applied", code: "FREESHIP", saving: 0, free_delivery: true }),
    "FREESHIP applied: delivery is free",
  );
  assert.equal(
    codeAnswerText(en, { status: "applied", code: "BOTH", saving: 50.5, free_delivery: true }),
    "BOTH applied: you save LKR 50.50 and delivery is free",
  );
  assert.equal(
    codeAnswerText(en, {
      status: "refused",
      code: "BIGORDER",
      reason: "minimum_not_met",
      minimum: 5000,
      short_by: 1250,
    }),
    "BIGORDER was not applied: it needs items worth at least LKR 5,000.00: add LKR 1,250.00 more",
  );
  for (const language of ["si", "ta"] as const) {
    const i18n = i18nFor(language);
    const text = codeAnswerText(i18n, { status: "refused", code: "GONE", reason: "expired" });
    assert.ok(text.includes("GONE") && text.includes(i18n.t("promo.reason.expired")), text);
    assert.notEqual(i18n.t("promo.reason.expired"), en.t("promo.reason.expired"));
    assert.ok(
      refusalReason(i18n, { reason: "minimum_not_met", minimum: 5000, short_by: 10 })
        .includes("LKR 5,000.00"),
    );
  }
});

Deno.test("codeShaped() and isCodeReason() take what the shop takes", () => {
  assert.deepEqual(["SCHOOL10", " school-10 ", "abc"].map(codeShaped), [true, true, true]);
  assert.deepEqual(["ab", "SCHOOL 10", "x".repeat(33), "පොත"].map(codeShaped), [
    false,
    false,
    false,
    false,
  ]);
  assert.equal(isCodeReason("used_up"), true);
  assert.equal(isCodeReason("customer_limit"), true);
  assert.equal(isCodeReason("toString"), false);
});

const CART: Cart = [{
  type: "book",
  id: 1,
  title: "Madol Doova",
  unitPriceCents: 95_000,
  weightGrams: 350,
  stock: 5,
  preorder: false,
  image: null,
  quantity: 2,
}] as unknown as Cart;

function priced(overrides: Partial<WireCartPrice> = {}): WireCartPrice {
  return {
    lines: [],
    usual_items: 1900,
    items: 1320,
    saving: 580,
    code: { status: "applied", code: "SCHOOL10", saving: 200, free_delivery: false },
    voucher: null,
    payment_method: "COD",
    free_delivery: false,
    delivery_fee: 400,
    total: 1720,
    priced_at: "2026-03-01T10:00:00.000Z",
    mixed: false,
    parcels: "together",
    split_fee: null,
    breakdown: breakdownRecord(breakdown({
      lines: [],
      orderAdjustments: [],
      deliveryFeeCents: 40_000,
    })),
    ...overrides,
  };
}

Deno.test("an order sends the shop's items total and its applied code, and the cart's own total otherwise", () => {
  assert.deepEqual(pricedOrder({ price: priced(), current: true, voucher: null }, CART, "COD"), {
    totalCents: 132_000,
    code: "SCHOOL10",
  });
  assert.deepEqual(
    pricedOrder(
      {
        price: priced({ code: { status: "refused", code: "GONE", reason: "expired" } }),
        current: true,
        voucher: null,
      },
      CART,
      "COD",
    ),
    { totalCents: 132_000 },
    "a refused code is not sent",
  );
  assert.deepEqual(pricedOrder({ price: priced(), current: false, voucher: null }, CART, "COD"), {
    totalCents: 190_000,
  });
  assert.deepEqual(
    pricedOrder({ price: priced(), current: true, voucher: null }, CART, "Bank Deposit"),
    {
      totalCents: 190_000,
    },
    "priced for another method",
  );
});

Deno.test("an order refused for its code is said in the page's words, and a code that ran out is taken off", () => {
  const si = i18nFor("si");
  const notApplied = codeFailureText(
    si,
    new ApiFailure(422, "RULE_VIOLATION", "x", { code: "GONE", reason: "expired" }),
  );
  assert.equal(notApplied?.removed, false);
  assert.ok(notApplied?.text.includes(si.t("promo.reason.expired")));
  const usedUp = codeFailureText(
    si,
    new ApiFailure(409, "CONFLICT", "x", { reason: "used_up" }),
  );
  assert.equal(usedUp?.removed, true);
  assert.ok(usedUp?.text.includes(si.t("promo.reason.used_up")));
  const share = codeFailureText(
    si,
    new ApiFailure(409, "CONFLICT", "x", { reason: "customer_limit" }),
  );
  assert.ok(share?.text.includes(si.t("promo.reason.customer_limit")));
  assert.equal(
    codeFailureText(si, new ApiFailure(409, "PRICE_CHANGED", "x", [])),
    undefined,
  );
  assert.equal(codeFailureText(si, new Error("x")), undefined);
});

Deno.test("an order sends the voucher the shop said it pays, with that amount, and none it refused", () => {
  const applied = priced({
    voucher: { status: "applied", code: "…Q2K7", pays: 1000, balance: 1000 },
  });
  assert.deepEqual(
    pricedOrder({ price: applied, current: true, voucher: "pgv-7kq4-m9xa-2tpr-q2k7" }, CART, "COD"),
    {
      totalCents: 132_000,
      code: "SCHOOL10",
      voucher: { code: "pgv-7kq4-m9xa-2tpr-q2k7", cents: 100_000 },
    },
  );
  const refused = priced({ voucher: { status: "refused", reason: "expired" } });
  assert.deepEqual(
    pricedOrder({ price: refused, current: true, voucher: "PGV-1" }, CART, "COD"),
    { totalCents: 132_000, code: "SCHOOL10" },
  );
  assert.deepEqual(
    pricedOrder({ price: applied, current: false, voucher: "PGV-1" }, CART, "COD"),
    { totalCents: 190_000 },
    "not priced for the cart as it is: neither the code nor the voucher",
  );
});

Deno.test("a voucher's answer and refusal are said in the page's words, and its shape is checked first", () => {
  const en = i18nFor("en");
  assert.equal(
    voucherAnswerText(en, { status: "applied", code: "…Q2K7", pays: 1000, balance: 2500 }),
    "Gift voucher …Q2K7 pays LKR 1,000.00 of this order (LKR 2,500.00 on it now)",
  );
  assert.equal(
    voucherAnswerText(en, { status: "refused", reason: "used_up" }),
    "Gift voucher not used: this gift voucher has been used up",
  );
  for (const language of ["si", "ta"] as const) {
    const i18n = i18nFor(language);
    const text = voucherAnswerText(i18n, { status: "refused", reason: "expired" });
    assert.ok(text.includes(i18n.t("voucher.refused.expired")), text);
    assert.notEqual(i18n.t("voucher.refused.expired"), en.t("voucher.refused.expired"));
  }
  assert.deepEqual(
    ["PGV-7KQ4-M9XA-2TPR-Q2K7", " pgv 7kq4 ", "<b>", "", "-", "x".repeat(41)].map(voucherShaped),
    [true, true, false, false, false, false],
  );
  assert.equal(isVoucherReason("other_shop"), true);
  assert.equal(isVoucherReason("toString"), false);
});
