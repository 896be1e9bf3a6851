import assert from "node:assert/strict";
import { openDatabase } from "./open_database.ts";
import { migrate } from "./migrator.ts";
import { testOnServer } from "./testing/databases.ts";

Deno.test({
  name: "openDatabase() without a URL keeps the embedded database under DATA_DIR across restarts",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-data-" });
    try {
      const first = await openDatabase({ dataDir });
      await migrate(first);
      await first.query("INSERT INTO book_categories (name) VALUES ($1)", ["Novels"]);
      await first.close();
      assert.ok((await Deno.stat(`${dataDir}/pglite`)).isDirectory);

      const second = await openDatabase({ dataDir });
      try {
        assert.deepEqual((await migrate(second)).applied, []);
        assert.deepEqual(await second.query("SELECT name FROM book_categories"), [
          { name: "Novels" },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});

testOnServer("openDatabase() with a URL talks to that server", async (db) => {
  const sql = await openDatabase({ databaseUrl: db.url, dataDir: "/nonexistent" });
  try {
    const [row] = await sql.query<{ name: string }>("SELECT current_database() AS name");
    assert.equal(`${new URL(db.url!).pathname}`, `/${row.name}`);
  } finally {
    await sql.close();
  }
});

Deno.test({
  name: "openDatabase() with an unreachable server fails at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    await assert.rejects(() =>
      openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/shop`, dataDir: "." })
    );
  },
});
