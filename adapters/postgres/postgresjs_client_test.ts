import assert from "node:assert/strict";
import { eventually as waitFor } from "../../tests/support/eventually.ts";
import { serverTestsEnabled, testOnServer, withDatabase } from "./testing/databases.ts";
import { testTier } from "../../tests/support/tier.ts";
import { UnavailableError } from "../../domain/ports.ts";
import { PostgresJsSqlClient, postgresTarget } from "./postgresjs_client.ts";
import type { SqlClient } from "./sql_client.ts";

const backendOf = async (sql: SqlClient) =>
  (await sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))[0].pid;

/** The connections to this database other than the one asking. */
const othersOf = async (sql: SqlClient) =>
  (await sql.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY pid`,
  )).map((row) => row.pid);

function eventually(check: () => Promise<boolean>, what: string): Promise<boolean> {
  return waitFor(check, { what });
}

testOnServer(
  "a pool is retired after its statements while a transaction on its own connection commits",
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

      // The first pool (4 statements, 2 connections) is retired once a fresh one has
      // opened its connections; statements go on meanwhile, never on the transaction's.
      const served = new Set<number>();
      const firstPool = new Set<number>();
      for (let i = 0; i < 4; i++) firstPool.add(await backendOf(client));
      for (let i = 0; i < 500 && served.size === 0; i++) {
        const backend = await backendOf(client);
        if (!firstPool.has(backend)) served.add(backend);
      }
      assert.ok(served.size > 0, "a fresh pool took over");
      assert.ok(!firstPool.has(first), "the transaction's connection served nothing else");
      assert.ok(!served.has(first), "the transaction's connection served nothing else");
      // The retired pool has nothing under way: it ends while the transaction is still open.
      await eventually(async () => {
        const others = await othersOf(client);
        return [...firstPool].every((pid) => !others.includes(pid)) && others.includes(first);
      }, "the retired pool's connections closed, the transaction's stayed");

      hold();
      await transaction;
      assert.deepEqual(await client.query("SELECT n FROM kept ORDER BY n"), [{ n: 1 }, { n: 2 }]);
    } finally {
      await client.close();
    }
  },
);

testOnServer(
  "transactions take turns on their connections, and one kept waiting too long is refused as unavailable",
  async (db) => {
    const client = new PostgresJsSqlClient(db.url!, {
      max: 2,
      transactions: 1,
      transactionWaitMs: 300,
    });
    try {
      let hold!: () => void;
      const held = new Promise<void>((resolve) => hold = resolve);
      let begun!: () => void;
      const started = new Promise<void>((resolve) => begun = resolve);
      const long = client.transaction(async (tx) => {
        await tx.query("SELECT 1");
        begun();
        await held;
        return backendOf(tx);
      });
      await started;
      const refused = await client.transaction((tx) => tx.query("SELECT 1")).catch((e) => e);
      assert.ok(refused instanceof UnavailableError, String(refused));
      assert.match(refused.message, /within 300 ms/);
      // Statements do not wait for transactions: they have the pool.
      assert.deepEqual(await client.query("SELECT 1 AS one"), [{ one: 1 }]);

      const queued = client.transaction((tx) => backendOf(tx));
      hold();
      const [a, b] = await Promise.all([long, queued]);
      assert.equal(a, b, "the waiting transaction ran on the connection given back");
    } finally {
      await client.close();
    }
  },
);

testOnServer(
  "200 transactions at once among 200 statements each keep one connection to themselves and commit",
  async (db) => {
    const client = new PostgresJsSqlClient(db.url!, { max: 4, transactions: 4 });
    try {
      await client.exec("CREATE TABLE sold (buyer int PRIMARY KEY, backend int NOT NULL)");
      const inUse = new Set<number>();
      const shared: number[] = [];
      const work = Array.from({ length: 200 }, (_, buyer) => [
        client.transaction(async (tx) => {
          const backend = await backendOf(tx);
          if (inUse.has(backend)) shared.push(backend);
          inUse.add(backend);
          try {
            await tx.query("INSERT INTO sold VALUES ($1, pg_backend_pid())", [buyer]);
            await tx.query("SELECT pg_sleep(0.001)");
            assert.equal(await backendOf(tx), backend, "every statement on one connection");
          } finally {
            inUse.delete(backend);
          }
        }),
        client.query("SELECT $1::int AS n", [buyer]),
      ]).flat();
      await Promise.all(work);
      assert.deepEqual(shared, [], "no two transactions on one connection at a time");
      const rows = await client.query<{ n: number; backends: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT backend)::int AS backends FROM sold",
      );
      assert.equal(rows[0].n, 200);
      assert.ok(rows[0].backends <= 4, `${rows[0].backends} connections for transactions`);
    } finally {
      await client.close();
    }
  },
);

testOnServer(
  "a transaction whose connection is killed fails as unavailable, commits nothing, and the next gets a fresh connection",
  async (db) => {
    const client = new PostgresJsSqlClient(db.url!, { max: 1, transactions: 1 });
    const killer = new PostgresJsSqlClient(db.url!, { max: 1 });
    try {
      await client.exec("CREATE TABLE kept (n int)");
      // `fn` swallows its own failure: the COMMIT must not report the lost work as done.
      const outcome = await client.transaction(async (tx) => {
        await tx.query("INSERT INTO kept VALUES (1)");
        const pid = await backendOf(tx);
        await killer.query("SELECT pg_terminate_backend($1)", [pid]);
        // pg_terminate_backend only signals: the backend is gone once the server lists it no
        // more. Before then the next statement, and even the COMMIT, could still run on it.
        await eventually(
          async () =>
            (await killer.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]))
              .length === 0,
          `backend ${pid} gone after its kill`,
        );
        await tx.query("INSERT INTO kept VALUES (2)").catch(() => {});
        return "done";
      }).catch((e) => e);
      assert.ok(outcome instanceof UnavailableError, String(outcome));
      assert.deepEqual(await client.query("SELECT n FROM kept"), []);

      const rows = await client.transaction(async (tx) => {
        await tx.query("INSERT INTO kept VALUES (3)");
        return tx.query<{ n: number }>("SELECT n FROM kept");
      });
      assert.deepEqual(rows, [{ n: 3 }]);
    } finally {
      await client.close();
      await killer.close();
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

testOnServer(
  "a statement planned each time is not prepared on its connection; any other is, once",
  async (db) => {
    const client = new PostgresJsSqlClient(db.url!, { max: 1 });
    try {
      const prepared = "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1";
      const each = "SELECT $1::int + 1 AS n";
      const once = "SELECT $1::int + 2 AS n";
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(await client.query(each, [i], { planEachTime: true }), [{ n: i + 1 }]);
        assert.deepEqual(await client.query(once, [i]), [{ n: i + 2 }]);
      }
      const [{ count: eachCount }] = await client.query<{ count: number }>(prepared, [each]);
      const [{ count: onceCount }] = await client.query<{ count: number }>(prepared, [once]);
      assert.deepEqual([eachCount, onceCount], [0, 1]);
    } finally {
      await client.close();
    }
  },
);

/**
 * A proxy on loopback between the client and the server that keeps what the client wrote in
 * each read, and can cut a connection instead of passing a read on.
 */
function proxyTo(serverUrl: string) {
  const target = new URL(serverUrl);
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const reads: string[] = [];
  const open = new Set<Deno.Conn>();
  let cutWhen: ((text: string) => boolean) | undefined;
  const decoder = new TextDecoder("latin1");
  const pipe = async (from: Deno.Conn, to: Deno.Conn, fromClient: boolean) => {
    const buffer = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const n = await from.read(buffer);
        if (n === null) break;
        const chunk = buffer.subarray(0, n);
        if (fromClient) {
          const text = decoder.decode(chunk);
          reads.push(text);
          if (cutWhen?.(text)) {
            cutWhen = undefined;
            break;
          }
        }
        await to.write(chunk);
      }
    } catch {
      // The other side went: the connection ends.
    } finally {
      for (const conn of [from, to]) {
        try {
          conn.close();
        } catch {
          // Already closed.
        }
        open.delete(conn);
      }
    }
  };
  const serving = (async () => {
    for await (const client of listener) {
      const server = await Deno.connect({
        hostname: target.hostname,
        port: Number(target.port || 5432),
      });
      open.add(client);
      open.add(server);
      pipe(client, server, true);
      pipe(server, client, false);
    }
  })().catch(() => {});
  const url = new URL(serverUrl);
  url.hostname = "127.0.0.1";
  url.port = String((listener.addr as Deno.NetAddr).port);
  return {
    url: url.toString(),
    reads,
    cutNextReadWith(text: string) {
      cutWhen = (read) => read.includes(text);
    },
    async close() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch {
          // Already closed.
        }
      }
      await serving;
    },
  };
}

testOnServer(
  "a transaction's BEGIN travels in one write with its first statement, and the transaction commits",
  async (db) => {
    const proxy = proxyTo(db.url!);
    const client = new PostgresJsSqlClient(proxy.url, { max: 1, transactions: 1 });
    try {
      await client.exec("CREATE TABLE turns (n int)");
      const place = (n: number) =>
        client.transaction(async (tx) => {
          await tx.query(`INSERT INTO turns VALUES (${n})`);
          await tx.query(`INSERT INTO turns VALUES (${n + 1})`);
        });
      // The first opens its connection: its BEGIN is answered before anything follows it.
      await place(1);
      const [opening] = proxy.reads.filter((read) => /begin/.test(read));
      assert.doesNotMatch(opening, /INSERT/, "the opening BEGIN alone");
      // On the open connection, the next BEGIN goes with its first statement.
      await place(3);
      const begins = proxy.reads.filter((read) => /begin/.test(read));
      assert.equal(begins.length, 2, "one BEGIN a transaction");
      assert.match(begins[1], /INSERT INTO turns VALUES \(3\)/, "with the first statement");
      assert.doesNotMatch(begins[1], /VALUES \(4\)/, "the second waits for the first's answer");
      assert.deepEqual(
        (await client.query<{ n: number }>("SELECT n FROM turns ORDER BY n")).map((r) => r.n),
        [1, 2, 3, 4],
      );
    } finally {
      await client.close();
      await proxy.close();
    }
  },
);

testOnServer(
  "a transaction whose connection is cut as its BEGIN is written fails as unavailable, writes nothing, and the next commits",
  async (db) => {
    const proxy = proxyTo(db.url!);
    const client = new PostgresJsSqlClient(proxy.url, { max: 1, transactions: 1 });
    try {
      await client.exec("CREATE TABLE cut (n int)");
      // A first transaction opens the connection; the cut is of the next one's BEGIN, written
      // with its first statement.
      await client.transaction((tx) => tx.query("SELECT 1"));
      proxy.cutNextReadWith("begin");
      let after = false;
      const failed = await client.transaction(async (tx) => {
        await tx.query("INSERT INTO cut VALUES (1)");
        after = true;
      }).catch((error) => error);
      assert.ok(failed instanceof UnavailableError, String(failed));
      const cutRead = proxy.reads.filter((read) => /begin/.test(read)).at(-1)!;
      assert.match(cutRead, /INSERT INTO cut VALUES \(1\)/, "the cut read held the statement");
      assert.equal(after, false, "nothing after the first statement ran");
      assert.deepEqual(await client.query("SELECT n FROM cut"), []);

      await client.transaction((tx) => tx.query("INSERT INTO cut VALUES (2)"));
      assert.deepEqual(await client.query("SELECT n FROM cut"), [{ n: 2 }]);
    } finally {
      await client.close();
      await proxy.close();
    }
  },
);

Deno.test("postgresTarget() reads libpq's ?host=/folder as the socket's folder and hands the URL on without it", () => {
  assert.deepEqual(
    postgresTarget(
      "postgres://shop:secret@localhost:5433/pothgula?host=/var/run/postgresql&sslmode=disable",
    ),
    {
      url: "postgres://shop:secret@localhost:5433/pothgula?sslmode=disable",
      socketFolder: "/var/run/postgresql",
    },
  );
  assert.deepEqual(postgresTarget("postgres://shop@127.0.0.1:5432/pothgula"), {
    url: "postgres://shop@127.0.0.1:5432/pothgula",
  });
  // A host that is no folder is the URL's business, left as it came.
  assert.deepEqual(postgresTarget("postgres://shop@db/pothgula?host=db2"), {
    url: "postgres://shop@db/pothgula?host=db2",
  });
});

// The folder of the run's server socket (scripts/run_tests.ts); a server named by
// TEST_DATABASE_URL alone has none to give, and in CI that fails here rather than passing.
const socketFolder = Deno.env.get("TEST_DATABASE_SOCKET_FOLDER");
if (testTier() !== "fast") {
  Deno.test({
    name: "a URL naming the server's socket folder connects through the socket, not TCP [postgres]",
    ignore: !serverTestsEnabled() || (!socketFolder && Deno.env.get("CI") !== "true"),
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () =>
      withDatabase("postgres", async (db) => {
        assert.ok(socketFolder, "CI starts its own server, whose socket folder it names");
        const url = new URL(db.url!);
        url.hostname = "localhost";
        url.searchParams.set("host", socketFolder);
        const client = new PostgresJsSqlClient(url.href, { max: 1 });
        try {
          const [{ address, database }] = await client.query<
            { address: string | null; database: string }
          >("SELECT inet_client_addr()::text AS address, current_database() AS database");
          // No client address: the connection came through the Unix socket.
          assert.equal(address, null);
          assert.equal(database, url.pathname.slice(1));
          const [{ address: overTcp }] = await db.sql.query<{ address: string | null }>(
            "SELECT inet_client_addr()::text AS address",
          );
          assert.match(overTcp ?? "", /^127\.0\.0\.1/);
        } finally {
          await client.close();
        }
      }),
  });
}
