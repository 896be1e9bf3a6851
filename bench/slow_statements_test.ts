import assert from "node:assert/strict";
import { openBenchDatabase } from "./database.ts";
import {
  AUTO_EXPLAIN_MS,
  parseLoggedPlans,
  plansMarkdown,
  slowestPlans,
  takeSlowestStatements,
} from "./slow_statements.ts";
import { PostgresJsSqlClient } from "../adapters/postgres/mod.ts";
import { serverTestsEnabled } from "../adapters/postgres/testing/databases.ts";

const LOG = [
  "2026-11-26 23:40:01.100 UTC [4242] LOG:  duration: 31.512 ms  plan:",
  "\tQuery Text: SELECT b.id, b.title",
  "\t  FROM books b WHERE b.title ILIKE $1",
  "\tLimit  (cost=0.42..12.80 rows=24 width=64)",
  "\t  ->  Index Scan using books_title_trgm on books b  (cost=0.42..515.10 rows=999 width=64)",
  "2026-11-26 23:40:01.200 UTC [4243] LOG:  checkpoint starting: time",
  "2026-11-26 23:40:02.100 UTC [4242] LOG:  duration: 88.000 ms  plan:",
  "\tQuery Text: SELECT count(*) FROM books",
  "\tAggregate  (cost=10.00..10.01 rows=1 width=8)",
  "\t  ->  Seq Scan on books  (cost=0.00..9.00 rows=400 width=0)",
  "2026-11-26 23:40:03.100 UTC [4242] LOG:  duration: 40.000 ms  plan:",
  "\tQuery Text: SELECT count(*) FROM books",
  "\tAggregate  (cost=10.00..10.01 rows=1 width=8)",
  "",
].join("\n");

Deno.test("parseLoggedPlans() reads auto_explain's entries from a server log, slowest first, query apart from plan", () => {
  const plans = parseLoggedPlans(LOG);
  assert.deepEqual(plans.map((p) => p.durationMs), [88, 40, 31.512]);
  assert.equal(plans[2].query, "SELECT b.id, b.title FROM books b WHERE b.title ILIKE $1");
  assert.equal(
    plans[2].plan,
    "Limit  (cost=0.42..12.80 rows=24 width=64)\n" +
      "  ->  Index Scan using books_title_trgm on books b  (cost=0.42..515.10 rows=999 width=64)",
  );
  assert.deepEqual(parseLoggedPlans("LOG:  database system is ready\n"), []);
});

Deno.test("slowestPlans() keeps the slowest run of each statement, and plansMarkdown() prints them", () => {
  const plans = slowestPlans(parseLoggedPlans(LOG), 10);
  assert.deepEqual(plans.map((p) => p.durationMs), [88, 31.512]);
  const markdown = plansMarkdown(plans);
  assert.match(markdown, /### 1\. 88 ms/);
  assert.match(markdown, /Seq Scan on books/);
  assert.equal(plansMarkdown([]), `No statement ran longer than ${AUTO_EXPLAIN_MS} ms.\n`);
});

Deno.test({
  name:
    "the bench's database logs its slowest statements with their calls, and the plans of those past the threshold",
  ignore: !serverTestsEnabled(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // Its own server, as a full run starts one, so that its log can be read (not the
    // suite's shared server, whose log is its runner's).
    const names = ["BENCH_DATABASE_URL", "TEST_DATABASE_URL"];
    const saved = names.map((name) => Deno.env.get(name));
    for (const name of names) Deno.env.delete(name);
    const db = await openBenchDatabase().finally(() => {
      names.forEach((name, i) => {
        const value = saved[i];
        if (value !== undefined) Deno.env.set(name, value);
      });
    });
    try {
      assert.deepEqual(db.statementLog, { available: true, plans: true });
      // A session opened after the log started, as the shop's are.
      const shop = new PostgresJsSqlClient(db.url, { max: 1 });
      try {
        for (let i = 0; i < 3; i++) await shop.query("SELECT count(*) FROM books");
        await shop.query("SELECT pg_sleep($1)", [(AUTO_EXPLAIN_MS + 15) / 1000]);
      } finally {
        await shop.close();
      }
      const slowest = await takeSlowestStatements(db.sql, 20);
      assert.match(slowest[0].query, /pg_sleep/);
      assert.ok(slowest[0].maxMs >= AUTO_EXPLAIN_MS, JSON.stringify(slowest[0]));
      const counted = slowest.find((s) => /count\(\*\) FROM books/.test(s.query));
      assert.equal(counted?.calls, 3, JSON.stringify(slowest));
      // Reset: the next scenario starts from nothing.
      const after = await takeSlowestStatements(db.sql, 5);
      assert.ok(!after.some((s) => /pg_sleep/.test(s.query)), JSON.stringify(after));

      assert.ok(db.serverLog);
      const plans = parseLoggedPlans(await Deno.readTextFile(db.serverLog));
      const slept = plans.find((p) => /pg_sleep/.test(p.query));
      assert.ok(slept, "the slow statement's plan is in the server's log");
      assert.match(slept.plan, /Result/);
    } finally {
      await db.close();
    }
  },
});
