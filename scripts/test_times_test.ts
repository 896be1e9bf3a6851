import assert from "node:assert/strict";
import {
  COSTS_HEADING,
  durationSeconds,
  fileTimes,
  keptSection,
  timesTable,
} from "./test_times.ts";

Deno.test("durationSeconds() reads the durations deno test prints", () => {
  assert.equal(durationSeconds("850µs"), 0.00085);
  assert.equal(durationSeconds("12ms"), 0.012);
  assert.equal(durationSeconds("3s"), 3);
  assert.equal(durationSeconds("1m 5s"), 65);
  assert.equal(durationSeconds("5m57s"), 357);
  assert.equal(durationSeconds("2m"), 120);
});

const OUTPUT = [
  "./web/a_browser_test.ts => a walk ... first step ... ok (2s)",
  "./web/a_browser_test.ts => a walk ... second step ... ok (3s)",
  "./web/a_browser_test.ts => a walk ... ok (1m 6s)",
  "./http/b_test.ts => one thing ... ok (12ms)",
  "./http/b_test.ts => another thing [postgres] ...----- post-test output end -----",
  "./http/b_test.ts => another thing [postgres] ... ok (988ms)",
  "./http/b_test.ts => a failing thing ... FAILED (1s)",
  "./http/b_test.ts => a failing walk ... a step ... FAILED (1s)",
  "./http/b_test.ts => a failing walk ... FAILED (due to 1 failed step) (1m30s)",
  "noise => not a result",
].join("\n");

Deno.test("fileTimes() adds up each file's tests, not their steps again, longest first", () => {
  assert.deepEqual(fileTimes(OUTPUT), [
    { file: "http/b_test.ts", seconds: 92, tests: 4 },
    { file: "web/a_browser_test.ts", seconds: 66, tests: 1 },
  ]);
});

Deno.test("timesTable() lists every file with its tier, longest first, and the sum", () => {
  const table = timesTable(fileTimes(OUTPUT), "a run");
  assert.match(table, /\| 1 \| `http\/b_test\.ts` \| fast \| 4 \| 92\.0 \|/);
  assert.match(table, /\| 2 \| `web\/a_browser_test\.ts` \| full \| 1 \| 66\.0 \|/);
  assert.match(table, /their times added up: 2\.6 min/);
});

Deno.test("a new run's table keeps the hand-written section on costs and replaces the old table", () => {
  const section = `${COSTS_HEADING}\n\nAn axe check: 1.2 CPU seconds.\n`;
  const old = timesTable(fileTimes(OUTPUT), "an old run", section);
  assert.equal(keptSection(old), section);
  const next = timesTable([], "a new run", keptSection(old));
  assert.match(next, /An axe check: 1\.2 CPU seconds\.\n\n## Per file\n\nRun: a new run\./);
  assert.doesNotMatch(next, /an old run|b_test/);
  assert.equal(keptSection(timesTable([], "a run")), "");
});
