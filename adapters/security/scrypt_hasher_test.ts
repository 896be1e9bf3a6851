import assert from "node:assert/strict";
import { eventually } from "../../tests/support/eventually.ts";
import { UnavailableError } from "../../domain/ports.ts";
import {
  DEFAULT_SCRYPT_PARAMS,
  Gate,
  parseScryptHash,
  ScryptPasswordHasher,
} from "./scrypt_hasher.ts";

const cheap = new ScryptPasswordHasher({ params: { N: 2 ** 10, r: 8, p: 1 } });

Deno.test("ScryptPasswordHasher.hash() encodes scrypt$N$r$p$salt$hash with a 16-byte salt", async () => {
  const encoded = await cheap.hash("correct horse battery");
  assert.match(encoded, /^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  const parsed = parseScryptHash(encoded);
  assert.equal(parsed?.salt.length, 16);
  assert.equal(parsed?.hash.length, 32);
});

Deno.test("ScryptPasswordHasher.verify() accepts the right password and refuses others", async () => {
  const encoded = await cheap.hash("correct horse battery");
  assert.equal(await cheap.verify("correct horse battery", encoded), true);
  assert.equal(await cheap.verify("correct horse batterY", encoded), false);
  assert.equal(await cheap.verify("", encoded), false);
});

Deno.test("ScryptPasswordHasher.hash() salts: the same password gives different hashes", async () => {
  const a = await cheap.hash("same password");
  const b = await cheap.hash("same password");
  assert.notEqual(a, b);
});

Deno.test("ScryptPasswordHasher.verify() reads the parameters from the stored hash", async () => {
  const other = new ScryptPasswordHasher({ params: { N: 2 ** 11, r: 4, p: 2 } });
  const encoded = await other.hash("pässwörd ✓");
  assert.equal(await cheap.verify("pässwörd ✓", encoded), true);
});

Deno.test("ScryptPasswordHasher.verify() answers false for malformed or hostile hashes", async () => {
  const encoded = await cheap.hash("secret-password");
  const [, , r, p, salt, hash] = encoded.split("$");
  for (
    const bad of [
      "",
      "not a hash",
      `bcrypt$1024$${r}$${p}$${salt}$${hash}`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 24}$${r}$${p}$${salt}$${hash}`, // would need gigabytes
      `scrypt$1024$${r}$${p}$$${hash}`, // no salt
      `scrypt$1024$${r}$${p}$${salt}$`, // no hash
      `scrypt$1024$${r}$${p}$${salt}$${hash}$extra`,
    ]
  ) {
    assert.equal(await cheap.verify("secret-password", bad), false, bad);
  }
});

Deno.test("ScryptPasswordHasher defaults to N=2^17, r=8, p=1", async () => {
  assert.deepEqual(DEFAULT_SCRYPT_PARAMS, { N: 131072, r: 8, p: 1 });
  const encoded = await new ScryptPasswordHasher().hash("production cost");
  assert.match(encoded, /^scrypt\$131072\$8\$1\$/);
  assert.equal(await cheap.verify("production cost", encoded), true);
});

Deno.test("ScryptPasswordHasher runs at most maxConcurrent hashes at once and finishes them all", async () => {
  const hasher = new ScryptPasswordHasher({ params: { N: 2 ** 10, r: 8, p: 1 }, maxConcurrent: 2 });
  const passwords = Array.from({ length: 9 }, (_, i) => `password-${i}`);
  const hashes = await Promise.all(passwords.map((p) => hasher.hash(p)));
  const checks = await Promise.all(passwords.map((p, i) => hasher.verify(p, hashes[i])));
  assert.deepEqual(checks, passwords.map(() => true));
  assert.throws(() => new ScryptPasswordHasher({ maxConcurrent: 0 }), /maxConcurrent/);
});

Deno.test("Gate lets no more than its maximum run at once, in arrival order", async () => {
  const gate = new Gate(2);
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const tasks = [0, 1, 2, 3, 4].map((i) =>
    gate.run(async () => {
      started.push(i);
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return i;
    })
  );
  // Each task is held until it is let go: let them go one at a time, as they run.
  for (let i = 0; i < 5; i++) {
    await eventually(() => releases.length > 0, { what: "a task running" });
    releases.shift()?.();
  }
  releases.forEach((release) => release());
  assert.deepEqual(await Promise.all(tasks), [0, 1, 2, 3, 4]);
  assert.equal(peak, 2);
  assert.deepEqual(started, [0, 1, 2, 3, 4]);
});

Deno.test("Gate refuses a task with UnavailableError once its line is full", async () => {
  const gate = new Gate(1, 2);
  const releases: (() => void)[] = [];
  let started = 0;
  const hold = () =>
    gate.run(() =>
      new Promise<void>((resolve) => {
        started++;
        releases.push(resolve);
      })
    );
  const held = [hold(), hold(), hold()];
  assert.equal(gate.waiting, 2);
  await assert.rejects(hold(), (error: unknown) => {
    assert.ok(error instanceof UnavailableError);
    assert.equal(error.retryAfterSeconds, 2);
    return true;
  });
  for (let done = 0; done < 3; done++) {
    await eventually(() => releases.length > 0, { what: "a held task running" });
    releases.shift()?.();
  }
  assert.equal(started, 3);
  await Promise.all(held);
  assert.equal(gate.waiting, 0);
});

Deno.test("ScryptPasswordHasher answers 503-style UnavailableError past maxWaiting", async () => {
  const hasher = new ScryptPasswordHasher({
    params: { N: 2 ** 10, r: 8, p: 1 },
    maxConcurrent: 1,
    maxWaiting: 1,
  });
  const outcomes = await Promise.allSettled([1, 2, 3, 4].map((i) => hasher.hash(`pw-${i}`)));
  const refused = outcomes.filter((o) => o.status === "rejected");
  assert.equal(refused.length, 2);
  for (const o of refused) {
    assert.ok((o as PromiseRejectedResult).reason instanceof UnavailableError);
  }
});
