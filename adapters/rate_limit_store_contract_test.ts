/**
 * The contract of the RateLimitStore port, run against the memory store and the
 * database's on PGlite and a PostgreSQL server. Two stores over one database stand for
 * two instances of the shop: they share one count.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { PostgresRateLimitStore } from "./postgres/rate_limits.ts";
import { MemoryRateLimitStore } from "../http/auth/rate_limit.ts";
import type { RateLimitStore } from "../domain/ports.ts";

function contract(
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

const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const key = (name: string, limit = 3) => ({ key: name, limit, windowMs: 60_000 });

contract("hit() allows `limit` events in the window across instances", async (a, b) => {
  assert.deepEqual(await a.hit([key("k")], at(0)), { allowed: true });
  assert.deepEqual(await b.hit([key("k")], at(1)), { allowed: true });
  assert.deepEqual(await a.hit([key("k")], at(2)), { allowed: true });
  assert.deepEqual(await b.hit([key("k")], at(3)), {
    allowed: false,
    key: "k",
    retryAfterSeconds: 57,
  });
  assert.deepEqual(await b.hit([key("k")], at(60)), { allowed: true });
});

contract("hit() counts under every key or, when one is full, under none", async (a) => {
  await a.hit([key("full", 1)], at(0));
  const refused = await a.hit([key("other", 1), key("full", 1)], at(1));
  assert.equal(refused.allowed, false);
  assert.deepEqual(await a.hit([key("other", 1)], at(2)), { allowed: true });
});

contract("release() takes back one event, freeing its place", async (a, b) => {
  await a.hit([key("k", 2)], at(0));
  await a.hit([key("k", 2)], at(1));
  assert.equal((await a.hit([key("k", 2)], at(2))).allowed, false);
  await b.release("k", at(1));
  assert.deepEqual(await a.hit([key("k", 2)], at(3)), { allowed: true });
  await a.release("never-counted", at(3));
});

Deno.test("MemoryRateLimitStore stays within maxKeys and forgets a full key last", async () => {
  const store = new MemoryRateLimitStore({ maxKeys: 10 });
  await store.hit([key("locked", 1)], at(0));
  for (let i = 0; i < 1_000; i++) await store.hit([key(`flood-${i}`)], at(1));
  assert.equal(store.size, 10);
  assert.equal((await store.hit([key("locked", 1)], at(2))).allowed, false);
});
