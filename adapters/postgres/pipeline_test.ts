import assert from "node:assert/strict";
import { inTurn } from "./pipeline.ts";
import { testOnBothEngines } from "./testing/databases.ts";

Deno.test("inTurn answers each statement's rows in the order they were sent", async () => {
  const later = new Promise<string>((resolve) => setTimeout(() => resolve("first sent"), 5));
  const [a, b] = await inTurn<[string, number]>([later, Promise.resolve(2)]);
  assert.equal(a, "first sent");
  assert.equal(b, 2);
});

Deno.test("inTurn throws the first failure in the order sent, not the first to arrive", async () => {
  let failFirst!: (error: Error) => void;
  const first = new Promise<never>((_, reject) => failFirst = reject);
  const second = Promise.reject(new Error("current transaction is aborted"));
  const settled = inTurn([first, second]);
  failFirst(new Error("the cause"));
  await assert.rejects(settled, /the cause/);
});

testOnBothEngines(
  "statements sent together in a transaction run in the order sent, each seeing the ones before",
  async (sql) => {
    await sql.exec("CREATE TABLE t (id int PRIMARY KEY)");
    const [, , rows] = await sql.transaction((tx) =>
      inTurn<[unknown, unknown, { n: number }[]]>([
        tx.query("INSERT INTO t VALUES ($1)", [1]),
        tx.query("INSERT INTO t SELECT max(id) + 1 FROM t"),
        tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t"),
      ])
    );
    assert.deepEqual(rows, [{ n: 2 }]);
  },
);

testOnBothEngines(
  "a statement failing among those sent together is the error, and nothing of them is kept",
  async (sql) => {
    await sql.exec("CREATE TABLE t (id int PRIMARY KEY)");
    await assert.rejects(
      sql.transaction((tx) =>
        inTurn([
          tx.query("INSERT INTO t VALUES ($1)", [1]),
          tx.query("INSERT INTO t VALUES ($1)", [1]),
          tx.query("INSERT INTO t VALUES ($1)", [2]),
        ])
      ),
      /duplicate key/,
    );
    assert.deepEqual(await sql.query("SELECT id FROM t"), []);
  },
);
