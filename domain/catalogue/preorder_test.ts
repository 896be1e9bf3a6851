import assert from "node:assert/strict";
import fc from "fast-check";
import {
  expectedDateLabel,
  preorderDateProblem,
  preorderWithoutDate,
  shopDate,
} from "./preorder.ts";

Deno.test("shopDate() is the calendar date in Sri Lanka, not in UTC", () => {
  assert.equal(shopDate(new Date("2026-11-22T18:29:00Z")), "2026-11-22");
  assert.equal(shopDate(new Date("2026-11-22T18:30:00Z")), "2026-11-23");
  assert.throws(() => shopDate(new Date("not a date")), RangeError);
});

Deno.test("shopDate() gives the day the zone database gives Asia/Colombo, at every instant since its offset last changed (2006)", () => {
  // ICU's zone data as Deno carries it, not the machine's.
  const colombo = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Colombo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  fc.assert(
    fc.property(
      fc.integer({
        min: Date.parse("2006-04-15T00:00:00Z"),
        max: Date.parse("2100-12-31T00:00:00Z"),
      }),
      (ms) => shopDate(new Date(ms)) === colombo.format(new Date(ms)),
    ),
    { numRuns: 2_000 },
  );
});

Deno.test("preorderDateProblem() refuses a date before today in Sri Lanka and allows today", () => {
  const now = new Date("2026-11-23T04:00:00Z");
  assert.equal(
    preorderDateProblem("2026-11-22", now),
    'Preorder date "2026-11-22" is in the past (today is 2026-11-23)',
  );
  assert.equal(preorderDateProblem("2026-11-23", now), undefined);
  assert.equal(preorderDateProblem("2027-01-15", now), undefined);
});

Deno.test("expectedDateLabel() writes the month out", () => {
  assert.equal(expectedDateLabel("2026-12-15"), "15 December 2026");
  assert.equal(expectedDateLabel("not a date"), "not a date");
});

Deno.test("a pre-order without an expected date is refused, a change leaving both alone is not", () => {
  const plain = { preorder: false, preorderDate: null };
  const dated = { preorder: true, preorderDate: "2027-03-15" };
  // Ticking Pre-order alone, on a book without a date.
  assert.equal(preorderWithoutDate(plain, { preorder: true }), true);
  assert.equal(preorderWithoutDate(plain, { preorder: true, preorderDate: "2027-03-15" }), false);
  assert.equal(preorderWithoutDate(undefined, { preorder: true, preorderDate: null }), true);
  assert.equal(preorderWithoutDate(undefined, { preorder: true, preorderDate: " " }), true);
  // Clearing the date of a pre-order; the flag again on a dated one.
  assert.equal(preorderWithoutDate(dated, { preorderDate: null }), true);
  assert.equal(preorderWithoutDate(dated, { preorder: true }), false);
  assert.equal(preorderWithoutDate(dated, { preorder: false, preorderDate: null }), false);
  // A legacy pre-order without a date keeps its other edits.
  assert.equal(preorderWithoutDate({ preorder: true, preorderDate: null }, {}), false);
});
