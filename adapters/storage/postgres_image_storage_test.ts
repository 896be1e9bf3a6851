import assert from "node:assert/strict";
import { PostgresImageStorage } from "./postgres_image_storage.ts";
import { testOnBothEngines } from "../postgres/testing/databases.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);

testOnBothEngines(
  "PostgresImageStorage gives back every byte and the type it stored",
  async (sql) => {
    const storage = new PostgresImageStorage(sql);
    const url = await storage.put(PNG, "image/png");
    assert.match(url, /^\/uploads\/[0-9a-f-]{36}\.png$/);
    const stored = await storage.get(url.slice("/uploads/".length));
    assert.deepEqual(stored, { bytes: PNG, contentType: "image/png" });
  },
);

testOnBothEngines("PostgresImageStorage names each upload anew by its type", async (sql) => {
  const storage = new PostgresImageStorage(sql);
  const types = ["image/jpeg", "image/png", "image/webp", "image/gif"];
  const urls = await Promise.all(types.map((type) => storage.put(PNG, type)));
  assert.equal(new Set(urls).size, urls.length);
  assert.deepEqual(urls.map((u) => u.split(".").pop()), ["jpg", "png", "webp", "gif"]);
});

testOnBothEngines(
  "PostgresImageStorage reads one storage's upload through another",
  async (sql) => {
    const url = await new PostgresImageStorage(sql).put(PNG, "image/gif");
    const stored = await new PostgresImageStorage(sql).get(url.slice("/uploads/".length));
    assert.equal(stored?.contentType, "image/gif");
  },
);

testOnBothEngines(
  "PostgresImageStorage finds nothing for unknown or malformed keys",
  async (sql) => {
    const storage = new PostgresImageStorage(sql);
    assert.equal(await storage.get(`${crypto.randomUUID()}.png`), undefined);
    for (const key of ["../etc/passwd", "x.png", "' OR 1=1 --", ""]) {
      assert.equal(await storage.get(key), undefined);
    }
  },
);

testOnBothEngines("PostgresImageStorage refuses a type that is not an image", async (sql) => {
  await assert.rejects(
    () => new PostgresImageStorage(sql).put(PNG, "image/svg+xml"),
    /Cannot store an image of type "image\/svg\+xml"/,
  );
});

testOnBothEngines(
  "PostgresImageStorage deletes an image; an unknown key is no error",
  async (sql) => {
    const storage = new PostgresImageStorage(sql);
    const url = await storage.put(PNG, "image/png");
    const kept = await storage.put(PNG, "image/png");
    const key = url.slice("/uploads/".length);
    await storage.delete(key);
    assert.equal(await storage.get(key), undefined);
    await storage.delete(key);
    await storage.delete("../not-a-key");
    assert.ok(await storage.get(kept.slice("/uploads/".length)));
  },
);
