/**
 * How the postgres.js client meets a server that goes away: connection failures become
 * UnavailableError (503), query mistakes stay what they are, and postgres.js's stray write
 * after a close neither ends the process nor leaves the client hanging.
 */
import assert from "node:assert/strict";
import { TimedOutError, UnavailableError } from "../../domain/ports.ts";
import {
  isConnectionFailure,
  isStatementTimeout,
  PostgresJsSqlClient,
} from "../../adapters/postgres/postgresjs_client.ts";
import { isStrayWriteAfterClose } from "../../adapters/postgres/stray_write_guard.ts";
import { serverTestsEnabled, withDatabase } from "../../adapters/postgres/testing/databases.ts";
import { freePort } from "./support/shop_process.ts";

Deno.test("isConnectionFailure() knows dropped connections and a server shutting down, not bad SQL", () => {
  for (
    const code of [
      "ECONNREFUSED",
      "CONNECTION_CLOSED",
      "CONNECT_TIMEOUT",
      "57P01",
      "08006",
    ]
  ) {
    assert.equal(isConnectionFailure({ code }), true, code);
  }
  for (const code of ["23505", "42601", "40001", "57014", undefined]) {
    assert.equal(isConnectionFailure({ code }), false, String(code));
  }
  assert.equal(isStatementTimeout({ code: "57014" }), true);
  assert.equal(isStatementTimeout({ code: "57P01" }), false);
  assert.equal(isConnectionFailure(new Error("boom")), false);
});

Deno.test({
  name: "a server that is not there answers UnavailableError within the connect timeout",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const client = new PostgresJsSqlClient(`postgres://postgres@127.0.0.1:${freePort()}/x`, {
      connectTimeoutSeconds: 2,
    });
    try {
      // Refused at once by the closed port, not given up on at the time limit.
      const error = await client.query("SELECT 1").catch((e) => e);
      assert.ok(error instanceof UnavailableError, String(error));
      assert.ok(error.retryAfterSeconds >= 1);
      const inTransaction = await client.transaction((tx) => tx.query("SELECT 1")).catch((e) => e);
      assert.ok(inTransaction instanceof UnavailableError);
    } finally {
      await client.close();
    }
  },
});

function strayWrite(): TypeError {
  const error = new TypeError("Cannot read properties of null (reading 'write')");
  error.stack =
    `${error.message}\n    at nextWrite (file:///app/node_modules/.deno/postgres@3.4.9/node_modules/postgres/src/connection.js:255:22)`;
  return error;
}

Deno.test("isStrayWriteAfterClose() matches postgres.js's write to a closed socket only", () => {
  assert.equal(isStrayWriteAfterClose(strayWrite()), true);
  assert.equal(
    isStrayWriteAfterClose(new TypeError("Cannot read properties of null (reading 'write')")),
    false,
  );
  assert.equal(isStrayWriteAfterClose(new Error("reading 'write'")), false);
});

Deno.test({
  name:
    "a stray postgres.js write after a close is caught where it happens and the process goes on",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // Making a client puts the guard in place.
    const client = new PostgresJsSqlClient(`postgres://postgres@127.0.0.1:${freePort()}/x`);
    try {
      const ran = await new Promise<boolean>((resolve) => {
        const scope = globalThis as unknown as { setImmediate(fn: () => void): unknown };
        scope.setImmediate(function nextWrite() {
          // A timer set before the throw still runs: the process went on.
          setTimeout(() => resolve(true), 0);
          throw strayWrite();
        });
      });
      assert.equal(ran, true);
      let later = false;
      await new Promise<void>((resolve) => {
        (globalThis as unknown as { setImmediate(fn: () => void): unknown }).setImmediate(() => {
          later = true;
          resolve();
        });
      });
      assert.equal(later, true, "immediates still run after the stray write");
    } finally {
      await client.close();
    }
  },
});

Deno.test({
  name: "a statement past its time limit is TimedOutError and leaves its connection usable",
  ignore: !serverTestsEnabled(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withDatabase("postgres", async (db) => {
      // Two connections and many timeouts inside transactions: a connection kept back after
      // a timeout (as after a dropped connection) would leave the pool empty and hang.
      const client = new PostgresJsSqlClient(db.url!, { max: 2, statementTimeoutMs: 50 });
      try {
        const slow = await client.query("SELECT pg_sleep(1)").catch((e) => e);
        assert.ok(slow instanceof TimedOutError, String(slow));
        assert.ok(!(slow instanceof UnavailableError));
        for (let i = 0; i < 6; i++) {
          const inTransaction = await client
            .transaction((tx) => tx.query("SELECT pg_sleep(1)"))
            .catch((e) => e);
          assert.ok(inTransaction instanceof TimedOutError, String(inTransaction));
        }
        const rows = await client.transaction((tx) => tx.query<{ one: number }>("SELECT 1 AS one"));
        assert.deepEqual(rows, [{ one: 1 }]);
      } finally {
        await client.close();
      }
    });
  },
});
