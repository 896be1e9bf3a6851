import assert from "node:assert/strict";
import { checkTargets, scenarioResult } from "./results.ts";
import { load, sampleResults, scenario } from "./testing/sample_results.ts";

Deno.test("scenarioResult() counts 409s as conflicts, other non-2xx as errors, and the ratio", () => {
  const figures = scenarioResult(scenario("orders"), {
    load: { ...load(300, { "201": 280, "409": 15, "500": 5 }), socketErrors: 2 },
    baselineRps: 1200,
  });
  assert.equal(figures.conflicts, 15);
  assert.equal(figures.errors, 7);
  assert.equal(figures.ratioToBaseline, 0.25);
});

Deno.test("checkTargets() sets each target against its measured figure", () => {
  const checks = checkTargets(sampleResults());
  const met = (start: string) => checks.filter((c) => c.target.startsWith(start)).map((c) => c.met);
  assert.deepEqual(met("books_page1"), [true, true]);
  assert.deepEqual(met("books_deep_page"), [false, false]);
  assert.deepEqual(met("Orders"), [true]);
  assert.deepEqual(met("Listing page JavaScript"), [false]);
  assert.deepEqual(met("Lighthouse"), [true]);
  assert.deepEqual(met("Embedded start"), [true, false]);
});
