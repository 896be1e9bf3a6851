import assert from "node:assert/strict";
import fc from "fast-check";
import { checkWork, EXPORT_BUDGET, REPORT_BUDGET } from "./work_budget.ts";

Deno.test("checkWork() lets a request go on up to its budget's rows and time, both included", () => {
  assert.deepEqual(checkWork({ rows: 100_000, ms: 20_000 }, REPORT_BUDGET), { kind: "ok" });
  assert.deepEqual(checkWork({ rows: 100_001, ms: 0 }, REPORT_BUDGET), {
    kind: "too_many_rows",
    rows: 100_001,
    limit: 100_000,
  });
  assert.deepEqual(checkWork({ rows: 0, ms: 30_001 }, EXPORT_BUDGET), {
    kind: "too_slow",
    ms: 30_001,
    limit: 30_000,
  });
});

Deno.test("checkWork() refuses past either bound, rows before time, and only past them", () => {
  fc.assert(
    fc.property(
      fc.nat(300_000),
      fc.nat(60_000),
      fc.integer({ min: 1, max: 200_000 }),
      fc.integer({ min: 1, max: 40_000 }),
      (rows, ms, rowLimit, msLimit) => {
        const check = checkWork({ rows, ms }, { rows: rowLimit, ms: msLimit });
        if (rows > rowLimit) return check.kind === "too_many_rows";
        if (ms > msLimit) return check.kind === "too_slow";
        return check.kind === "ok";
      },
    ),
  );
});
