import assert from "node:assert/strict";
import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import {
  acceptsGzip,
  answerBytes,
  answerEncoder,
  chosenEncoding,
  compression,
  LONG_TEXT,
  memoKey,
} from "./compression.ts";

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

const chrome = { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } };

/** Each coding the shop sends: a client asking for it, and how to read its bytes back. */
const CODINGS = [
  { coding: "gzip", init: gzip, decode: gunzipSync },
  { coding: "zstd", init: chrome, decode: zstdDecompressSync },
] as const;

Deno.test("compression() compresses a large JSON answer whole, with its length, in the client's coding", async () => {
  for (const { coding, init, decode } of CODINGS) {
    const response = await app().request("/large", init);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Encoding"), coding);
    assert.equal(response.headers.get("Vary"), "Accept-Encoding");
    assert.equal(response.headers.get("Content-Type"), "application/json");
    const body = new Uint8Array(await response.arrayBuffer());
    assert.equal(response.headers.get("Content-Length"), String(body.byteLength));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(decode(body))), LARGE);
  }
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

Deno.test("compression() remembers each coding's bytes of the same text apart", async () => {
  const shop = app();
  for (const { coding, init, decode } of [...CODINGS, ...CODINGS.toReversed()]) {
    const response = await shop.request("/large", init);
    assert.equal(response.headers.get("Content-Encoding"), coding);
    const body = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual(JSON.parse(new TextDecoder().decode(decode(body))), LARGE);
  }
});

Deno.test("chosenEncoding() takes the client's preferred of zstd and gzip, zstd on a tie", () => {
  assert.equal(chosenEncoding("gzip, deflate, br, zstd"), "zstd");
  assert.equal(chosenEncoding("zstd"), "zstd");
  assert.equal(chosenEncoding("zstd;q=0.5, gzip"), "gzip");
  assert.equal(chosenEncoding("zstd;q=0, gzip"), "gzip");
  assert.equal(chosenEncoding("gzip;q=0.2, zstd;q=0.8"), "zstd");
  // A wildcard gives gzip, which every client reads; zstd only when named.
  assert.equal(chosenEncoding("*"), "gzip");
  assert.equal(chosenEncoding("br, *;q=0.1"), "gzip");
  assert.equal(chosenEncoding("br"), undefined);
  assert.equal(chosenEncoding("gzip;q=0, *"), undefined);
  assert.equal(chosenEncoding(""), undefined);
  assert.equal(chosenEncoding(undefined), undefined);
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

Deno.test("answerEncoder() makes a page's answer once, gzipped, with the headers set before it", async () => {
  const shop = new Hono();
  const encode = answerEncoder();
  let seen: Uint8Array | undefined;
  shop.use(async (c, next) => {
    c.header("X-Request-Id", "r-1");
    await next();
    seen = answerBytes(c);
  });
  shop.get(
    "/page",
    (c) => encode(c, "<p>Book</p>".repeat(200), 200, { "Content-Type": "text/html" }),
  );
  const response = await shop.request("/page", gzip);
  assert.equal(response.headers.get("Content-Encoding"), "gzip");
  assert.equal(response.headers.get("Vary"), "Accept-Encoding");
  assert.equal(response.headers.get("X-Request-Id"), "r-1");
  const body = new Uint8Array(await response.arrayBuffer());
  assert.equal(response.headers.get("Content-Length"), String(body.byteLength));
  assert.deepEqual(seen, body, "the middleware around it gets the bytes sent, unread");
  assert.equal(new TextDecoder().decode(gunzipSync(body)), "<p>Book</p>".repeat(200));
});

Deno.test("answerEncoder() sends plain text to a client that takes no gzip, and says it varies", async () => {
  const shop = new Hono();
  const encode = answerEncoder();
  shop.get(
    "/page",
    (c) => encode(c, "x".repeat(5000), 200, { "Content-Type": "text/html" }, false),
  );
  const response = await shop.request("/page");
  assert.equal(response.headers.get("Content-Encoding"), null);
  assert.equal(response.headers.get("Vary"), "Accept-Encoding");
  assert.equal(await response.text(), "x".repeat(5000));
});

Deno.test("answerBytes() answers nothing once another answer took the made one's place", async () => {
  const shop = new Hono();
  const encode = answerEncoder();
  let seen: Uint8Array | undefined = new Uint8Array(1);
  shop.use(async (c, next) => {
    await next();
    c.res = undefined;
    c.res = new Response("replaced");
    seen = answerBytes(c);
  });
  shop.get("/page", (c) => encode(c, "y".repeat(3000), 200, {}));
  assert.equal(await (await shop.request("/page", gzip)).text(), "replaced");
  assert.equal(seen, undefined);
});

Deno.test("compression() hands the bytes it made to the middleware around it", async () => {
  const shop = new Hono();
  let seen: Uint8Array | undefined;
  shop.use(async (c, next) => {
    await next();
    seen = answerBytes(c);
  });
  shop.use(compression());
  shop.get("/large", (c) => c.json(LARGE));
  const response = await shop.request("/large", gzip);
  assert.deepEqual(seen, new Uint8Array(await response.arrayBuffer()));
});

Deno.test("compression() keeps a CSV answer's byte-order mark, gzipped or not", async () => {
  const csv = "\ufeffid,title\r\n" + "1,මඩොල් දූව\r\n".repeat(200);
  const shop = new Hono();
  shop.use(compression());
  shop.get("/export", (c) => c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8" }));
  const gzipped = await shop.request("/export", gzip);
  assert.equal(gzipped.headers.get("Content-Encoding"), "gzip");
  const bytes = gunzipSync(new Uint8Array(await gzipped.arrayBuffer()));
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.deepEqual(new Uint8Array(bytes), new TextEncoder().encode(csv));
  const plain = new Uint8Array(await (await shop.request("/export")).arrayBuffer());
  assert.deepEqual([...plain.slice(0, 3)], [0xef, 0xbb, 0xbf]);
});

Deno.test("memoKey() keeps a short text as it is and gives a long one a short key of its content", () => {
  assert.equal(memoKey("<p>Book</p>"), "<p>Book</p>");
  const page = "<li>Madol Doova</li>".repeat(1_200);
  assert.ok(page.length >= LONG_TEXT);
  const key = memoKey(page);
  assert.ok(key.length < 200, `${key.length} characters`);
  // The same text built another way (a fresh string, not the same object) has the same key.
  assert.equal(
    memoKey(["<li>Madol Doova</li>"].concat(Array(1_199).fill("<li>Madol Doova</li>")).join("")),
    key,
  );
  assert.notEqual(memoKey(page.replace("<", "[")), key, "its first character is sampled");
  assert.notEqual(memoKey(page + "!"), key);
});

Deno.test("answerEncoder() answers a long page again from its memory, and never another page's bytes for a page whose key is the same", async () => {
  const shop = new Hono();
  const encode = answerEncoder();
  const pages = new Map<string, string>();
  const long = "<p>Gamperaliya, LKR 1,250.00</p>".repeat(700);
  pages.set("/a", long);
  // The same length, the same characters wherever the key samples them, the same end: only
  // the second character differs, so both pages have one key.
  const other = long[0] + "q" + long.slice(2);
  assert.equal(memoKey(other), memoKey(long));
  pages.set("/b", other);
  shop.get("/:page", (c) => encode(c, pages.get(`/${c.req.param("page")}`)!, 200, {}));
  const read = async (path: string) => {
    const response = await shop.request(path, gzip);
    return new TextDecoder().decode(gunzipSync(new Uint8Array(await response.arrayBuffer())));
  };
  assert.equal(await read("/a"), long);
  assert.equal(await read("/a"), long);
  assert.equal(await read("/b"), other);
  assert.equal(await read("/a"), long);
});
