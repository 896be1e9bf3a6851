import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_FEE_RULES, type FeeRules } from "./fees.ts";
import { deliveryFee } from "./payment_policy.ts";

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
