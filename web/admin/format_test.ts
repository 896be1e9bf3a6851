import assert from "node:assert/strict";
import { formatDateTime, formatLkr, formatRupees, rupeesToCents } from "./format.ts";

Deno.test("formatLkr() groups thousands and shows 2 decimals", () => {
  assert.equal(formatLkr(125050), "LKR 1,250.50");
  assert.equal(formatLkr(0), "LKR 0.00");
  assert.equal(formatLkr(123456789), "LKR 1,234,567.89");
  assert.equal(formatLkr(-500), "LKR -5.00");
});

Deno.test("rupeesToCents() rounds away float noise", () => {
  assert.equal(rupeesToCents(0.1 + 0.2), 30);
  assert.equal(rupeesToCents(1250.5), 125050);
  assert.equal(formatRupees(19.99), "LKR 19.99");
});

Deno.test("formatDateTime() shows the time in Sri Lanka whatever the browser's zone", () => {
  assert.equal(formatDateTime("2026-11-21T08:35:00Z"), "2026-11-21 14:05");
  assert.equal(formatDateTime("2026-11-21T20:00:00.000Z"), "2026-11-22 01:30");
  assert.equal(formatDateTime("not a date"), "not a date");
});
