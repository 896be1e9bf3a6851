import assert from "node:assert/strict";
import { loadConfig } from "../../config.ts";

function config(env: Record<string, string>) {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(result.problems.join("; "));
  return result.config;
}

Deno.test("the operations settings default to one process on disk behind no proxy", () => {
  const c = config({});
  assert.equal(c.imageStorage, "disk");
  assert.deepEqual(c.trustProxy, { kind: "none" });
  assert.equal(c.host, "0.0.0.0");
  assert.deepEqual(c.limits, {
    orders: { limit: 120, windowMs: 600_000 },
    ordersPerContact: { limit: 10, windowMs: 600_000 },
    loginPerAccount: { limit: 5, windowMs: 900_000 },
    loginPerAddress: { limit: 20, windowMs: 900_000 },
    codeRefusalsShop: { limit: 100, windowMs: 900_000 },
  });
  assert.equal(c.mailRetrySeconds, 30);
  assert.equal(c.lapseCheckSeconds, 15);
});

Deno.test("IMAGE_STORAGE, TRUST_PROXY, the rate limits, MAIL_RETRY_SECONDS and LAPSE_CHECK_SECONDS are read", () => {
  const c = config({
    IMAGE_STORAGE: "postgres",
    TRUST_PROXY: "yes",
    ORDER_RATE_LIMIT: "10/60",
    LOGIN_RATE_LIMIT_ACCOUNT: "3/300",
    LOGIN_RATE_LIMIT_ADDRESS: "50/900",
    MAIL_RETRY_SECONDS: "5",
    LAPSE_CHECK_SECONDS: "2",
  });
  assert.equal(c.imageStorage, "postgres");
  assert.deepEqual(c.trustProxy, { kind: "hops", hops: 1 });
  assert.deepEqual(c.limits.orders, { limit: 10, windowMs: 60_000 });
  assert.deepEqual(c.limits.loginPerAccount, { limit: 3, windowMs: 300_000 });
  assert.deepEqual(c.limits.loginPerAddress, { limit: 50, windowMs: 900_000 });
  assert.equal(c.mailRetrySeconds, 5);
  assert.equal(c.lapseCheckSeconds, 2);
});

Deno.test("bad operations settings are each named in one line", () => {
  const result = loadConfig({
    IMAGE_STORAGE: "s3",
    TRUST_PROXY: "maybe",
    ORDER_RATE_LIMIT: "30 per 10 minutes",
    LOGIN_RATE_LIMIT_ACCOUNT: "0/60",
    MAIL_RETRY_SECONDS: "0",
    LAPSE_CHECK_SECONDS: "0",
  });
  assert.equal(result.ok, false);
  const named = result.ok ? [] : result.problems.map((p) => p.split(":")[0]).sort();
  assert.deepEqual(named, [
    "IMAGE_STORAGE",
    "LAPSE_CHECK_SECONDS",
    "LOGIN_RATE_LIMIT_ACCOUNT",
    "MAIL_RETRY_SECONDS",
    "ORDER_RATE_LIMIT",
    "TRUST_PROXY",
  ]);
});

Deno.test("TRUST_PROXY takes a number of proxies or their addresses and ranges", () => {
  assert.deepEqual(config({ TRUST_PROXY: "0" }).trustProxy, { kind: "none" });
  assert.deepEqual(config({ TRUST_PROXY: "1" }).trustProxy, { kind: "hops", hops: 1 });
  assert.deepEqual(config({ TRUST_PROXY: "2" }).trustProxy, { kind: "hops", hops: 2 });
  assert.deepEqual(config({ TRUST_PROXY: "10.0.0.5, 172.16.0.0/12,::1" }).trustProxy, {
    kind: "addresses",
    ranges: ["10.0.0.5", "172.16.0.0/12", "::1"],
  });
  for (const bad of ["10.0.0.300", "12", "10.0.0.0/40", "proxy.local"]) {
    const result = loadConfig({ TRUST_PROXY: bad });
    assert.equal(result.ok, false, bad);
    assert.match(result.ok ? "" : result.problems[0], /^TRUST_PROXY: must be 0, a number/);
  }
});

Deno.test("HOST chooses the listen address; a bad one is named", () => {
  assert.equal(config({ HOST: "127.0.0.1" }).host, "127.0.0.1");
  assert.equal(config({ HOST: "::1" }).host, "::1");
  assert.equal(config({ HOST: "localhost" }).host, "localhost");
  const result = loadConfig({ HOST: "0.0.0.0/0" });
  assert.deepEqual(result.ok ? [] : result.problems, [
    "HOST: must be an IP address or a host name, e.g. 127.0.0.1",
  ]);
});
