/**
 * The contract of the ImageStorage port, run against every adapter: in memory (the HTTP
 * tests'), on the local disk, and in the database on PGlite and a PostgreSQL server.
 * What only one adapter must do (never reach outside its folder, leave no temporary file,
 * serve another process's upload) is tested beside it.
 */
import assert from "node:assert/strict";
import type { ImageStorage } from "../domain/ports.ts";
import { MemoryImageStorage } from "./memory/images.ts";
import { LocalDiskImageStorage } from "./storage/local_disk_storage.ts";
import { PostgresImageStorage } from "./storage/postgres_image_storage.ts";
import { testOnBothEngines } from "./postgres/testing/databases.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);

function keyOf(url: string): string {
  assert.match(url, /^\/uploads\//);
  return url.slice("/uploads/".length);
}

/** Registers the test once per adapter: `[memory]`, `[disk]`, `[pglite]`, `[postgres]`. */
function contract(name: string, fn: (storage: ImageStorage) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryImageStorage()));
  Deno.test(`${name} [disk]`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "pothgula-uploads-" });
    try {
      await fn(new LocalDiskImageStorage(`${dir}/uploads`));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  testOnBothEngines(name, (sql) => fn(new PostgresImageStorage(sql)));
}

contract("an image storage gives back every byte and the type it stored", async (storage) => {
  const url = await storage.put(PNG, "image/png");
  assert.match(url, /^\/uploads\/[0-9a-f-]{36}\.png$/);
  assert.deepEqual(await storage.get(keyOf(url)), { bytes: PNG, contentType: "image/png" });
});

contract("an image storage names each upload anew, by its type", async (storage) => {
  const types = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/png"];
  const urls = await Promise.all(types.map((type) => storage.put(PNG, type)));
  assert.equal(new Set(urls).size, urls.length);
  assert.deepEqual(urls.map((u) => u.split(".").pop()), ["jpg", "png", "webp", "gif", "png"]);
  for (const [i, url] of urls.entries()) {
    assert.equal((await storage.get(keyOf(url)))?.contentType, types[i]);
  }
});

contract("an image storage refuses a type that is not an image it serves", async (storage) => {
  for (const type of ["image/svg+xml", "text/html", "application/octet-stream"]) {
    await assert.rejects(storage.put(PNG, type), /Cannot store an image of type/, type);
  }
});

contract("an image storage finds nothing for unknown or malformed keys", async (storage) => {
  await storage.put(PNG, "image/png");
  for (const key of [`${crypto.randomUUID()}.png`, "../etc/passwd", "x.png", "' OR 1=1 --", ""]) {
    assert.equal(await storage.get(key), undefined, key);
  }
});

contract("an image storage deletes one image; an unknown key is no error", async (storage) => {
  const gone = keyOf(await storage.put(PNG, "image/png"));
  const kept = keyOf(await storage.put(PNG, "image/png"));
  await storage.delete(gone);
  assert.equal(await storage.get(gone), undefined);
  await storage.delete(gone);
  await storage.delete("../not-a-key");
  assert.deepEqual(await storage.get(kept), { bytes: PNG, contentType: "image/png" });
});

contract("an image storage keeps what it stored apart from the caller's bytes", async (storage) => {
  const bytes = PNG.slice();
  const key = keyOf(await storage.put(bytes, "image/png"));
  bytes[0] = 0;
  const first = await storage.get(key);
  assert.deepEqual(first?.bytes, PNG);
  first!.bytes[1] = 0;
  assert.deepEqual((await storage.get(key))?.bytes, PNG);
});
