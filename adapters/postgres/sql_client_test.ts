import assert from "node:assert/strict";
import { nextTask } from "../../tests/support/eventually.ts";
import { testOnBothEngines } from "./testing/databases.ts";

testOnBothEngines("SqlClient returns the same JavaScript types on both engines", async (sql) => {
  const [row] = await sql.query(
    `SELECT 9007199254740991::bigint AS big, 12.5::numeric AS num, count(*) AS n,
            '2024-02-29'::date AS day, '2024-02-29T10:00:00Z'::timestamptz AS at,
            $1::bytea AS bytes, $2::text[] AS list, true AS flag, NULL::text AS nothing
       FROM (VALUES (1), (2)) AS v(x)`,
    [new Uint8Array([0, 1, 255]), ["a", "b'c"]],
  );
  assert.deepEqual(row, {
    big: 9007199254740991,
    num: 12.5,
    n: 2,
    day: "2024-02-29",
    at: new Date("2024-02-29T10:00:00Z"),
    bytes: new Uint8Array([0, 1, 255]),
    list: ["a", "b'c"],
    flag: true,
    nothing: null,
  });
});

testOnBothEngines(
  "SqlClient.transaction() rolls everything back when its function throws",
  async (sql) => {
    await sql.exec("CREATE TABLE t (id int)");
    await assert.rejects(
      () =>
        sql.transaction(async (tx) => {
          await tx.query("INSERT INTO t VALUES ($1)", [1]);
          await tx.transaction((inner) => inner.query("INSERT INTO t VALUES ($1)", [2]));
          throw new Error("boom");
        }),
      /boom/,
    );
    assert.deepEqual(await sql.query("SELECT * FROM t"), []);
  },
);

testOnBothEngines(
  "SqlClient.transaction() commits and returns the function's value",
  async (sql) => {
    await sql.exec("CREATE TABLE t (id int)");
    const value = await sql.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES ($1)", [1]);
      return "done";
    });
    assert.equal(value, "done");
    assert.deepEqual(await sql.query("SELECT id FROM t"), [{ id: 1 }]);
  },
);

testOnBothEngines("concurrent transactions never lose each other's updates", async (sql) => {
  await sql.exec("CREATE TABLE counter (n int); INSERT INTO counter VALUES (0)");
  await Promise.all(
    Array.from({ length: 5 }, () =>
      sql.transaction(async (tx) => {
        const [{ n }] = await tx.query<{ n: number }>("SELECT n FROM counter FOR UPDATE");
        // The others go on meanwhile: a lost update would show.
        await nextTask();
        await tx.query("UPDATE counter SET n = $1", [n + 1]);
      })),
  );
  assert.deepEqual(await sql.query("SELECT n FROM counter"), [{ n: 5 }]);
});
