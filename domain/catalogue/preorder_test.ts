import assert from "node:assert/strict";
import { expectedDateLabel, preorderDateProblem, shopDate } from "./preorder.ts";

Deno.test("shopDate() is the calendar date in Sri Lanka, not in UTC", () => {
  assert.equal(shopDate(new Date("2026-11-22T18:29:00Z")), "2026-11-22");
  assert.equal(shopDate(new Date("2026-11-22T18:30:00Z")), "2026-11-23");
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
