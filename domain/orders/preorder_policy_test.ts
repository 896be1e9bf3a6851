import assert from "node:assert/strict";
import fc from "fast-check";
import { PAYMENT_METHODS } from "./model.ts";
import { deliveryFee, PAYMENT_POLICIES } from "./payment_policy.ts";
import { methodDeliveries, paidByMethod, preorderMethods } from "./preorder_policy.ts";

Deno.test("preorderMethods() names exactly the offered methods whose policy takes pre-orders", () => {
  fc.assert(
    fc.property(fc.subarray([...PAYMENT_METHODS]), (offered) => {
      const told = preorderMethods(offered);
      for (const method of offered) {
        assert.equal(told.includes(method), PAYMENT_POLICIES[method].allowsPreorders, method);
      }
      assert.ok(told.every((method) => offered.includes(method)));
    }),
  );
  // The shop's own table today: card and bank deposit take pre-orders, cash on delivery not.
  assert.deepEqual(preorderMethods(["COD", "Bank Deposit", "Card"]), ["Bank Deposit", "Card"]);
});

Deno.test("methodDeliveries() tells COD's surcharge of LKR 150 on a 1 kg parcel, and none for Bank Deposit", () => {
  assert.deepEqual(methodDeliveries(1000, ["COD", "Bank Deposit"]), [
    { method: "COD", feeCents: 40_000, surchargeCents: 15_000 },
    { method: "Bank Deposit", feeCents: 25_000, surchargeCents: 0 },
  ]);
});

Deno.test("methodDeliveries() is each method's own delivery fee, above the cheapest by its surcharge", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 30_000 }), (grams) => {
      const told = methodDeliveries(grams, PAYMENT_METHODS);
      for (const { method, feeCents } of told) assert.equal(feeCents, deliveryFee(grams, method));
      const cheapest = Math.min(...told.map((t) => t.feeCents));
      assert.ok(told.every((t) => t.surchargeCents === t.feeCents - cheapest));
      assert.ok(told.some((t) => t.surchargeCents === 0));
    }),
  );
});

Deno.test("paidByMethod() keeps the chosen method unless a pre-order needs one that takes it", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...PAYMENT_METHODS),
      fc.boolean(),
      fc.subarray([...PAYMENT_METHODS]),
      (chosen, preorder, offered) => {
        const paid = paidByMethod(chosen, preorder, offered);
        if (!preorder || PAYMENT_POLICIES[chosen].allowsPreorders) assert.equal(paid, chosen);
        else assert.equal(paid, preorderMethods(offered)[0] ?? chosen);
      },
    ),
  );
  assert.equal(paidByMethod("COD", true, ["COD", "Bank Deposit"]), "Bank Deposit");
  assert.equal(paidByMethod("COD", false, ["COD", "Bank Deposit"]), "COD");
  assert.equal(paidByMethod("COD", true, ["COD"]), "COD");
});
