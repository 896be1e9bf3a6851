import assert from "node:assert/strict";
import { HmacOrderKeys } from "./order_keys.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

Deno.test("HmacOrderKeys issues a fresh 256-bit key per order, derivable again from its salt alone", async () => {
  const keys = new HmacOrderKeys(SECRET);
  const a = await keys.issue();
  const b = await keys.issue();
  assert.notEqual(a.salt, b.salt);
  assert.notEqual(a.key, b.key);
  assert.match(a.key, /^[A-Za-z0-9_-]{43}$/);
  assert.match(a.salt, /^[A-Za-z0-9_-]{22}$/, "128 random bits");
  assert.equal(await keys.keyFor(a.salt), a.key);
  assert.equal(await keys.hash(a.key), a.hash);
  assert.notEqual(a.hash, a.key);
});

Deno.test("HmacOrderKeys under another secret gives another key for the same salt", async () => {
  const salt = (await new HmacOrderKeys(SECRET).issue()).salt;
  assert.notEqual(
    await new HmacOrderKeys(SECRET).keyFor(salt),
    await new HmacOrderKeys(`${SECRET}!`).keyFor(salt),
  );
  assert.throws(() => new HmacOrderKeys("short"));
});
