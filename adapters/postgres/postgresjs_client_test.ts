import assert from "node:assert/strict";
import { testOnServer } from "./testing/databases.ts";
import { PostgresJsSqlClient } from "./postgresjs_client.ts";
import type { SqlClient } from "./sql_client.ts";

const backendOf = async (sql: SqlClient) =>
  (await sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))[0].pid;

/** The connections to this database other than the one asking. */
const othersOf = async (sql: SqlClient) =>
  (await sql.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY pid`,
  )).map((row) => row.pid);

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

testOnServer(
  "a pool is retired after its statements, and a transaction begun on it still commits",
  async (db) => {
    const client = new PostgresJsSqlClient(db.url!, { max: 2, poolStatements: 4 });
    try {
      await client.exec("CREATE TABLE kept (n int)");
      let hold!: () => void;
      const held = new Promise<void>((resolve) => hold = resolve);
      let begun!: (pid: number) => void;
      const transactionBackend = new Promise<number>((resolve) => begun = resolve);
      const transaction = client.transaction(async (tx) => {
        await tx.query("INSERT INTO kept VALUES (1)");
        begun(await backendOf(tx));
        await held;
        await tx.query("INSERT INTO kept VALUES (2)");
      });
      const first = await transactionBackend;

      // The first pool (4 statements, 2 connections) is retired under the transaction once
      // a fresh one has opened its connections; statements go on meanwhile.
      const served = new Set<number>();
      const firstPool = new Set<number>();
      for (let i = 0; i < 4; i++) firstPool.add(await backendOf(client));
      for (let i = 0; i < 500 && served.size === 0; i++) {
        const backend = await backendOf(client);
        if (!firstPool.has(backend)) served.add(backend);
      }
      assert.ok(served.size > 0, "a fresh pool took over");
      assert.ok(!firstPool.has(first), "the transaction's connection served nothing else");
      assert.ok((await othersOf(client)).includes(first), "the retired pool waits for its work");

      hold();
      await transaction;
      assert.deepEqual(await client.query("SELECT n FROM kept ORDER BY n"), [{ n: 1 }, { n: 2 }]);
      // Retired pools end once idle: what stays open is the pool in use, at most 2.
      await eventually(async () => {
        const others = await othersOf(client);
        return !others.includes(first) && others.length <= 1;
      }, "the retired pools' connections closed");
    } finally {
      await client.close();
    }
  },
);

testOnServer("close() ends a retired pool's connections with the pool in use", async (db) => {
  const client = new PostgresJsSqlClient(db.url!, { max: 2, poolStatements: 2 });
  const watcher = new PostgresJsSqlClient(db.url!, { max: 1 });
  try {
    let hold!: () => void;
    const held = new Promise<void>((resolve) => hold = resolve);
    const transaction = client.transaction(async (tx) => {
      await tx.query("SELECT 1");
      await held;
    });
    for (let i = 0; i < 4; i++) await client.query("SELECT 1");
    assert.ok((await othersOf(watcher)).length >= 2);
    hold();
    await transaction;
    await client.close();
    await eventually(
      async () => (await othersOf(watcher)).length === 0,
      "every connection of the client closed",
    );
  } finally {
    await client.close();
    await watcher.close();
  }
});
