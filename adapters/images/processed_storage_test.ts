import assert from "node:assert/strict";
import sharp from "sharp";
import {
  type PreparedImage,
  UnreadableImageError,
  VARIANT_WIDTHS,
} from "../../domain/catalogue/image_variants.ts";
import type { ImageProcessor } from "../../domain/ports.ts";
import { MemoryImageStorage } from "../memory/images.ts";
import { ProcessedImageStorage } from "./processed_storage.ts";
import { SharpImageProcessor } from "./sharp_processor.ts";

async function png(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#3366aa" } }).png().toBuffer(),
  );
}

/** The SharpImageProcessor, counting its calls. */
function counting(): ImageProcessor & { calls: number } {
  const inner = new SharpImageProcessor();
  return {
    calls: 0,
    prepare(bytes, type, options): Promise<PreparedImage> {
      this.calls++;
      return inner.prepare(bytes, type, options);
    },
  };
}

const nameOf = (url: string) => url.slice("/uploads/".length).replace(/\.\w+$/, "");

Deno.test("put() stores the prepared picture and every copy beside it", async () => {
  const inner = new MemoryImageStorage();
  const storage = new ProcessedImageStorage(inner, new SharpImageProcessor());
  const url = await storage.put(await png(700, 1000), "image/png");
  const name = nameOf(url);
  for (const width of VARIANT_WIDTHS) {
    for (const ext of ["png", "webp"]) {
      const copy = await storage.get(`${name}-w${width}.${ext}`);
      assert.ok(copy, `${width} ${ext}`);
      assert.equal((await sharp(copy.bytes).metadata()).width, Math.min(width, 700));
    }
  }
  assert.equal(inner.images.size, 1 + VARIANT_WIDTHS.length * 2);
});

Deno.test("put() stores nothing of an image it cannot read", async () => {
  const inner = new MemoryImageStorage();
  const storage = new ProcessedImageStorage(inner, new SharpImageProcessor());
  const lie = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);
  await assert.rejects(storage.put(lie, "image/png"), UnreadableImageError);
  assert.equal(inner.images.size, 0);
});

Deno.test("an image stored before copies were made gets them on the first request, once", async () => {
  const inner = new MemoryImageStorage();
  const old = await inner.put(await png(500, 750), "image/png");
  const processor = counting();
  const storage = new ProcessedImageStorage(inner, processor);
  const name = nameOf(old);
  const [a, b, c] = await Promise.all([
    storage.get(`${name}-w320.webp`),
    storage.get(`${name}-w160.png`),
    storage.get(`${name}-w320.webp`),
  ]);
  assert.equal(processor.calls, 1);
  assert.equal(a?.contentType, "image/webp");
  assert.equal((await sharp(a!.bytes).metadata()).width, 320);
  assert.equal(b?.contentType, "image/png");
  assert.deepEqual(c, a);
  await storage.get(`${name}-w640.webp`);
  assert.equal(processor.calls, 1, "the copies are kept");
});

Deno.test("a copy of nothing is not found; of an image that cannot be read, it is that image", async () => {
  const inner = new MemoryImageStorage();
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const broken = await inner.put(bytes, "image/jpeg");
  const storage = new ProcessedImageStorage(inner, new SharpImageProcessor());
  assert.deepEqual(await storage.get(`${nameOf(broken)}-w320.webp`), {
    bytes,
    contentType: "image/jpeg",
  });
  assert.equal(await storage.get(`${crypto.randomUUID()}-w320.webp`), undefined);
  assert.equal(await storage.get(`${crypto.randomUUID()}-w333.webp`), undefined);
  assert.ok(await storage.get(broken.slice("/uploads/".length)), "the original is still served");
});

Deno.test("delete() takes the copies with the image", async () => {
  const inner = new MemoryImageStorage();
  const storage = new ProcessedImageStorage(inner, new SharpImageProcessor());
  const url = await storage.put(await png(200, 300), "image/png");
  await storage.delete(url.slice("/uploads/".length));
  assert.equal(inner.images.size, 0);
});

Deno.test("a small image is stored cleaned, and its copies are made on the first request", async () => {
  const inner = new MemoryImageStorage();
  const processor = counting();
  const storage = new ProcessedImageStorage(inner, processor, { copiesAtOnceFrom: 64 * 1024 });
  const small = await png(300, 450);
  assert.ok(small.length < 64 * 1024);
  const url = await storage.put(small, "image/png");
  assert.equal(inner.images.size, 1, "no copies yet");
  const copy = await storage.get(`${nameOf(url)}-w160.webp`);
  assert.equal((await sharp(copy!.bytes).metadata()).width, 160);
  assert.equal(inner.images.size, 1 + VARIANT_WIDTHS.length * 2);
  assert.equal(processor.calls, 2);
});

Deno.test("a small upload that only looks like an image is still refused at once", async () => {
  const inner = new MemoryImageStorage();
  const storage = new ProcessedImageStorage(inner, new SharpImageProcessor(), {
    copiesAtOnceFrom: 64 * 1024,
  });
  const forged = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("<script>")]);
  await assert.rejects(storage.put(forged, "image/jpeg"), UnreadableImageError);
  assert.equal(inner.images.size, 0);
});
