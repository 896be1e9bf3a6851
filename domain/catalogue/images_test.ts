import assert from "node:assert/strict";
import { applyImageChange, MAX_BOOK_IMAGES } from "./images.ts";

Deno.test("applyImageChange() appends added images after the current ones", () => {
  assert.deepEqual(applyImageChange(["/a"], { kind: "add", images: ["/b", "/c"] }), {
    kind: "ok",
    images: ["/a", "/b", "/c"],
    removed: [],
  });
});

Deno.test("applyImageChange() arranges: reorders, drops, and names the dropped ones", () => {
  assert.deepEqual(
    applyImageChange(["/a", "/b", "/c"], { kind: "arrange", images: ["/c", "/a"] }),
    { kind: "ok", images: ["/c", "/a"], removed: ["/b"] },
  );
});

Deno.test("applyImageChange() refuses to arrange in an image the book does not have", () => {
  assert.deepEqual(applyImageChange(["/a"], { kind: "arrange", images: ["/a", "/x"] }), {
    kind: "unknown_image",
    image: "/x",
  });
});

Deno.test("applyImageChange() keeps at least one image", () => {
  assert.deepEqual(applyImageChange(["/a"], { kind: "arrange", images: [] }), {
    kind: "no_images",
  });
});

Deno.test("applyImageChange() replaces in place and drops the old image", () => {
  assert.deepEqual(
    applyImageChange(["/a", "/b"], { kind: "replace", old: "/a", image: "/n" }),
    { kind: "ok", images: ["/n", "/b"], removed: ["/a"] },
  );
  assert.deepEqual(
    applyImageChange(["/a"], { kind: "replace", old: "/z", image: "/n" }),
    { kind: "unknown_image", image: "/z" },
  );
});

Deno.test("applyImageChange() refuses to add images past the most a book lists", () => {
  const full = Array.from({ length: MAX_BOOK_IMAGES }, (_, i) => `/uploads/${i}.png`);
  assert.deepEqual(applyImageChange(full, { kind: "add", images: ["/uploads/new.png"] }), {
    kind: "too_many_images",
    limit: MAX_BOOK_IMAGES,
  });
  const almost = full.slice(1);
  const added = applyImageChange(almost, { kind: "add", images: ["/uploads/new.png"] });
  assert.equal(added.kind === "ok" && added.images.length, MAX_BOOK_IMAGES);
});

Deno.test("applyImageChange() lets a book listing more than the limit be trimmed and reordered", () => {
  const many = Array.from({ length: MAX_BOOK_IMAGES + 2 }, (_, i) => `/uploads/${i}.png`);
  const trimmed = applyImageChange(many, { kind: "arrange", images: many.slice(1).reverse() });
  assert.equal(trimmed.kind === "ok" && trimmed.images.length, MAX_BOOK_IMAGES + 1);
});
