import assert from "node:assert/strict";
import { migrate, MigrationMismatchError, readMigrations } from "./migrator.ts";
import { ENGINES, serverTestsEnabled, testOnServer, withDatabase } from "./testing/databases.ts";
import { PostgresJsSqlClient } from "./postgresjs_client.ts";

const FILES = (await readMigrations()).map((m) => m.name);

for (const engine of ENGINES) {
  const options = {
    ignore: engine === "postgres" && !serverTestsEnabled(),
    sanitizeOps: false,
    sanitizeResources: false,
  };

  Deno.test({
    ...options,
    name: `migrate() brings an empty database to the latest schema [${engine}]`,
    fn: () =>
      withDatabase(engine, async ({ sql }) => {
        const result = await migrate(sql);
        assert.deepEqual(result.applied, FILES);
        const recorded = await sql.query<{ name: string }>(
          "SELECT name FROM schema_migrations ORDER BY name",
        );
        assert.deepEqual(recorded.map((r) => r.name), FILES);
        const [counts] = await sql.query<{ provinces: number; districts: number; areas: number }>(
          `SELECT (SELECT count(*) FROM provinces) AS provinces,
                  (SELECT count(*) FROM districts) AS districts,
                  (SELECT count(*) FROM areas) AS areas`,
        );
        assert.deepEqual(counts, { provinces: 9, districts: 25, areas: 2147 });
      }, { migrated: false }),
  });

  Deno.test({
    ...options,
    name: `migrate() run twice applies nothing the second time [${engine}]`,
    fn: () =>
      withDatabase(engine, async ({ sql }) => {
        await migrate(sql);
        const before = await sql.query("SELECT * FROM schema_migrations ORDER BY name");
        const again = await migrate(sql);
        assert.deepEqual(again.applied, []);
        assert.deepEqual(await sql.query("SELECT * FROM schema_migrations ORDER BY name"), before);
      }, { migrated: false }),
  });

  Deno.test({
    ...options,
    name: `migrate() refuses to start when an applied migration was edited, naming it [${engine}]`,
    fn: () =>
      withDatabase(engine, async ({ sql }) => {
        const migrations = await readMigrations();
        await migrate(sql, { migrations });
        const edited = migrations.map((m) =>
          m.name === "0003_orders.sql"
            ? { ...m, sql: m.sql + "\n-- edited", checksum: "0".repeat(64) }
            : m
        );
        await assert.rejects(
          () => migrate(sql, { migrations: edited }),
          (error: Error) => {
            assert.ok(error instanceof MigrationMismatchError);
            assert.match(
              error.message,
              /Migration "0003_orders\.sql" was changed after it was applied/,
            );
            return true;
          },
        );
      }, { migrated: false }),
  });

  Deno.test({
    ...options,
    name: `migrate() rolls back a failing migration and records nothing for it [${engine}]`,
    fn: () =>
      withDatabase(engine, async ({ sql }) => {
        const migrations = [
          { name: "0001_good.sql", sql: "CREATE TABLE good (id int)", checksum: "a" },
          {
            name: "0002_bad.sql",
            sql: "CREATE TABLE half (id int); SELECT no_such_function()",
            checksum: "b",
          },
        ];
        await assert.rejects(() => migrate(sql, { migrations }));
        const recorded = await sql.query<{ name: string }>("SELECT name FROM schema_migrations");
        assert.deepEqual(recorded.map((r) => r.name), ["0001_good.sql"]);
        const [half] = await sql.query<{ exists: boolean }>(
          "SELECT to_regclass('half') IS NOT NULL AS exists",
        );
        assert.equal(half.exists, false);
      }, { migrated: false }),
  });
}

testOnServer("two servers starting at once apply each migration exactly once", async (db) => {
  const first = new PostgresJsSqlClient(db.url!, { max: 2 });
  const second = new PostgresJsSqlClient(db.url!, { max: 2 });
  try {
    await first.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    const results = await Promise.all([migrate(first), migrate(second)]);
    const applied = results.flatMap((r) => r.applied).sort();
    assert.deepEqual(applied, FILES);
    const [{ n }] = await first.query<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
    assert.equal(n, FILES.length);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
