import { eventually } from "../../tests/support/eventually.ts";
import assert from "node:assert/strict";
import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { compression } from "./compression.ts";
import { type CachedResponse, responseCache, type ResponseStore } from "./response_cache.ts";

const PAGE = { data: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Book ${i}` })) };

/** A store that keeps answers for good (every kept answer is fresh) until cleared. */
function forever(): ResponseStore & { map: Map<string, CachedResponse>; clear(): void } {
  const map = new Map<string, CachedResponse>();
  let generation = 0;
  return {
    map,
    get generation() {
      return generation;
    },
    lookup: (key) => map.has(key) ? { value: map.get(key)!, fresh: true } : undefined,
    set: (key, response, madeIn) => {
      if (madeIn === generation) map.set(key, response);
    },
    clear: () => {
      generation++;
      map.clear();
    },
  };
}

function app(store: ResponseStore) {
  const calls = { count: 0 };
  const app = new Hono();
  app.use(async (c, next) => {
    c.header("X-Request-Id", crypto.randomUUID());
    await next();
  });
  app.use(responseCache(store));
  app.use(compression());
  app.get("/api/books", (c) => {
    calls.count++;
    return c.req.query("missing") ? c.json({ error: "none" }, 404) : c.json(PAGE);
  });
  app.get("/api/books/:id", (c) => {
    calls.count++;
    return c.json({ data: { id: Number(c.req.param("id")) } });
  });
  app.get("/api/categories", (c) => {
    calls.count++;
    return c.json({ data: [] });
  });
  return { app, calls };
}

const gzip = { headers: { "Accept-Encoding": "gzip" } };

Deno.test("responseCache() answers a repeated catalogue read from the store, with a new request id", async () => {
  const store = forever();
  const { app: shop, calls } = app(store);
  const first = await shop.request("/api/books?page=1", gzip);
  const second = await shop.request("/api/books?page=1", gzip);
  assert.equal(calls.count, 1);
  for (const response of [first, second]) {
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Encoding"), "gzip");
    assert.equal(response.headers.get("Content-Type"), "application/json");
    const body = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual(JSON.parse(new TextDecoder().decode(gunzipSync(body))), PAGE);
  }
  assert.notEqual(first.headers.get("X-Request-Id"), second.headers.get("X-Request-Id"));
  assert.ok(second.headers.get("X-Request-Id"));
  assert.deepEqual([...store.map.keys()], ["gzip /api/books?page=1"]);
});

Deno.test("responseCache() keeps zstd, gzip and plain answers, and each product, apart", async () => {
  const { app: shop, calls } = app(forever());
  const zstd = { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } };
  await (await shop.request("/api/books", gzip)).arrayBuffer();
  const kept = await shop.request("/api/books", zstd);
  assert.equal(kept.headers.get("Content-Encoding"), "zstd");
  const bytes = new Uint8Array(await kept.arrayBuffer());
  assert.deepEqual(JSON.parse(new TextDecoder().decode(zstdDecompressSync(bytes))), PAGE);
  assert.deepEqual(await (await shop.request("/api/books")).json(), PAGE);
  // Each coding's answer again, from the store.
  await (await shop.request("/api/books", zstd)).arrayBuffer();
  await (await shop.request("/api/books", gzip)).arrayBuffer();
  assert.deepEqual(await (await shop.request("/api/books/7")).json(), { data: { id: 7 } });
  assert.deepEqual(await (await shop.request("/api/books/8")).json(), { data: { id: 8 } });
  assert.equal(calls.count, 5);
});

Deno.test("responseCache() keeps no answer sent in another coding than its key's", async () => {
  // An answer past the compression's whole-body bound goes as gzip's stream to a client that
  // prefers zstd, and as it is to one that takes zstd alone: neither is kept as zstd.
  const store = forever();
  const shop = new Hono();
  shop.use(responseCache(store));
  shop.use(compression({ maxBufferBytes: 1024 }));
  const text = JSON.stringify(PAGE);
  // Its length declared, as a file read whole declares it: the compression's bound reads it.
  shop.get("/api/books", (c) =>
    c.body(text, 200, {
      "Content-Type": "application/json",
      "Content-Length": String(new TextEncoder().encode(text).byteLength),
    }));
  for (const accept of ["gzip, zstd", "zstd"]) {
    const init = { headers: { "Accept-Encoding": accept } };
    for (let i = 0; i < 2; i++) {
      const answer = await shop.request("/api/books", init);
      assert.notEqual(answer.headers.get("Content-Encoding"), "zstd", accept);
      await answer.arrayBuffer();
    }
  }
  assert.deepEqual([...store.map.keys()], []);
  // A gzip client's streamed answer is in its key's coding, and kept.
  await (await shop.request("/api/books", gzip)).arrayBuffer();
  assert.deepEqual([...store.map.keys()], ["gzip /api/books"]);
});

Deno.test("responseCache() keeps no error, no credentialed read and no other route", async () => {
  const store = forever();
  const { app: shop, calls } = app(store);
  const admin = { headers: { Authorization: "Bearer token" } };
  for (
    const [path, init] of [["/api/books?missing=1", {}], ["/api/books", admin], [
      "/api/categories",
      {},
    ]]
  ) {
    for (let i = 0; i < 2; i++) {
      await (await shop.request(path as string, init as RequestInit)).arrayBuffer();
    }
  }
  assert.equal(calls.count, 6);
  assert.equal(store.map.size, 0);
});

Deno.test("responseCache() renews an expired answer once and serves the kept one meanwhile", async () => {
  const kept = forever();
  let fresh = true;
  const store: ResponseStore = {
    lookup: (key) => {
      const found = kept.lookup(key);
      return found && { value: found.value, fresh };
    },
    generation: 0,
    set: (key, response, madeIn) => kept.set(key, response, madeIn),
  };
  let release = () => {};
  let calls = 0;
  const shop = new Hono();
  shop.use(responseCache(store));
  shop.get("/api/books", async (c) => {
    calls++;
    if (calls === 2) await new Promise<void>((resolve) => release = resolve);
    return c.json({ version: calls });
  });
  assert.deepEqual(await (await shop.request("/api/books")).json(), { version: 1 });
  fresh = false;
  const renewing = shop.request("/api/books");
  // The renewal is under way: its handler has been called and waits.
  await eventually(() => calls === 2, { what: "the renewal under way" });
  assert.deepEqual(await (await shop.request("/api/books")).json(), { version: 1 });
  release();
  assert.deepEqual(await (await renewing).json(), { version: 2 });
  fresh = true;
  assert.deepEqual(await (await shop.request("/api/books")).json(), { version: 2 });
  assert.equal(calls, 2);
});

Deno.test("responseCache() keeps no answer made while a write cleared the store", async () => {
  const store = forever();
  let version = 1;
  let calls = 0;
  const shop = new Hono();
  shop.use(responseCache(store));
  shop.get("/api/books", (c) => {
    calls++;
    // The answer reads the catalogue, then a write lands and clears the store.
    const answer = c.json({ version });
    version++;
    store.clear();
    return answer;
  });
  assert.deepEqual(await (await shop.request("/api/books")).json(), { version: 1 });
  assert.equal(store.map.size, 0);
  assert.deepEqual(await (await shop.request("/api/books")).json(), { version: 2 });
  assert.equal(calls, 2);
});
