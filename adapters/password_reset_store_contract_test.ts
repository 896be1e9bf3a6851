/**
 * The contract of the PasswordResetStore port, against the memory store and the
 * database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { PostgresPasswordResetStore } from "./postgres/password_resets.ts";
import { MemoryPasswordResets } from "../domain/accounts/testing/memory_password_resets.ts";
import type { PasswordResetStore } from "../domain/ports.ts";

function contract(name: string, fn: (resets: PasswordResetStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryPasswordResets()));
  testOnBothEngines(name, (sql) => fn(new PostgresPasswordResetStore(sql)));
}

const NOW = new Date("2026-11-23T10:00:00.000Z");
const HOUR = 60 * 60_000;
const link = (tokenHash: string, accountId = 7) => ({
  tokenHash,
  role: "customer" as const,
  accountId,
  expiresAt: new Date(NOW.getTime() + HOUR),
});

contract("consume() opens a link once, within its hour", async (resets) => {
  await resets.create(link("h1"), NOW);
  await resets.create(link("h2"), NOW);
  assert.equal(await resets.consume("h1", new Date(NOW.getTime() + HOUR)), undefined);
  assert.deepEqual(await resets.consume("h1", NOW), { role: "customer", accountId: 7 });
  assert.equal(await resets.consume("h1", NOW), undefined, "a second use");
  assert.equal(await resets.consume("unknown", NOW), undefined);
});

contract("endAll() ends every link of one account only", async (resets) => {
  await resets.create(link("mine"), NOW);
  await resets.create(link("theirs", 8), NOW);
  await resets.endAll("customer", 7);
  assert.equal(await resets.consume("mine", NOW), undefined);
  assert.deepEqual(await resets.consume("theirs", NOW), { role: "customer", accountId: 8 });
});

testOnServer("two uses of one link at once: only one opens it", async (db) => {
  const resets = new PostgresPasswordResetStore(db.sql);
  await resets.create(link("race"), NOW);
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, () => resets.consume("race", NOW)),
  );
  assert.equal(outcomes.filter((o) => o !== undefined).length, 1);
});
