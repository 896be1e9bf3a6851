import assert from "node:assert/strict";
import { parseBenchFlags } from "./flags.ts";
import { onlyScenarios } from "./run.ts";

Deno.test("parseBenchFlags() gives the full run by default and a small one with --quick", () => {
  const full = parseBenchFlags([]);
  assert.equal(full.options.books, 100_000);
  assert.equal(full.options.connections, 32);
  assert.equal(full.options.warmupRequests, 0, "the full run warms up for a whole second");
  assert.equal(full.writeDocs, true);
  assert.equal(full.options.lighthouseRuns, 3, "each phone page's median of three");
  assert.equal(parseBenchFlags(["--lighthouse-runs", "1"]).options.lighthouseRuns, 1);
  const quick = parseBenchFlags(["--quick", "--books", "500"]);
  assert.equal(quick.options.books, 500);
  assert.equal(quick.options.lighthouse, false);
  assert.equal(quick.options.warmupRequests, 100);
  assert.equal(quick.writeDocs, false);
  assert.throws(() => parseBenchFlags(["--books", "ten"]), /positive whole number/);
  assert.throws(() => parseBenchFlags(["--fast"]), /Unknown flag "--fast"/);
});

Deno.test("--only names the scenarios to run and leaves the docs alone", () => {
  const some = parseBenchFlags(["--only", "orders,book_html"]);
  assert.deepEqual(some.options.only, ["orders", "book_html"]);
  assert.equal(some.writeDocs, false);
  assert.equal(parseBenchFlags([]).options.only, undefined);
  assert.throws(() => parseBenchFlags(["--only"]), /needs scenario ids/);
});

Deno.test("onlyScenarios() keeps the baseline and the named ones, and refuses an unknown id", () => {
  const all = [{ id: "baseline" }, { id: "orders" }, { id: "book_html" }];
  assert.deepEqual(onlyScenarios(all, ["orders"]).map((s) => s.id), ["baseline", "orders"]);
  assert.deepEqual(onlyScenarios(all), all);
  assert.throws(
    () => onlyScenarios(all, ["order"]),
    /Unknown scenario order; the scenarios: baseline, orders, book_html/,
  );
});

Deno.test("--campaigns sets the running campaign rules: 1,000 by default, 0 for none", () => {
  assert.equal(parseBenchFlags([]).options.campaigns, 1000);
  assert.equal(parseBenchFlags(["--quick"]).options.campaigns, 1000);
  assert.equal(parseBenchFlags(["--campaigns", "0"]).options.campaigns, 0);
  assert.equal(parseBenchFlags(["--campaigns", "20"]).options.campaigns, 20);
  assert.throws(() => parseBenchFlags(["--campaigns", "-1"]), /positive whole number/);
});
