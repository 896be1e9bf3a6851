import assert from "node:assert/strict";
import { migrate, openDatabase } from "../adapters/postgres/mod.ts";
import { backupDataDir } from "./backup.ts";
import { restoreDataDir } from "./restore.ts";

async function withDirs(fn: (root: string) => Promise<void>): Promise<void> {
  const root = await Deno.makeTempDir({ prefix: "pothgula-backup-" });
  try {
    await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test({
  name: "a backup of the embedded database restores into another DATA_DIR with every row",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withDirs(async (root) => {
      const source = await openDatabase({ dataDir: `${root}/shop` });
      await migrate(source);
      await source.query("INSERT INTO book_categories (name) VALUES ($1), ($2)", [
        "Novels",
        "Poetry 'quoted'",
      ]);
      await source.close();

      const file = `${root}/backup.tar.gz`;
      const bytes = await backupDataDir(`${root}/shop`, file);
      assert.ok(bytes > 1000);
      const head = (await Deno.readFile(file)).subarray(0, 2);
      assert.deepEqual([...head], [0x1f, 0x8b], "gzip");

      assert.equal(await restoreDataDir(`${root}/copy`, file), undefined);
      const copy = await openDatabase({ dataDir: `${root}/copy` });
      try {
        const names = await copy.query<{ name: string }>(
          "SELECT name FROM book_categories ORDER BY name",
        );
        assert.deepEqual(names.map((n) => n.name), ["Novels", "Poetry 'quoted'"]);
        assert.deepEqual((await migrate(copy)).applied, [], "the schema came along");
      } finally {
        await copy.close();
      }
    });
  },
});

Deno.test({
  name: "restore refuses to replace a database without --force and keeps the old one aside with it",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withDirs(async (root) => {
      const db = await openDatabase({ dataDir: `${root}/shop` });
      await migrate(db);
      await db.close();
      const file = `${root}/backup.tar.gz`;
      await backupDataDir(`${root}/shop`, file);

      await assert.rejects(() => restoreDataDir(`${root}/shop`, file), /pass --force/);
      const aside = await restoreDataDir(`${root}/shop`, file, {
        force: true,
        now: new Date("2026-01-02T03:04:05Z"),
      });
      assert.equal(aside, `${root}/shop/pglite.before-restore-2026-01-02T03-04-05-000Z`);
      assert.ok((await Deno.stat(aside!)).isDirectory);
    });
  },
});

Deno.test("backup refuses a DATA_DIR without an embedded database", async () => {
  await withDirs(async (root) => {
    await assert.rejects(() => backupDataDir(root, `${root}/x.tar.gz`), /No embedded database/);
  });
});

Deno.test("restore of a file that is not a backup leaves no half-made database", async () => {
  await withDirs(async (root) => {
    const gzipOfText = new Uint8Array(
      await new Response(
        new Blob(["not a tar"]).stream().pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer(),
    );
    const bogus: [string, Uint8Array][] = [
      ["text.tar.gz", new TextEncoder().encode("not a backup")],
      ["broken.tar.gz", new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])],
      ["text-in-gzip.tar.gz", gzipOfText],
    ];
    for (const [name, bytes] of bogus) {
      await Deno.writeFile(`${root}/${name}`, bytes);
      await assert.rejects(
        () => restoreDataDir(`${root}/shop`, `${root}/${name}`),
        /is not a backup made by deno task backup/,
      );
      await assert.rejects(() => Deno.stat(`${root}/shop/pglite`), Deno.errors.NotFound);
    }
  });
});
