import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { acceptsGzip, compression } from "./compression.ts";

const LARGE = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Book ${i}` })) };

function app(): Hono {
  const app = new Hono();
  app.use(compression());
  app.get("/large", (c) => c.json(LARGE));
  app.get("/small", (c) => c.json({ status: "ok" }));
  app.get("/raw", (c) => c.json(LARGE, 200, { "Cache-Control": "no-transform" }));
  app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  return app;
}

const gzip = { headers: { "Accept-Encoding": "gzip, deflate, br" } };

Deno.test("compression() gzips a large JSON answer whole, with its length", async () => {
  const response = await app().request("/large", gzip);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Encoding"), "gzip");
  assert.equal(response.headers.get("Vary"), "Accept-Encoding");
  assert.equal(response.headers.get("Content-Type"), "application/json");
  const body = new Uint8Array(await response.arrayBuffer());
  assert.equal(response.headers.get("Content-Length"), String(body.byteLength));
  assert.deepEqual(JSON.parse(new TextDecoder().decode(gunzipSync(body))), LARGE);
});

Deno.test("compression() answers the same body twice alike (the second from its memory)", async () => {
  const shop = app();
  const first = new Uint8Array(await (await shop.request("/large", gzip)).arrayBuffer());
  const second = new Uint8Array(await (await shop.request("/large", gzip)).arrayBuffer());
  assert.deepEqual(second, first);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(gunzipSync(second))), LARGE);
});

Deno.test("compression() leaves small, binary, no-transform and unasked answers as they are", async () => {
  const shop = app();
  for (const [path, init] of [["/small", gzip], ["/raw", gzip], ["/image", gzip], ["/large", {}]]) {
    const response = await shop.request(path as string, init as RequestInit);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Encoding"), null, String(path));
    await response.arrayBuffer();
  }
  assert.deepEqual(await (await shop.request("/small", gzip)).json(), { status: "ok" });
});

Deno.test("acceptsGzip() follows the quality values of Accept-Encoding", () => {
  assert.equal(acceptsGzip("gzip"), true);
  assert.equal(acceptsGzip("br, GZIP;q=0.5"), true);
  assert.equal(acceptsGzip("gzip;q=0, deflate"), false);
  assert.equal(acceptsGzip("*"), true);
  assert.equal(acceptsGzip("*;q=0"), false);
  assert.equal(acceptsGzip("br"), false);
  assert.equal(acceptsGzip(undefined), false);
});
