import assert from "node:assert/strict";
import { TtlCache } from "./ttl_cache.ts";

function clock(start = 0) {
  const state = { now: start };
  return { state, now: () => state.now };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

Deno.test("get() serves a value until its time to live has passed, then forgets it", () => {
  const time = clock();
  const cache = new TtlCache<number>({ ttlMs: 2000, maxEntries: 10, now: time.now });
  cache.set("a", 1);
  time.state.now = 1999;
  assert.equal(cache.get("a"), 1);
  time.state.now = 2000;
  assert.equal(cache.get("a"), undefined);
  assert.equal(cache.size, 0);
});

Deno.test("set() beyond maxEntries drops the oldest value first", () => {
  const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
  cache.set("a", "A");
  cache.set("b", "B");
  cache.set("a", "A2");
  cache.set("c", "C");
  assert.equal(cache.get("b"), undefined);
  assert.equal(cache.get("a"), "A2");
  assert.equal(cache.get("c"), "C");
  assert.equal(cache.size, 2);
});

Deno.test("getOrLoad() loads once for concurrent callers and serves the stored value after", async () => {
  const time = clock();
  const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: time.now });
  const gate = deferred<number>();
  let loads = 0;
  const load = () => {
    loads++;
    return gate.promise;
  };
  const first = cache.getOrLoad("k", load);
  const second = cache.getOrLoad("k", load);
  gate.resolve(42);
  assert.deepEqual(await Promise.all([first, second]), [42, 42]);
  assert.equal(await cache.getOrLoad("k", () => Promise.resolve(7)), 42);
  assert.equal(loads, 1);
  time.state.now = 1000;
  assert.equal(await cache.getOrLoad("k", () => Promise.resolve(7)), 7);
});

Deno.test("getOrLoad() keeps no failed load: the next caller loads again", async () => {
  const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
  await assert.rejects(cache.getOrLoad("k", () => Promise.reject(new Error("down"))), /down/);
  assert.equal(await cache.getOrLoad("k", () => Promise.resolve(3)), 3);
});

Deno.test("clear() during a load keeps that load's older answer out of the cache", async () => {
  const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
  const gate = deferred<string>();
  const before = cache.getOrLoad("k", () => gate.promise);
  cache.clear();
  const after = cache.getOrLoad("k", () => Promise.resolve("after the write"));
  gate.resolve("before the write");
  assert.equal(await before, "before the write");
  assert.equal(await after, "after the write");
  assert.equal(cache.get("k"), "after the write");
});

Deno.test("the constructor refuses a time to live or a size that cannot work", () => {
  assert.throws(() => new TtlCache({ ttlMs: 0, maxEntries: 1 }), RangeError);
  assert.throws(() => new TtlCache({ ttlMs: 10, maxEntries: 0 }), RangeError);
});

Deno.test("lookup() hands out a value past its time as stale within staleMs, then forgets it", () => {
  const time = clock();
  const cache = new TtlCache<string>({ ttlMs: 2000, maxEntries: 10, now: time.now, staleMs: 1000 });
  cache.set("k", "v");
  assert.deepEqual(cache.lookup("k"), { value: "v", fresh: true });
  time.state.now = 2500;
  assert.deepEqual(cache.lookup("k"), { value: "v", fresh: false });
  assert.equal(cache.get("k"), undefined);
  time.state.now = 3000;
  assert.equal(cache.lookup("k"), undefined);
  cache.set("k", "w");
  cache.clear();
  assert.equal(cache.lookup("k"), undefined);
});

Deno.test("TtlCache.set() with the generation a value was made in stores nothing after a clear()", () => {
  const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 4, now: () => 0 });
  const madeIn = cache.generation;
  cache.clear();
  cache.set("page 1", "read before the write", madeIn);
  assert.equal(cache.get("page 1"), undefined);
  cache.set("page 1", "read after the write", cache.generation);
  assert.equal(cache.get("page 1"), "read after the write");
});
