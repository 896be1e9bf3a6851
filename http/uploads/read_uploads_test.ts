import assert from "node:assert/strict";
import { Hono } from "hono";
import { ApiError, errorResponse } from "../middleware/errors.ts";
import { formFiles, MAX_IMAGE_BYTES, readImageUploads, uploadError } from "./read_uploads.ts";
import { SHELL_SCRIPT, SVG, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP } from "./testing/images.ts";

const limits = { min: 1, max: 3, maxBytes: 1024 };
const file = (bytes: Uint8Array, name: string, type = "image/png") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

Deno.test("readImageUploads() returns the bytes with the type read from them, not the name", async () => {
  const outcome = await readImageUploads([
    file(TINY_JPEG, "cover.png", "image/png"),
    file(TINY_WEBP, "back"),
  ], limits);
  assert.equal(outcome.kind, "ok");
  if (outcome.kind !== "ok") return;
  assert.deepEqual(outcome.images.map((i) => i.contentType), ["image/jpeg", "image/webp"]);
  assert.deepEqual(outcome.images[0].bytes, TINY_JPEG);
});

Deno.test("readImageUploads() refuses a script named .png and an SVG", async () => {
  assert.deepEqual(
    await readImageUploads([file(TINY_PNG, "a.png"), file(SHELL_SCRIPT, "cover.png")], limits),
    { kind: "unsupported", name: "cover.png" },
  );
  assert.deepEqual(
    await readImageUploads([file(SVG, "logo.svg", "image/svg+xml")], limits),
    { kind: "unsupported", name: "logo.svg" },
  );
});

Deno.test("readImageUploads() refuses a text value where a file belongs", async () => {
  assert.deepEqual(await readImageUploads(["not a file"], limits), {
    kind: "unsupported",
    name: "",
  });
});

Deno.test("readImageUploads() refuses a file above maxBytes before reading it", async () => {
  const big = new Uint8Array(1025);
  big.set(TINY_PNG);
  assert.deepEqual(await readImageUploads([file(big, "huge.png")], limits), {
    kind: "too_large",
    name: "huge.png",
    maxBytes: 1024,
  });
});

Deno.test("readImageUploads() counts files against min and max, ignoring blank parts", async () => {
  assert.deepEqual(await readImageUploads([], limits), { kind: "missing", min: 1 });
  assert.deepEqual(await readImageUploads([new File([], "")], limits), {
    kind: "missing",
    min: 1,
  });
  const four = [TINY_PNG, TINY_GIF, TINY_JPEG, TINY_WEBP].map((b, i) => file(b, `${i}`));
  assert.deepEqual(await readImageUploads(four, limits), { kind: "too_many", max: 3 });
});

Deno.test("readImageUploads() refuses an empty file that has a name", async () => {
  assert.deepEqual(await readImageUploads([new File([], "empty.png")], limits), {
    kind: "unsupported",
    name: "empty.png",
  });
});

Deno.test("formFiles() turns a parsed form value into a list", () => {
  assert.deepEqual(formFiles(undefined), []);
  assert.deepEqual(formFiles("x"), ["x"]);
  assert.deepEqual(formFiles(["x", "y"]), ["x", "y"]);
});

Deno.test("uploadError() answers 400, 413 or 415 naming the field", () => {
  const missing = uploadError({ kind: "missing", min: 1 }, "images");
  assert.deepEqual([missing.status, missing.code, missing.message], [
    400,
    "VALIDATION_FAILED",
    "Choose an image",
  ]);
  assert.deepEqual(missing.details, [{ field: "images", message: "Choose an image" }]);
  const large = uploadError(
    { kind: "too_large", name: "a.jpg", maxBytes: MAX_IMAGE_BYTES },
    "image",
  );
  assert.deepEqual([large.status, large.code, large.message], [
    413,
    "PAYLOAD_TOO_LARGE",
    'Image "a.jpg" is larger than 5 MB',
  ]);
  const wrong = uploadError({ kind: "unsupported", name: "x.svg" }, "image");
  assert.deepEqual([wrong.status, wrong.code], [415, "UNSUPPORTED_MEDIA_TYPE"]);
  assert.equal(uploadError({ kind: "too_many", max: 10 }, "images").status, 400);
});

function uploadApp() {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    throw error;
  });
  app.post("/upload", async (c) => {
    const body = await c.req.parseBody({ all: true });
    const outcome = await readImageUploads(formFiles(body.images), {
      min: 1,
      max: 5,
      maxBytes: MAX_IMAGE_BYTES,
    });
    if (outcome.kind !== "ok") throw uploadError(outcome, "images");
    return c.json({ types: outcome.images.map((i) => i.contentType) }, 201);
  });
  return app;
}

Deno.test("a multipart upload through Hono's parseBody is read by content", async () => {
  const form = new FormData();
  form.append("images", file(TINY_GIF, "a.jpg", "image/jpeg"));
  form.append("images", file(TINY_PNG, "b.png"));
  const response = await uploadApp().request("/upload", { method: "POST", body: form });
  assert.equal(response.status, 201);
  assert.deepEqual(await response.json(), { types: ["image/gif", "image/png"] });
});

Deno.test("a multipart upload of HTML named .jpg answers 415 with the field", async () => {
  const form = new FormData();
  form.append("images", file(new TextEncoder().encode("<html></html>"), "x.jpg", "image/jpeg"));
  const response = await uploadApp().request("/upload", { method: "POST", body: form });
  assert.equal(response.status, 415);
  const body = await response.json();
  assert.equal(body.error.code, "UNSUPPORTED_MEDIA_TYPE");
  assert.equal(body.error.details[0].field, "images");
});

Deno.test("a multipart form without images answers 400 naming the field", async () => {
  const form = new FormData();
  form.append("title", "Madol Doova");
  const response = await uploadApp().request("/upload", { method: "POST", body: form });
  assert.equal(response.status, 400);
  assert.deepEqual((await response.json()).error.details, [
    { field: "images", message: "Choose an image" },
  ]);
});
