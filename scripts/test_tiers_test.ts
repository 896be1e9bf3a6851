import assert from "node:assert/strict";
import { byCost, fullRunJobs, groupOf, testFiles } from "./test_tiers.ts";

Deno.test("groupOf() puts browsers, engines and processes in the full run, the rest in both", () => {
  assert.equal(groupOf("domain/money_test.ts"), "domain");
  assert.equal(groupOf("http/routes/books_test.ts"), "fast");
  assert.equal(groupOf("adapters/catalogue_contract_test.ts"), "fast");
  assert.equal(groupOf("web/cart_limits_browser_test.ts"), "full");
  assert.equal(groupOf("tests/e2e/shop_e2e_test.ts"), "full");
  assert.equal(groupOf("adapters/postgres/migrator_test.ts"), "full");
  assert.equal(groupOf("http/orders_postgres_test.ts"), "full");
  assert.equal(groupOf("tests/reliability/lapse_test.ts"), "full");
});

Deno.test("byCost() starts the longest files first and unmeasured ones at a middling cost", () => {
  const costs = { "a_test.ts": 5, "b_test.ts": 300, "c_test.ts": 1 };
  assert.deepEqual(byCost(["a_test.ts", "b_test.ts", "c_test.ts", "new_test.ts"], costs, 3), [
    "b_test.ts",
    "a_test.ts",
    "new_test.ts",
    "c_test.ts",
  ]);
});

Deno.test("testFiles() finds every test file of the project and nothing else", async () => {
  const files = await testFiles(new URL("../", import.meta.url));
  assert.ok(files.includes("scripts/test_tiers_test.ts"));
  assert.ok(files.includes("domain/money_test.ts"));
  assert.ok(files.every((f) => /_test\.tsx?$/.test(f)));
  assert.ok(!files.some((f) => f.startsWith("node_modules/")));
});

Deno.test("fullRunJobs() runs one file more than the machine has cores, or as many as DENO_JOBS says", () => {
  assert.equal(fullRunJobs(2, undefined), "3");
  assert.equal(fullRunJobs(8, undefined), "9");
  assert.equal(fullRunJobs(0, undefined), "2");
  assert.equal(fullRunJobs(2, "1"), "1");
  assert.equal(fullRunJobs(2, " 6 "), "6");
  assert.equal(fullRunJobs(2, ""), "3");
  assert.equal(fullRunJobs(2, "0"), "3");
  assert.equal(fullRunJobs(2, "many"), "3");
});
