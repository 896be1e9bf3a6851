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

const copies = (tag: number) => [
  { width: 160, contentType: "image/png", bytes: new Uint8Array([tag, 1]) },
  { width: 160, contentType: "image/webp", bytes: new Uint8Array([tag, 2]) },
  { width: 1024, contentType: "image/webp", bytes: new Uint8Array([tag, 3]) },
];

contract(
  "an image storage keeps an image's resized copies under their own names",
  async (storage) => {
    const url = await storage.put(PNG, "image/png");
    await storage.putVariants(url, copies(7));
    const name = keyOf(url).replace(/\.png$/, "");
    assert.deepEqual(await storage.get(`${name}-w160.png`), {
      bytes: new Uint8Array([7, 1]),
      contentType: "image/png",
    });
    assert.deepEqual(await storage.get(`${name}-w160.webp`), {
      bytes: new Uint8Array([7, 2]),
      contentType: "image/webp",
    });
    assert.equal((await storage.get(`${name}-w1024.webp`))?.contentType, "image/webp");
    assert.equal(await storage.get(`${name}-w320.webp`), undefined);
    assert.deepEqual(await storage.get(keyOf(url)), { bytes: PNG, contentType: "image/png" });
  },
);

contract("an image storage replaces copies made again", async (storage) => {
  const url = await storage.put(PNG, "image/png");
  await storage.putVariants(url, copies(1));
  await storage.putVariants(url, copies(2));
  const name = keyOf(url).replace(/\.png$/, "");
  assert.deepEqual((await storage.get(`${name}-w160.png`))?.bytes, new Uint8Array([2, 1]));
});

contract("an image storage deletes an image with its copies, and only its own", async (storage) => {
  const gone = await storage.put(PNG, "image/png");
  const kept = await storage.put(PNG, "image/png");
  await storage.putVariants(gone, copies(1));
  await storage.putVariants(kept, copies(2));
  await storage.delete(keyOf(gone));
  const goneName = keyOf(gone).replace(/\.png$/, "");
  const keptName = keyOf(kept).replace(/\.png$/, "");
  for (const suffix of ["-w160.png", "-w160.webp", "-w1024.webp"]) {
    assert.equal(await storage.get(`${goneName}${suffix}`), undefined, suffix);
    assert.ok(await storage.get(`${keptName}${suffix}`), suffix);
  }
});

contract(
  "an image storage refuses copies of what it did not store, or of widths it does not make",
  async (storage) => {
    const url = await storage.put(PNG, "image/png");
    await assert.rejects(storage.putVariants("/static/no-image.svg", copies(1)), /Not an image/);
    await assert.rejects(
      storage.putVariants(url, [{ width: 333, contentType: "image/png", bytes: PNG }]),
      /Cannot store a copy/,
    );
    await assert.rejects(
      storage.putVariants(url, [{ width: 320, contentType: "image/svg+xml", bytes: PNG }]),
      /Cannot store a copy/,
    );
  },
);
