import assert from "node:assert/strict";
import type { ImageStorage, StoredImage } from "../../domain/ports.ts";
import { LocalDiskImageStorage } from "../../adapters/storage/local_disk_storage.ts";
import { UPLOAD_KEY_PATTERN, uploadsRoute } from "./route.ts";
import { TINY_JPEG, TINY_PNG } from "./testing/images.ts";

class MemoryImages implements ImageStorage {
  readonly asked: string[] = [];
  constructor(readonly images: Record<string, StoredImage> = {}) {}
  put(): Promise<string> {
    throw new Error("not used by the route");
  }
  putVariants(): Promise<void> {
    throw new Error("not used by the route");
  }
  get(key: string): Promise<StoredImage | undefined> {
    this.asked.push(key);
    return Promise.resolve(this.images[key]);
  }
  delete(): Promise<void> {
    throw new Error("not used by the route");
  }
}

Deno.test("GET /uploads/{key} serves a stored image with its type and protective headers", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-route-" });
  try {
    const storage = new LocalDiskImageStorage(dir);
    const url = await storage.put(TINY_JPEG, "image/jpeg");
    const response = await uploadsRoute(storage).request(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Type"), "image/jpeg");
    assert.equal(response.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(response.headers.get("Content-Security-Policy"), "default-src 'none'");
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), TINY_JPEG);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("GET /uploads/{key} answers 404 for a key that is not stored", async () => {
  const response = await uploadsRoute(new MemoryImages()).request("/uploads/missing.png");
  assert.equal(response.status, 404);
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  assert.equal((await response.json()).error.code, "NOT_FOUND");
  assert.equal(response.headers.get("Cache-Control"), null);
});

Deno.test("GET /uploads/{key} answers 404 without asking storage for keys off the pattern", async () => {
  const storage = new MemoryImages({ "x.svg": { bytes: TINY_PNG, contentType: "image/png" } });
  const app = uploadsRoute(storage);
  for (
    const path of [
      "/uploads/x.svg",
      "/uploads/..%2Fjwt-secret",
      "/uploads/%2e%2e%2fjwt-secret.png",
      "/uploads/.hidden.png",
      "/uploads/a.b.png",
      "/uploads/page.html",
      "/uploads/a%00.png",
    ]
  ) {
    const response = await app.request(path);
    assert.equal(response.status, 404, path);
  }
  assert.deepEqual(storage.asked, []);
});

Deno.test("GET /uploads/{key} serves a stored type that is not an image as octet-stream", async () => {
  const storage = new MemoryImages({
    "old.png": { bytes: TINY_PNG, contentType: "text/html" },
  });
  const response = await uploadsRoute(storage).request("/uploads/old.png");
  assert.equal(response.headers.get("Content-Type"), "application/octet-stream");
  assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
});

Deno.test("UPLOAD_KEY_PATTERN accepts the keys the storages make and nothing with a path", () => {
  assert.match(`${crypto.randomUUID()}.webp`, UPLOAD_KEY_PATTERN);
  assert.match(`${crypto.randomUUID()}.jpg`, UPLOAD_KEY_PATTERN);
  assert.doesNotMatch("../a.png", UPLOAD_KEY_PATTERN);
});
