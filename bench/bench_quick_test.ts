/**
 * `deno task bench --quick` end to end: a tiny catalogue in a real PostgreSQL server, the
 * shop in its own process, every scenario under load, and a results JSON with figures.
 * The benchmark's numbers are not judged here, only that it runs and reports them all.
 */
import assert from "node:assert/strict";
import type { BenchResults } from "./results.ts";

const SCENARIOS = [
  "baseline",
  "books_page1",
  "books_search",
  "books_filtered",
  "books_deep_page",
  "book_html",
  "home_html",
  "book_html_hot",
  "listing_html_distinct",
  "floor_listing_html",
  "listing_html_paced",
  "listing_html_paced_light",
  "book_html_random",
  "floor_row_random",
  "floor_page_random",
  "api_books_distinct",
  "floor_api_rows",
  "page_mix",
  "orders",
];

Deno.test({
  name: "deno task bench --quick writes results with figures for every scenario",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const outDir = await Deno.makeTempDir({ prefix: "pothgula-bench-quick-" });
    try {
      const env: Record<string, string> = { BENCH_RESULTS_DIR: outDir, NO_COLOR: "1" };
      const server = Deno.env.get("TEST_DATABASE_URL");
      if (server && !Deno.env.get("BENCH_DATABASE_URL")) env.BENCH_DATABASE_URL = server;
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "scripts/bench.ts", "--quick"],
        cwd: new URL("../", import.meta.url),
        env,
        stdout: "piped",
        stderr: "piped",
        // A bound on a run that hangs, not a speed to meet: the bench's figures say that.
        signal: AbortSignal.timeout(300_000),
      }).output();
      const log = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      assert.ok(out.success, log.slice(-3000));

      const results = JSON.parse(
        await Deno.readTextFile(`${outDir}/latest.json`),
      ) as BenchResults;
      assert.equal(results.mode, "quick");
      assert.deepEqual(results.scenarios.map((s) => s.id), SCENARIOS);
      for (const s of results.scenarios) {
        for (const figure of [s.requestsPerSecond, s.p50Ms, s.p95Ms, s.p99Ms, s.ratioToBaseline]) {
          assert.ok(Number.isFinite(figure) && figure > 0, `${s.id}: ${JSON.stringify(s)}`);
        }
        assert.equal(s.errors, 0, `${s.id} answered ${JSON.stringify(s.statuses)}`);
      }
      assert.ok(results.scenarios.find((s) => s.id === "orders")!.statuses["201"] > 0);
      // Each distinct load is set beside its floor, measured in the same run.
      for (const id of ["listing_html_distinct", "book_html_random", "api_books_distinct"]) {
        const s = results.scenarios.find((s) => s.id === id)!;
        assert.ok((s.ratioToFloor ?? 0) > 0, `${id}: ${JSON.stringify(s)}`);
      }
      assert.ok(results.wire.wholeCatalogueBytes > results.wire.firstPageBytes);
      assert.ok((results.serverPeakMemoryMb ?? 0) > 0);
      assert.deepEqual(results.pageWeight.map((p) => p.path.replace(/\d+$/, "{id}")), [
        "/",
        "/books/{id}",
        "/cart",
        "/checkout",
      ]);
      assert.ok(results.pageWeight.every((p) => p.jsGzipBytes > 0));
      assert.ok(results.targets.length > 0);
      // The slow-statement log runs where the server counts statements (CI's Debian server
      // does): the scenarios that read the database name their slowest statement.
      if (Deno.env.get("CI") === "true") assert.ok("plans" in results.statementLog);
      if ("plans" in results.statementLog) {
        const counted = results.scenarios.filter((s) => (s.slowest?.length ?? 0) > 0);
        assert.ok(counted.some((s) => s.id === "orders"), JSON.stringify(counted.map((s) => s.id)));
      }
    } finally {
      await Deno.remove(outDir, { recursive: true }).catch(() => {});
    }
  },
});
