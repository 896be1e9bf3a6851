/**
 * The contract of the RateLimitStore port, run against every store: the one in this
 * process's memory (the app's default) and the shared one in PostgreSQL, on PGlite and a
 * server. What only several instances show (a limit shared across processes) is tested in
 * tests/reliability/order_limits_test.ts.
 */
import assert from "node:assert/strict";
import type { LimitedKey, RateLimitStore } from "../domain/ports.ts";
import { MemoryRateLimitStore } from "../domain/accounts/memory_rate_limit_store.ts";
import { PostgresRateLimitStore } from "./postgres/rate_limits.ts";
import { testOnBothEngines } from "./postgres/testing/databases.ts";

const T0 = new Date("2026-03-14T09:00:00Z");

function at(seconds: number): Date {
  return new Date(T0.getTime() + seconds * 1000);
}

function key(name: string, limit: number, windowSeconds: number): LimitedKey {
  return { key: name, limit, windowMs: windowSeconds * 1000 };
}

/** Registers the test once per store: `[memory]`, `[pglite]`, `[postgres]`. */
function contract(name: string, fn: (store: RateLimitStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryRateLimitStore()));
  testOnBothEngines(name, (sql) => fn(new PostgresRateLimitStore(sql)));
}

contract(
  "a rate limit store allows up to the limit in the window, then names the key",
  async (store) => {
    const ip = key("ip:192.0.2.1", 3, 600);
    for (let i = 0; i < 3; i++) assert.deepEqual(await store.hit([ip], at(i)), { allowed: true });
    assert.deepEqual(await store.hit([ip], at(10)), {
      allowed: false,
      key: "ip:192.0.2.1",
      retryAfterSeconds: 590,
    });
  },
);

contract("a rate limit store frees a key as its oldest event leaves the window", async (store) => {
  const ip = key("ip:192.0.2.1", 2, 60);
  await store.hit([ip], at(0));
  await store.hit([ip], at(30));
  assert.deepEqual(await store.hit([ip], at(59.5)), {
    allowed: false,
    key: ip.key,
    retryAfterSeconds: 1,
  });
  assert.deepEqual(await store.hit([ip], at(60)), { allowed: true });
  // The event at 30 s and the one just counted fill the window again until 90 s.
  assert.deepEqual(await store.hit([ip], at(61)), {
    allowed: false,
    key: ip.key,
    retryAfterSeconds: 29,
  });
});

contract("a rate limit store does not count a refused event", async (store) => {
  const ip = key("ip:192.0.2.1", 1, 60);
  await store.hit([ip], at(0));
  for (let s = 10; s < 60; s += 10) assert.equal((await store.hit([ip], at(s))).allowed, false);
  assert.deepEqual(await store.hit([ip], at(60)), { allowed: true });
});

contract("a rate limit store counts an event under all its keys or none", async (store) => {
  const email = key("email:nimali@example.lk", 1, 600);
  const phone = key("phone:0771234567", 2, 600);
  assert.deepEqual(await store.hit([email, phone], at(0)), { allowed: true });
  // The e-mail is full: the phone is not counted for this refused order.
  assert.deepEqual(await store.hit([phone, email], at(1)), {
    allowed: false,
    key: email.key,
    retryAfterSeconds: 599,
  });
  assert.deepEqual(await store.hit([phone], at(2)), { allowed: true });
  assert.equal((await store.hit([phone], at(3))).allowed, false);
});

contract("a rate limit store names the first full key of several", async (store) => {
  const a = key("a", 1, 60);
  const b = key("b", 1, 120);
  await store.hit([a, b], at(0));
  const refused = await store.hit([key("c", 5, 60), b, a], at(1));
  assert.deepEqual(refused, { allowed: false, key: "b", retryAfterSeconds: 119 });
});

contract("a rate limit store keeps keys apart", async (store) => {
  await store.hit([key("ip:192.0.2.1", 1, 600)], at(0));
  assert.deepEqual(await store.hit([key("ip:192.0.2.2", 1, 600)], at(1)), { allowed: true });
  assert.equal((await store.hit([key("ip:192.0.2.1", 1, 600)], at(2))).allowed, false);
});

/** Two stores over one count (memory) or one database: two instances of the shop. */
function twoInstances(
  name: string,
  fn: (first: RateLimitStore, second: RateLimitStore) => Promise<void>,
): void {
  Deno.test(`${name} [memory]`, () => {
    const shared = new MemoryRateLimitStore();
    return fn(shared, shared);
  });
  testOnBothEngines(
    name,
    (sql) => fn(new PostgresRateLimitStore(sql), new PostgresRateLimitStore(sql)),
  );
}

const key2 = (name: string, limit = 3) => ({ key: name, limit, windowMs: 60_000 });

twoInstances("hit() allows `limit` events in the window across instances", async (a, b) => {
  assert.deepEqual(await a.hit([key2("k")], at(0)), { allowed: true });
  assert.deepEqual(await b.hit([key2("k")], at(1)), { allowed: true });
  assert.deepEqual(await a.hit([key2("k")], at(2)), { allowed: true });
  assert.deepEqual(await b.hit([key2("k")], at(3)), {
    allowed: false,
    key: "k",
    retryAfterSeconds: 57,
  });
  assert.deepEqual(await b.hit([key2("k")], at(60)), { allowed: true });
});

twoInstances("hit() counts under every key or, when one is full, under none", async (a) => {
  await a.hit([key2("full", 1)], at(0));
  const refused = await a.hit([key2("other", 1), key2("full", 1)], at(1));
  assert.equal(refused.allowed, false);
  assert.deepEqual(await a.hit([key2("other", 1)], at(2)), { allowed: true });
});

twoInstances("release() takes back one event, freeing its place", async (a, b) => {
  await a.hit([key2("k", 2)], at(0));
  await a.hit([key2("k", 2)], at(1));
  assert.equal((await a.hit([key2("k", 2)], at(2))).allowed, false);
  await b.release("k", at(1));
  assert.deepEqual(await a.hit([key2("k", 2)], at(3)), { allowed: true });
  await a.release("never-counted", at(3));
});

twoInstances(
  "release() takes back one of two events at the same instant, and only one",
  async (a, b) => {
    // Two orders counted in the same millisecond; one is refused and taken back.
    await a.hit([key2("k", 2)], at(0));
    await b.hit([key2("k", 2)], at(0));
    assert.equal((await a.hit([key2("k", 2)], at(1))).allowed, false);
    await b.release("k", at(0));
    assert.deepEqual(await a.hit([key2("k", 2)], at(2)), { allowed: true });
    assert.equal((await b.hit([key2("k", 2)], at(3))).allowed, false, "one place was freed");
  },
);

twoInstances(
  "release() at once of many events of one instant takes back each of them",
  async (a, b) => {
    // Refused orders counted in the same millisecond and taken back together: two takings
    // back must never pick the same event, or one event stays counted for good.
    const k = key2("k", 20);
    for (let i = 0; i < 20; i++) assert.deepEqual(await a.hit([k], at(0)), { allowed: true });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).release("k", at(0))));
    for (let i = 0; i < 20; i++) {
      assert.deepEqual(await b.hit([k], at(1)), { allowed: true }, `${i}`);
    }
    assert.equal((await a.hit([k], at(2))).allowed, false);
  },
);

twoInstances(
  "an event counted under several keys and taken back from each frees every one",
  async (a, b) => {
    const keys = [key2("address", 1), key2("email", 1), key2("phone", 1)];
    assert.deepEqual(await a.hit(keys, at(0)), { allowed: true });
    for (const k of keys) await b.release(k.key, at(0));
    for (const k of keys) assert.deepEqual(await a.hit([k], at(1)), { allowed: true }, k.key);
  },
);

Deno.test("MemoryRateLimitStore stays within maxKeys and forgets a full key last", async () => {
  const store = new MemoryRateLimitStore({ maxKeys: 10 });
  await store.hit([key2("locked", 1)], at(0));
  for (let i = 0; i < 1_000; i++) await store.hit([key2(`flood-${i}`)], at(1));
  assert.equal(store.size, 10);
  assert.equal((await store.hit([key2("locked", 1)], at(2))).allowed, false);
});
