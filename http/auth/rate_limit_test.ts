import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientAddress, RateLimiter } from "./rate_limit.ts";
import { FakeClock } from "./testing/fakes.ts";

const MINUTE = 60_000;

Deno.test("RateLimiter.hit() allows `limit` events in a window and refuses the next", () => {
  const limiter = new RateLimiter({ limit: 3, windowMs: 15 * MINUTE, clock: new FakeClock() });
  assert.deepEqual([1, 2, 3].map(() => limiter.hit("a").allowed), [true, true, true]);
  assert.deepEqual(limiter.hit("a"), { allowed: false, retryAfterSeconds: 900 });
  assert.equal(limiter.check("a").allowed, false);
});

Deno.test("RateLimiter keeps keys apart", () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: MINUTE, clock: new FakeClock() });
  assert.equal(limiter.hit("a").allowed, true);
  assert.equal(limiter.hit("a").allowed, false);
  assert.equal(limiter.hit("b").allowed, true);
});

Deno.test("RateLimiter slides: the oldest event leaves the window and frees one slot", () => {
  const clock = new FakeClock();
  const limiter = new RateLimiter({ limit: 2, windowMs: 10 * MINUTE, clock });
  limiter.hit("a");
  clock.advance(4 * MINUTE);
  limiter.hit("a");
  assert.deepEqual(limiter.check("a"), { allowed: false, retryAfterSeconds: 360 });
  clock.advance(6 * MINUTE - 1);
  assert.equal(limiter.check("a").allowed, false);
  assert.equal(limiter.check("a").retryAfterSeconds, 1);
  clock.advance(1);
  assert.equal(limiter.hit("a").allowed, true);
  assert.equal(limiter.hit("a").allowed, false);
});

Deno.test("RateLimiter does not count refused events, so hammering does not extend the block", () => {
  const clock = new FakeClock();
  const limiter = new RateLimiter({ limit: 1, windowMs: MINUTE, clock });
  limiter.hit("a");
  for (let i = 0; i < 50; i++) {
    clock.advance(1000);
    limiter.hit("a");
  }
  clock.advance(10_000);
  assert.equal(limiter.hit("a").allowed, true);
});

Deno.test("RateLimiter.check() does not count an event", () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: MINUTE, clock: new FakeClock() });
  limiter.check("a");
  limiter.check("a");
  assert.equal(limiter.hit("a").allowed, true);
});

Deno.test("RateLimiter.reset() forgets a key", () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: MINUTE, clock: new FakeClock() });
  limiter.hit("a");
  limiter.reset("a");
  assert.equal(limiter.hit("a").allowed, true);
});

Deno.test("RateLimiter holds at most maxKeys keys, forgetting the stalest", () => {
  const clock = new FakeClock();
  const limiter = new RateLimiter({ limit: 1, windowMs: MINUTE, clock, maxKeys: 3 });
  for (const key of ["a", "b", "c", "d"]) {
    clock.advance(1);
    limiter.hit(key);
  }
  assert.equal(limiter.size, 3);
  assert.equal(limiter.check("a").allowed, true);
  assert.equal(limiter.check("d").allowed, false);
});

Deno.test("RateLimiter refuses nonsense limits", () => {
  const clock = new FakeClock();
  assert.throws(() => new RateLimiter({ limit: 0, windowMs: MINUTE, clock }));
  assert.throws(() => new RateLimiter({ limit: 1, windowMs: 0, clock }));
});

function addressApp(trustProxy: boolean) {
  const app = new Hono();
  app.get("/ip", (c) => c.text(clientAddress(c, { trustProxy })));
  return app;
}

Deno.test("clientAddress() ignores X-Forwarded-For unless the proxy is trusted", async () => {
  const headers = { "X-Forwarded-For": "203.0.113.9" };
  const untrusted = await addressApp(false).request("/ip", { headers });
  assert.equal(await untrusted.text(), "unknown");
  const trusted = await addressApp(true).request("/ip", { headers });
  assert.equal(await trusted.text(), "203.0.113.9");
});

Deno.test("clientAddress() behind a trusted proxy takes the entry that proxy appended", async () => {
  const headers = { "X-Forwarded-For": "10.0.0.1, 198.51.100.7" };
  const response = await addressApp(true).request("/ip", { headers });
  assert.equal(await response.text(), "198.51.100.7");
});

Deno.test("clientAddress() reads the socket's peer address on a real server", async () => {
  const app = addressApp(false);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  try {
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/ip`, {
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    assert.equal(await response.text(), "127.0.0.1");
  } finally {
    await server.shutdown();
  }
});
