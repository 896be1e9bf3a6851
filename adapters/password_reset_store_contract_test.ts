/**
 * The contract of the PasswordResetStore port, against the memory store and the
 * database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { PostgresPasswordResetStore } from "./postgres/password_resets.ts";
import { PostgresAccountRepository } from "./postgres/accounts.ts";
import { MemoryPasswordResets } from "../domain/accounts/testing/memory_password_resets.ts";
import { MemoryAccounts } from "../domain/accounts/testing/memory_accounts.ts";
import type { AccountRepository, PasswordResetStore } from "../domain/ports.ts";

/** A store and the accounts its links open, with two customers in them. */
interface Setting {
  resets: PasswordResetStore;
  accounts: AccountRepository;
  /** The customers' ids. */
  ids: [number, number];
}

async function withCustomers(
  resets: PasswordResetStore,
  accounts: AccountRepository,
): Promise<Setting> {
  const ids: number[] = [];
  for (const email of ["nimali@example.lk", "sunil@example.lk"]) {
    const made = await accounts.createCustomer({ username: email, email, passwordHash: "old" });
    if (made.kind !== "created") throw new Error("The test customers could not be made");
    ids.push(made.account.id);
  }
  return { resets, accounts, ids: [ids[0], ids[1]] };
}

function contract(name: string, fn: (setting: Setting) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const accounts = new MemoryAccounts();
    await fn(await withCustomers(new MemoryPasswordResets(accounts), accounts));
  });
  testOnBothEngines(name, async (sql) => {
    const accounts = new PostgresAccountRepository(sql);
    await fn(await withCustomers(new PostgresPasswordResetStore(sql), accounts));
  });
}

const NOW = new Date("2026-11-23T10:00:00.000Z");
const HOUR = 60 * 60_000;
const link = (tokenHash: string, accountId: number) => ({
  tokenHash,
  role: "customer" as const,
  accountId,
  expiresAt: new Date(NOW.getTime() + HOUR),
});

async function passwordOf(accounts: AccountRepository, id: number): Promise<string | undefined> {
  const profile = await accounts.findCustomerById(id);
  return profile && (await accounts.findCustomerByEmail(profile.email))?.passwordHash;
}

contract("use() sets the password and spends the link once, within its hour", async (t) => {
  const [mine] = t.ids;
  await t.resets.create(link("h1", mine), NOW);
  await t.resets.create(link("h2", mine), NOW);
  assert.equal(await t.resets.use("h1", new Date(NOW.getTime() + HOUR), "late"), undefined);
  assert.equal(await passwordOf(t.accounts, mine), "old", "an expired link sets nothing");
  assert.deepEqual(await t.resets.use("h1", NOW, "new"), { role: "customer", accountId: mine });
  assert.equal(await passwordOf(t.accounts, mine), "new");
  assert.equal(await t.resets.use("h1", NOW, "again"), undefined, "a second use");
  assert.equal(await passwordOf(t.accounts, mine), "new");
  assert.equal(await t.resets.use("unknown", NOW, "x"), undefined);
});

contract("find() says whose a live link is and spends nothing", async (t) => {
  const [mine] = t.ids;
  await t.resets.create(link("h1", mine), NOW);
  assert.deepEqual(await t.resets.find("h1", NOW), { role: "customer", accountId: mine });
  assert.deepEqual(await t.resets.find("h1", NOW), { role: "customer", accountId: mine });
  assert.equal(await t.resets.find("h1", new Date(NOW.getTime() + HOUR)), undefined);
  assert.equal(await t.resets.find("unknown", NOW), undefined);
  await t.resets.use("h1", NOW, "new");
  assert.equal(await t.resets.find("h1", NOW), undefined, "a used link");
});

contract("endAll() ends every link of one account only", async (t) => {
  const [mine, theirs] = t.ids;
  await t.resets.create(link("mine", mine), NOW);
  await t.resets.create(link("theirs", theirs), NOW);
  await t.resets.endAll("customer", mine);
  assert.equal(await t.resets.use("mine", NOW, "new"), undefined);
  assert.deepEqual(await t.resets.use("theirs", NOW, "new"), {
    role: "customer",
    accountId: theirs,
  });
});

testOnServer("two uses of one link at once: only one sets a password", async (db) => {
  const accounts = new PostgresAccountRepository(db.sql);
  const t = await withCustomers(new PostgresPasswordResetStore(db.sql), accounts);
  await t.resets.create(link("race", t.ids[0]), NOW);
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, (_, i) => t.resets.use("race", NOW, `hash-${i}`)),
  );
  const winners = outcomes.flatMap((o, i) => o === undefined ? [] : [i]);
  assert.equal(winners.length, 1);
  assert.equal(await passwordOf(accounts, t.ids[0]), `hash-${winners[0]}`);
});
