import assert from "node:assert/strict";
import fc from "fast-check";
import {
  centsToRupees,
  formatAmount,
  formatKg,
  formatLkr,
  gramsToKg,
  kgToGrams,
  parseLkr,
  rupeesToCents,
} from "./money.ts";

Deno.test("formatLkr() shows rupees with thousands separators and 2 decimals", () => {
  assert.equal(formatLkr(125000), "LKR 1,250.00");
  assert.equal(formatLkr(0), "LKR 0.00");
  assert.equal(formatLkr(5), "LKR 0.05");
  assert.equal(formatLkr(123456789), "LKR 1,234,567.89");
});

Deno.test("formatAmount() leaves out the currency and keeps a minus sign", () => {
  assert.equal(formatAmount(125050), "1,250.50");
  assert.equal(formatAmount(99999), "999.99");
  assert.equal(formatAmount(100000), "1,000.00");
  assert.equal(formatAmount(-2550), "-25.50");
});

Deno.test("parseLkr() reads plain, grouped and labelled amounts", () => {
  assert.equal(parseLkr("1250"), 125000);
  assert.equal(parseLkr("1,250.5"), 125050);
  assert.equal(parseLkr("LKR 1,250.00"), 125000);
  assert.equal(parseLkr("  lkr 40 "), 4000);
  assert.equal(parseLkr("0.05"), 5);
  assert.equal(parseLkr("1,234,567.89"), 123456789);
});

Deno.test("parseLkr() refuses more than 2 decimals, negatives and garbage", () => {
  for (const text of ["12.345", "-5", "abc", "", "1,25", "12,50.00", "1.", ".5", "LKR", "1e3"]) {
    assert.equal(parseLkr(text), undefined, text);
  }
});

Deno.test("parseLkr() reads back whatever formatLkr() and formatAmount() write", () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
    assert.equal(parseLkr(formatLkr(cents)), cents);
    assert.equal(parseLkr(formatAmount(cents)), cents);
  }));
});

Deno.test("rupeesToCents() converts 2-decimal rupees without float noise", () => {
  assert.equal(rupeesToCents(19.99), 1999);
  assert.equal(rupeesToCents(1250.5), 125050);
  assert.equal(rupeesToCents(0.1 + 0.2), undefined); // 0.30000000000000004: not 2 decimals
  assert.equal(rupeesToCents(0), 0);
  assert.equal(rupeesToCents(4800), 480000);
  assert.equal(rupeesToCents(1.15), 115);
});

Deno.test("rupeesToCents() refuses 3 decimals, negatives and non-finite numbers", () => {
  for (const value of [0.001, 19.995, -1, -0.01, NaN, Infinity, -Infinity, 1e300]) {
    assert.equal(rupeesToCents(value), undefined, String(value));
  }
});

Deno.test("rupeesToCents() inverts centsToRupees() for every whole number of cents", () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
    assert.equal(rupeesToCents(centsToRupees(cents)), cents);
  }));
});

Deno.test("centsToRupees() gives the rupees as a number", () => {
  assert.equal(centsToRupees(125050), 1250.5);
  assert.equal(centsToRupees(1999), 19.99);
});

Deno.test("kgToGrams() takes up to 3 decimals and refuses the rest", () => {
  assert.equal(kgToGrams(0.35), 350);
  assert.equal(kgToGrams(1.001), 1001);
  assert.equal(kgToGrams(20), 20000);
  assert.equal(kgToGrams(0), 0);
  for (const value of [0.0005, -0.1, NaN, Infinity]) {
    assert.equal(kgToGrams(value), undefined, String(value));
  }
});

Deno.test("kgToGrams() inverts gramsToKg() for every whole number of grams", () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (grams) => {
    assert.equal(kgToGrams(gramsToKg(grams)), grams);
  }));
});

Deno.test("formatKg() shows kilograms without trailing zeros", () => {
  assert.equal(formatKg(350), "0.35");
  assert.equal(formatKg(2000), "2");
  assert.equal(formatKg(1001), "1.001");
  assert.equal(formatKg(0), "0");
  assert.equal(formatKg(12500), "12.5");
});
