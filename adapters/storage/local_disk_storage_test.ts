import assert from "node:assert/strict";
import { LocalDiskImageStorage } from "./local_disk_storage.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function withStorage(run: (storage: LocalDiskImageStorage, dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-uploads-" });
  try {
    await run(new LocalDiskImageStorage(`${dir}/uploads`), dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("LocalDiskImageStorage names each upload anew and leaves no temporary files", async () => {
  await withStorage(async (storage, dir) => {
    const types = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/png"];
    const urls = await Promise.all(types.map((type) => storage.put(PNG, type)));
    assert.equal(new Set(urls).size, urls.length);
    assert.deepEqual(urls.map((u) => u.split(".").pop()), ["jpg", "png", "webp", "gif", "png"]);
    const names = [...Deno.readDirSync(`${dir}/uploads`)].map((e) => e.name).sort();
    assert.deepEqual(names, urls.map((u) => u.slice("/uploads/".length)).sort());
    for (const url of urls) {
      const stored = await storage.get(url.slice("/uploads/".length));
      assert.equal(stored?.contentType, types[urls.indexOf(url)]);
    }
  });
});

Deno.test("LocalDiskImageStorage.get() never reads outside its directory", async () => {
  await withStorage(async (storage, dir) => {
    await Deno.writeTextFile(`${dir}/secret.png`, "top secret");
    await Deno.writeTextFile(`${dir}/jwt-secret`, "top secret");
    const url = await storage.put(PNG, "image/png");
    const key = url.slice("/uploads/".length);
    for (
      const bad of [
        "../secret.png",
        "../jwt-secret",
        "..%2Fsecret.png",
        `${dir}/secret.png`,
        `/${key}`,
        `./${key}`,
        `${key}/`,
        `${key}\u0000.png`,
        `sub/${key}`,
        key.toUpperCase(),
        key.replace(".png", ".svg"),
        key.replace(".png", ""),
        "",
      ]
    ) {
      assert.equal(await storage.get(bad), undefined, bad);
    }
  });
});

Deno.test("LocalDiskImageStorage.get() reports disk failures instead of hiding them as not found", async () => {
  await withStorage(async (storage, dir) => {
    await Deno.mkdir(`${dir}/uploads`, { recursive: true });
    const key = `${crypto.randomUUID()}.png`;
    await Deno.mkdir(`${dir}/uploads/${key}`);
    await assert.rejects(storage.get(key));
  });
});

Deno.test("LocalDiskImageStorage deletes an image and never a path outside its folder", async () => {
  await withStorage(async (storage, dir) => {
    const url = await storage.put(PNG, "image/png");
    const key = url.slice("/uploads/".length);
    await Deno.writeFile(`${dir}/outside.png`, PNG);
    await storage.delete(key);
    assert.equal(await storage.get(key), undefined);
    await storage.delete(key);
    await storage.delete("../outside.png");
    assert.deepEqual(await Deno.readFile(`${dir}/outside.png`), PNG);
  });
});
