import assert from "node:assert/strict";
import fc from "fast-check";
import {
  startUpkeep,
  type TableCounters,
  type TableUpkeep,
  upkeepPlan,
  upkeepRound,
  upkeepStatement,
} from "./upkeep.ts";
import { testOnEngine, withDatabase } from "../postgres/testing/databases.ts";
import type { SqlClient } from "../postgres/sql_client.ts";
import { eventually } from "../../tests/support/eventually.ts";

const quiet = (table: string, rows: number): TableCounters => ({
  table,
  rows,
  bytes: 10 * 8192,
  pages: 10,
  allVisiblePages: 10,
  dead: 0,
  insertedSinceVacuum: 0,
  changedSinceAnalyse: 0,
});

Deno.test("upkeepPlan() vacuums and analyses a table never counted and leaves a quiet one", () => {
  assert.deepEqual(upkeepPlan([quiet("books", -1), quiet("orders", 1000), quiet("empty", 0)]), [
    { table: "books", vacuum: true, analyse: true },
  ]);
});

Deno.test("upkeepPlan() leaves a table never counted while no row was ever written to it, and takes it once one is", () => {
  const fresh = { ...quiet("orders", -1), bytes: 0, pages: 0, allVisiblePages: 0 };
  assert.deepEqual(upkeepPlan([fresh]), []);
  // Its first rows, counted since the engine started or not: the file has pages now.
  assert.deepEqual(upkeepPlan([{ ...fresh, bytes: 8192 }]), [
    { table: "orders", vacuum: true, analyse: true },
  ]);
  assert.deepEqual(upkeepPlan([{ ...fresh, bytes: 8192, changedSinceAnalyse: 3 }]), [
    { table: "orders", vacuum: true, analyse: true },
  ]);
});

Deno.test("upkeepPlan() vacuums a table with most of its pages not marked all-visible", () => {
  const table = (pages: number, allVisiblePages: number) =>
    upkeepPlan([{ ...quiet("t", 1000), pages, allVisiblePages }]);
  assert.deepEqual(table(10, 4), [{ table: "t", vacuum: true, analyse: false }]);
  assert.deepEqual(table(10, 5), []);
  // A table of a few pages is read whole anyway.
  assert.deepEqual(table(7, 0), []);
});

Deno.test("upkeepPlan() takes autovacuum's thresholds: rows past a fixed count and a share", () => {
  const at = (counts: Partial<TableCounters>) =>
    upkeepPlan([{ ...quiet("t", 1000), ...counts }])[0] ?? null;
  // Dead rows: 50 + 20% of 1,000 = 250.
  assert.equal(at({ dead: 250 }), null);
  assert.deepEqual(at({ dead: 251 }), { table: "t", vacuum: true, analyse: false });
  // Rows inserted since the last vacuum: 1,000 + 20% = 1,200.
  assert.equal(at({ insertedSinceVacuum: 1200 }), null);
  assert.deepEqual(at({ insertedSinceVacuum: 1201 }), { table: "t", vacuum: true, analyse: false });
  // Rows changed since the last analyse: 50 + 10% = 150.
  assert.equal(at({ changedSinceAnalyse: 150 }), null);
  assert.deepEqual(at({ changedSinceAnalyse: 151 }), { table: "t", vacuum: false, analyse: true });
  assert.deepEqual(at({ dead: 300, changedSinceAnalyse: 300 }), {
    table: "t",
    vacuum: true,
    analyse: true,
  });
});

Deno.test("upkeepPlan() never drops a table's work when more of its rows change", () => {
  const counters = fc.record({
    table: fc.constant("t"),
    rows: fc.integer({ min: -1, max: 1_000_000 }),
    bytes: fc.nat(100_000_000),
    pages: fc.nat(10_000),
    allVisiblePages: fc.nat(10_000),
    dead: fc.nat(2_000_000),
    insertedSinceVacuum: fc.nat(2_000_000),
    changedSinceAnalyse: fc.nat(2_000_000),
  });
  fc.assert(fc.property(counters, fc.nat(1_000), fc.nat(1_000), fc.nat(1_000), (t, a, b, c) => {
    const before = upkeepPlan([t])[0];
    const after = upkeepPlan([{
      ...t,
      dead: t.dead + a,
      insertedSinceVacuum: t.insertedSinceVacuum + b,
      changedSinceAnalyse: t.changedSinceAnalyse + c,
    }])[0];
    if (before?.vacuum) assert.equal(after?.vacuum, true);
    if (before?.analyse) assert.equal(after?.analyse, true);
  }));
});

Deno.test("upkeepStatement() vacuums, analyses or both, the table's name quoted", () => {
  const step = (vacuum: boolean, analyse: boolean): TableUpkeep => ({
    table: 'odd"name',
    vacuum,
    analyse,
  });
  assert.equal(upkeepStatement(step(true, true)), 'VACUUM (ANALYZE) "odd""name"');
  assert.equal(upkeepStatement(step(true, false)), 'VACUUM "odd""name"');
  assert.equal(upkeepStatement(step(false, true)), 'ANALYZE "odd""name"');
});

async function probeCounters(sql: SqlClient) {
  const [row] = await sql.query<
    { dead: number; vacuums: number; analyses: number; rows: number }
  >(
    `SELECT s.n_dead_tup AS dead, s.vacuum_count AS vacuums, s.analyze_count AS analyses,
       c.reltuples AS rows
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.relname = 'upkeep_probe'`,
  );
  return row;
}

testOnEngine({
  name:
    "an upkeep round on PGlite analyses every table never analysed that holds rows, leaves the empty ones, vacuums one past its dead rows, then leaves it",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withDatabase("pglite", async ({ sql }) => {
      await sql.exec("CREATE TABLE upkeep_probe (id integer PRIMARY KEY, note text)");
      await sql.query(
        "INSERT INTO upkeep_probe SELECT g, 'row ' || g FROM generate_series(1, 2000) g",
      );
      await sql.query("DELETE FROM upkeep_probe WHERE id % 2 = 0");
      // The engine publishes a session's counters at most once a second, between statements.
      await eventually(async () => (await probeCounters(sql))?.dead === 1000, {
        what: "the deleted rows counted",
      });

      const first = await upkeepRound(sql);
      assert.deepEqual(first.find((s) => s.table === "upkeep_probe"), {
        table: "upkeep_probe",
        vacuum: true,
        analyse: true,
      });
      // The shop's own tables had never been analysed either: those the migrations filled
      // (the places an order is delivered to) are now; the empty ones are left, as autovacuum
      // leaves them, so that nothing is planned for a table that is empty only for now.
      for (const table of ["provinces", "districts", "areas"]) {
        assert.ok(first.some((s) => s.table === table && s.analyse), table);
      }
      for (const table of ["books", "orders", "book_search"]) {
        assert.equal(first.find((s) => s.table === table), undefined, table);
      }
      const after = await eventually(async () => {
        const row = await probeCounters(sql);
        return row?.vacuums === 1 && row.analyses === 1 ? row : null;
      }, { what: "the probe vacuumed and analysed once" });
      assert.equal(after.dead, 0);
      assert.equal(after.rows, 1000);

      const second = await upkeepRound(sql);
      assert.equal(second.find((s) => s.table === "upkeep_probe"), undefined);
    }),
});

Deno.test("the upkeep loop goes on after a failed round and stops cleanly", async () => {
  let calls = 0;
  const failing = {
    query: () => {
      calls++;
      return Promise.reject(new Error(`round ${calls} failed`));
    },
  } as unknown as SqlClient;
  const errors: string[] = [];
  const rounds: TableUpkeep[][] = [];
  const upkeep = startUpkeep(failing, {
    intervalMs: 1,
    onError: (error) => errors.push((error as Error).message),
    onRound: (done) => rounds.push(done),
  });
  await eventually(() => rounds.length >= 3, { what: "three rounds" });
  await upkeep.stop();
  assert.deepEqual(errors.slice(0, 3), ["round 1 failed", "round 2 failed", "round 3 failed"]);
  assert.ok(rounds.every((done) => done.length === 0));
  // Each failed round was told once, and none ran past stop(): the counts agree.
  assert.equal(errors.length, rounds.length);
  assert.equal(calls, rounds.length);
});
