import assert from "node:assert/strict";
import sharp from "sharp";
import { UnreadableImageError, VARIANT_WIDTHS } from "../../domain/catalogue/image_variants.ts";
import { SharpImageProcessor } from "./sharp_processor.ts";

/** A camera's JPEG: 1200 x 800 as stored, EXIF orientation 6 (turn right), a maker and a place. */
async function cameraJpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#a05020" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Shop Owner's Phone" } })
      .toBuffer(),
  );
}

const processor = new SharpImageProcessor();

Deno.test("prepare() makes every width in WebP and the original's type, none wider than asked", async () => {
  const prepared = await processor.prepare(await cameraJpeg(), "image/jpeg");
  const made = prepared.variants.map((v) => `${v.width} ${v.contentType}`).sort();
  const wanted = VARIANT_WIDTHS.flatMap((w) => [`${w} image/jpeg`, `${w} image/webp`]).sort();
  assert.deepEqual(made, wanted);
  for (const variant of prepared.variants) {
    const meta = await sharp(variant.bytes).metadata();
    assert.equal(meta.format, variant.contentType === "image/webp" ? "webp" : "jpeg");
    // Turned upright, the picture is 800 wide: the 1024 copy is not enlarged.
    assert.equal(meta.width, Math.min(variant.width, 800), `${variant.width}`);
  }
});

Deno.test("prepare() applies the EXIF orientation and drops every piece of metadata", async () => {
  const input = await cameraJpeg();
  const before = await sharp(input).metadata();
  assert.equal(before.orientation, 6);
  assert.ok(before.exif);
  const prepared = await processor.prepare(input, "image/jpeg");
  for (const image of [prepared.original, ...prepared.variants]) {
    const meta = await sharp(image.bytes).metadata();
    assert.equal(meta.exif, undefined);
    assert.equal(meta.orientation, undefined);
    assert.ok(!new TextDecoder("latin1").decode(image.bytes).includes("PhoneMaker"));
  }
  const full = await sharp(prepared.original.bytes).metadata();
  assert.deepEqual([full.width, full.height, full.format], [800, 1200, "jpeg"]);
});

Deno.test("prepare() refuses a lying upload: an image's first bytes before something else", async () => {
  const png = new Uint8Array(
    await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).png()
      .toBuffer(),
  );
  const jpeg = await cameraJpeg();
  const script = new TextEncoder().encode("<script>alert(1)</script>".repeat(20));
  const lies: [string, Uint8Array, string][] = [
    [
      "a script behind a JPEG signature",
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...script]),
      "image/jpeg",
    ],
    ["a PNG said to be a JPEG", png, "image/jpeg"],
    ["half a JPEG", jpeg.slice(0, Math.floor(jpeg.length / 2)), "image/jpeg"],
    ["a PNG signature and nothing after", png.slice(0, 16), "image/png"],
  ];
  for (const [what, bytes, type] of lies) {
    await assert.rejects(processor.prepare(bytes, type), UnreadableImageError, what);
  }
});

Deno.test("prepare() keeps a GIF as it came and makes its copies in PNG and WebP", async () => {
  const gif = new Uint8Array(
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0a0" } }).gif()
      .toBuffer(),
  );
  const prepared = await processor.prepare(gif, "image/gif");
  assert.deepEqual(prepared.original, { bytes: gif, contentType: "image/gif" });
  assert.deepEqual(
    [...new Set(prepared.variants.map((v) => v.contentType))].sort(),
    ["image/png", "image/webp"],
  );
});

Deno.test("prepare() of a 3000 x 4000 photo gives copies of a few kilobytes to a phone", async () => {
  const photo = new Uint8Array(
    await sharp({
      create: {
        width: 3000,
        height: 4000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 }).toBuffer(),
  );
  const prepared = await processor.prepare(photo, "image/jpeg");
  const w320 = prepared.variants.find((v) => v.width === 320 && v.contentType === "image/webp")!;
  assert.ok(w320.bytes.length < photo.length / 20, `${w320.bytes.length} of ${photo.length}`);
  assert.equal((await sharp(w320.bytes).metadata()).width, 320);
});

Deno.test("prepare() without copies still cleans the picture and reads it whole", async () => {
  const prepared = await processor.prepare(await cameraJpeg(), "image/jpeg", { copies: false });
  assert.deepEqual(prepared.variants, []);
  const meta = await sharp(prepared.original.bytes).metadata();
  assert.deepEqual([meta.width, meta.height, meta.exif], [800, 1200, undefined]);
  const jpeg = await cameraJpeg();
  await assert.rejects(
    processor.prepare(jpeg.slice(0, jpeg.length / 2), "image/jpeg", { copies: false }),
    UnreadableImageError,
  );
});
