import assert from "node:assert/strict";
import { askFromSearch, askProblem, askToSearch, presetOf, presetRange } from "./report_query.ts";

// 00:10 on 1 March 2026 in Colombo, still 28 February in UTC.
const NOW = new Date("2026-02-28T18:40:00.000Z");

Deno.test("the presets count from today in Colombo, not in UTC", () => {
  assert.deepEqual(presetRange("this-month", NOW), { from: "2026-03-01", to: "2026-03-01" });
  assert.deepEqual(presetRange("last-month", NOW), { from: "2026-02-01", to: "2026-02-28" });
  assert.deepEqual(presetRange("last-30-days", NOW), { from: "2026-01-31", to: "2026-03-01" });
  assert.deepEqual(presetRange("this-year", NOW), { from: "2026-01-01", to: "2026-03-01" });
  assert.deepEqual(presetRange("last-month", new Date("2026-01-15T05:00:00Z")), {
    from: "2025-12-01",
    to: "2025-12-31",
  });
  assert.equal(presetOf({ from: "2026-02-01", to: "2026-02-28" }, NOW), "last-month");
  assert.equal(presetOf({ from: "2026-02-02", to: "2026-02-28" }, NOW), null);
});

Deno.test("the ask lives in the URL, the last 30 days by day when it names none", () => {
  assert.deepEqual(askFromSearch("", NOW), { from: "2026-01-31", to: "2026-03-01", grain: "day" });
  const ask = { from: "2025-01-01", to: "2025-12-31", grain: "month" as const };
  assert.deepEqual(askFromSearch(askToSearch(ask), NOW), ask);
  assert.equal(askFromSearch("?grain=year", NOW).grain, "day");
});

Deno.test("a reversed range or one past five years is refused before it is asked", () => {
  assert.equal(askProblem({ from: "2026-03-01", to: "2026-03-31" }), null);
  assert.equal(
    askProblem({ from: "2026-03-31", to: "2026-03-01" }),
    "The last day must not be before the first.",
  );
  assert.match(askProblem({ from: "2020-01-01", to: "2026-01-01" }) ?? "", /at most 5 years/);
  assert.equal(askProblem({ from: "", to: "2026-01-01" }), "Choose both days of the range.");
});
