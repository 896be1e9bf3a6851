import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bankDepositFee,
  codFee,
  DEFAULT_FEE_RULES,
  type FeeRules,
  isMixedCart,
  parcelWeights,
  secondParcelFee,
} from "./delivery_fees.ts";
import { deliveryFee, methodSecondParcelFee } from "../orders/payment_policy.ts";
import { PAYMENT_METHODS } from "../orders/model.ts";

const LKR = 100;

Deno.test("deliveryFee() charges 400 by COD up to 1 kg, an empty parcel too", () => {
  assert.equal(deliveryFee(0, "COD"), 400 * LKR);
  assert.equal(deliveryFee(1, "COD"), 400 * LKR);
  assert.equal(deliveryFee(1000, "COD"), 400 * LKR);
});

Deno.test("deliveryFee() rounds COD weight up to whole kg: 1.001 kg pays as 2 kg", () => {
  assert.equal(deliveryFee(1001, "COD"), 500 * LKR);
  assert.equal(deliveryFee(2000, "COD"), 500 * LKR);
  assert.equal(deliveryFee(2001, "COD"), 600 * LKR);
  assert.equal(deliveryFee(2100, "COD"), 600 * LKR);
  assert.equal(deliveryFee(25_000, "COD"), 2800 * LKR);
});

Deno.test("deliveryFee() charges Bank Deposit by tier, each limit inclusive", () => {
  const cases: [number, number][] = [
    [0, 150],
    [250, 150],
    [260, 200],
    [500, 200],
    [501, 250],
    [1000, 250],
    [1010, 300],
    [2000, 300],
    [2001, 350],
    [4000, 400],
    [5000, 450],
    [6000, 500],
    [7000, 550],
    [8000, 600],
    [9000, 650],
    [10_000, 700],
    [10_001, 800],
    [15_000, 800],
    [15_001, 900],
    [20_000, 900],
  ];
  for (const [grams, rupees] of cases) {
    assert.equal(deliveryFee(grams, "Bank Deposit"), rupees * LKR, `${grams} g`);
  }
});

Deno.test("deliveryFee() sets no Bank Deposit fee above 20 kg", () => {
  assert.equal(deliveryFee(20_001, "Bank Deposit"), 0);
  assert.equal(deliveryFee(20_010, "Bank Deposit"), 0);
  assert.equal(deliveryFee(100_000, "Bank Deposit"), 0);
});

Deno.test("deliveryFee() follows other rules when given", () => {
  const rules: FeeRules = {
    cod: { baseCents: 500, baseUpToKg: 2, perExtraKgCents: 50 },
    bankDeposit: { tiers: [{ upToGrams: 100, feeCents: 7 }], aboveCents: 99 },
  };
  assert.equal(deliveryFee(2000, "COD", rules), 500);
  assert.equal(deliveryFee(2001, "COD", rules), 550);
  assert.equal(deliveryFee(100, "Bank Deposit", rules), 7);
  assert.equal(deliveryFee(101, "Bank Deposit", rules), 99);
});

Deno.test("deliveryFee() refuses a negative or non-finite weight", () => {
  assert.throws(() => deliveryFee(-1, "COD"), RangeError);
  assert.throws(() => deliveryFee(NaN, "Bank Deposit"), RangeError);
});

const weight = fc.integer({ min: 0, max: 60_000 });

Deno.test("deliveryFee() by COD never falls as the parcel gets heavier", () => {
  fc.assert(fc.property(weight, weight, (a, b) => {
    const [light, heavy] = a <= b ? [a, b] : [b, a];
    assert.ok(deliveryFee(light, "COD") <= deliveryFee(heavy, "COD"));
  }));
});

Deno.test("deliveryFee() by COD is 400 plus 100 for each started kg past the first", () => {
  fc.assert(fc.property(weight, (grams) => {
    const kg = Math.max(1, Math.ceil(grams / 1000));
    assert.equal(deliveryFee(grams, "COD"), (400 + 100 * (kg - 1)) * LKR);
  }));
});

Deno.test("deliveryFee() by Bank Deposit never falls with weight up to 20 kg", () => {
  const upTo20 = fc.integer({ min: 0, max: 20_000 });
  fc.assert(fc.property(upTo20, upTo20, (a, b) => {
    const [light, heavy] = a <= b ? [a, b] : [b, a];
    assert.ok(deliveryFee(light, "Bank Deposit") <= deliveryFee(heavy, "Bank Deposit"));
  }));
});

Deno.test("deliveryFee() by Bank Deposit is always one of the table's values", () => {
  const values = new Set([
    ...DEFAULT_FEE_RULES.bankDeposit.tiers.map((t) => t.feeCents),
    DEFAULT_FEE_RULES.bankDeposit.aboveCents,
  ]);
  fc.assert(fc.property(weight, (grams) => {
    assert.ok(values.has(deliveryFee(grams, "Bank Deposit")));
  }));
});

const line = (weightGrams: number, preorder: boolean, quantity = 1) => ({
  weightGrams,
  quantity,
  preorder,
});

Deno.test("parcelWeights() weighs the books in stock apart from the pre-ordered ones", () => {
  assert.deepEqual(parcelWeights([line(300, false, 2), line(500, true), line(100, true, 3)]), {
    nowGrams: 600,
    laterGrams: 800,
  });
});

Deno.test("isMixedCart() holds only with a book in stock and a pre-ordered one", () => {
  assert.equal(isMixedCart([line(300, false), line(300, true)]), true);
  assert.equal(isMixedCart([line(300, false), line(300, false)]), false);
  assert.equal(isMixedCart([line(300, true)]), false);
  assert.equal(isMixedCart([]), false);
});

Deno.test("secondParcelFee() charges each parcel its own fee less the fee of one parcel", () => {
  const bank = (g: number) => bankDepositFee(g, DEFAULT_FEE_RULES.bankDeposit);
  // 400 g now (LKR 200) and 400 g later (LKR 200), against 800 g together (LKR 250).
  assert.equal(secondParcelFee([line(400, false), line(400, true)], bank), 150 * LKR);
  // 200 g and 200 g (150 + 150) against 400 g (200).
  assert.equal(secondParcelFee([line(200, false), line(200, true)], bank), 100 * LKR);
  const cod = (g: number) => codFee(g, DEFAULT_FEE_RULES.cod);
  // 600 g and 600 g (400 + 400) against 1.2 kg (500).
  assert.equal(secondParcelFee([line(600, false), line(600, true)], cod), 300 * LKR);
});

Deno.test("secondParcelFee() is 0 for a cart that is not mixed", () => {
  const bank = (g: number) => bankDepositFee(g, DEFAULT_FEE_RULES.bankDeposit);
  assert.equal(secondParcelFee([line(400, false), line(700, false)], bank), 0);
  assert.equal(secondParcelFee([line(400, true), line(700, true)], bank), 0);
});

Deno.test("secondParcelFee() never goes below 0, even where the heaviest parcels are free", () => {
  const bank = (g: number) => bankDepositFee(g, DEFAULT_FEE_RULES.bankDeposit);
  // 15 kg now (LKR 800) and 10 kg later (LKR 700); 25 kg together costs nothing (above 20 kg).
  assert.equal(secondParcelFee([line(15_000, false), line(10_000, true)], bank), 1500 * LKR);
  assert.equal(secondParcelFee([line(1, false), line(1, true)], () => 0), 0);
});

const weighedLine = fc.record({
  weightGrams: fc.integer({ min: 0, max: 5_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  preorder: fc.boolean(),
});

Deno.test("secondParcelFee(): two parcels cost what each costs alone, for every cart and method", () => {
  fc.assert(fc.property(
    fc.array(weighedLine, { maxLength: 8 }),
    fc.constantFrom(...PAYMENT_METHODS),
    (lines, method) => {
      const fee = methodSecondParcelFee(lines, method);
      assert.ok(Number.isSafeInteger(fee) && fee >= 0);
      if (!isMixedCart(lines)) {
        assert.equal(fee, 0);
        return;
      }
      const { nowGrams, laterGrams } = parcelWeights(lines);
      const apart = deliveryFee(nowGrams, method) + deliveryFee(laterGrams, method);
      const together = deliveryFee(nowGrams + laterGrams, method);
      assert.equal(together + fee, Math.max(apart, together));
    },
  ));
});

Deno.test("secondParcelFee() does not depend on the order of the lines", () => {
  fc.assert(fc.property(
    fc.array(weighedLine, { maxLength: 8 }),
    fc.constantFrom(...PAYMENT_METHODS),
    (lines, method) => {
      assert.equal(
        methodSecondParcelFee([...lines].reverse(), method),
        methodSecondParcelFee(lines, method),
      );
    },
  ));
});
