import assert from "node:assert/strict";
import {
  imageSources,
  parseVariantKey,
  shareImage,
  VARIANT_WIDTHS,
  variantKey,
  variantPath,
  variantTypes,
} from "./image_variants.ts";

Deno.test("variantTypes() makes copies in the image's own type and WebP; a GIF's in PNG", () => {
  assert.deepEqual(variantTypes("image/jpeg"), ["image/jpeg", "image/webp"]);
  assert.deepEqual(variantTypes("image/png"), ["image/png", "image/webp"]);
  assert.deepEqual(variantTypes("image/gif"), ["image/png", "image/webp"]);
  assert.deepEqual(variantTypes("image/webp"), ["image/webp"]);
});

Deno.test("variantPath() names a copy after its image, width and type; nothing for other URLs", () => {
  assert.equal(variantPath("/uploads/ab-12.jpg", 320, "image/webp"), "/uploads/ab-12-w320.webp");
  assert.equal(variantPath("/uploads/ab.png", 160, "image/png"), "/uploads/ab-w160.png");
  assert.equal(variantPath("/static/no-image.svg", 160, "image/webp"), undefined);
  assert.equal(variantPath("https://example.lk/uploads/a.jpg", 160, "image/webp"), undefined);
  assert.equal(variantPath("/uploads/../a.jpg", 160, "image/webp"), undefined);
  assert.equal(variantKey("ab.jpg", 640, "image/jpeg"), "ab-w640.jpg");
});

Deno.test("parseVariantKey() reads back what variantKey() wrote, and only widths that are made", () => {
  for (const width of VARIANT_WIDTHS) {
    assert.deepEqual(parseVariantKey(variantKey("ab-cd.jpg", width, "image/webp")!), {
      name: "ab-cd",
      width,
      contentType: "image/webp",
    });
  }
  assert.equal(parseVariantKey("ab-w333.webp"), undefined);
  assert.equal(parseVariantKey("ab.webp"), undefined);
  assert.equal(parseVariantKey("ab-w320.gif"), undefined);
});

Deno.test("imageSources() lists every width in WebP and in the image's own type", () => {
  assert.deepEqual(imageSources("/uploads/ab.jpg"), {
    src: "/uploads/ab.jpg",
    webp:
      "/uploads/ab-w160.webp 160w, /uploads/ab-w320.webp 320w, /uploads/ab-w640.webp 640w, /uploads/ab-w1024.webp 1024w",
    srcset:
      "/uploads/ab-w160.jpg 160w, /uploads/ab-w320.jpg 320w, /uploads/ab-w640.jpg 640w, /uploads/ab-w1024.jpg 1024w",
  });
  assert.equal(imageSources("/uploads/ab.webp").srcset, undefined);
  assert.match(imageSources("/uploads/ab.gif").srcset!, /ab-w160\.png 160w/);
  assert.deepEqual(imageSources("/static/no-image.svg"), { src: "/static/no-image.svg" });
});

Deno.test("shareImage() gives a share card the widest copy in the image's own type", () => {
  assert.equal(shareImage("/uploads/ab.jpg"), "/uploads/ab-w1024.jpg");
  assert.equal(shareImage("/uploads/ab.gif"), "/uploads/ab-w1024.png");
  assert.equal(shareImage("/uploads/ab.webp"), "/uploads/ab-w1024.webp");
  assert.equal(shareImage("/static/no-image.svg"), "/static/no-image.svg");
});
