import assert from "node:assert/strict";
import { applyImageChange } from "./images.ts";

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
