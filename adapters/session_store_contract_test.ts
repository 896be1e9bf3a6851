/**
 * The contract of the SessionStore port, run against the memory sessions the HTTP tests
 * use and the database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { PostgresSessionStore } from "./postgres/sessions.ts";
import { PostgresAccountRepository } from "./postgres/accounts.ts";
import { MemorySessions } from "../domain/accounts/testing/memory_sessions.ts";
import type { Session, SessionStore } from "../domain/ports.ts";

function contract(name: string, fn: (sessions: SessionStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemorySessions()));
  testOnBothEngines(name, (sql) => fn(new PostgresSessionStore(sql)));
}

const NOW = new Date("2026-11-23T10:00:00.000Z");
const HOUR = 60 * 60_000;

function session(id: string, overrides: Partial<Session> = {}): Session {
  return {
    id,
    role: "customer",
    accountId: 7,
    expiresAt: new Date(NOW.getTime() + HOUR),
    ...overrides,
  };
}

contract("find() answers an open session until it expires", async (sessions) => {
  await sessions.open(session("s1"), NOW);
  assert.deepEqual(await sessions.find("s1", NOW), session("s1"));
  assert.equal(await sessions.find("s1", new Date(NOW.getTime() + HOUR)), undefined);
  assert.equal(await sessions.find("never-opened", NOW), undefined);
});

contract("end() ends one session and leaves the account's others", async (sessions) => {
  await sessions.open(session("s1"), NOW);
  await sessions.open(session("s2"), NOW);
  await sessions.end("s1");
  await sessions.end("s1");
  assert.equal(await sessions.find("s1", NOW), undefined);
  assert.equal((await sessions.find("s2", NOW))?.id, "s2");
});

contract(
  "endAll() ends every session of one account, not another role's with the same id",
  async (sessions) => {
    // (An admin's session is ended here: one holds only while its admin account is there.)
    await sessions.open(session("a1", { role: "admin", adminRole: "owner" }), NOW);
    await sessions.open(session("a2", { role: "admin", adminRole: "owner" }), NOW);
    await sessions.open(session("c1"), NOW);
    await sessions.open(session("c3", { accountId: 8 }), NOW);
    assert.equal(await sessions.endAll("admin", 7), 2);
    assert.equal(await sessions.find("a1", NOW), undefined);
    assert.equal(await sessions.find("a2", NOW), undefined);
    assert.equal((await sessions.find("c1", NOW))?.role, "customer");
    assert.equal((await sessions.find("c3", NOW))?.accountId, 8);
  },
);

contract("open() drops the account's expired sessions", async (sessions) => {
  await sessions.open(session("old", { expiresAt: new Date(NOW.getTime() - 1) }), NOW);
  await sessions.open(session("new"), NOW);
  assert.equal(await sessions.endAll("customer", 7), 1);
});

testOnBothEngines(
  "an admin's session holds only while the account has the role it was opened with: a change or a removal ends even one opened a moment before",
  async (sql) => {
    const sessions = new PostgresSessionStore(sql);
    const accounts = new PostgresAccountRepository(sql);
    await accounts.upsertAdmin("owner@pothgula.lk", "hash");
    const packer = await accounts.upsertAdmin("packer@pothgula.lk", "hash");
    assert.equal(await accounts.setAdminRole(packer.id, "staff"), "changed");
    const staff = { role: "admin" as const, accountId: packer.id, adminRole: "staff" as const };
    await sessions.open(session("before", staff), NOW);
    assert.equal((await sessions.find("before", NOW))?.adminRole, "staff");

    // Made an owner: the staff session ends, though no one ended it.
    assert.equal(await accounts.setAdminRole(packer.id, "owner"), "changed");
    assert.equal(await sessions.find("before", NOW), undefined);
    // A sign-in that checked the password while they were staff opens its session just after:
    // it is of the old role, and never holds.
    await sessions.open(session("late", staff), NOW);
    assert.equal(await sessions.find("late", NOW), undefined);
    // One of the new role holds, until the account is removed.
    await sessions.open(session("owner", { ...staff, adminRole: "owner" }), NOW);
    assert.equal((await sessions.find("owner", NOW))?.adminRole, "owner");
    assert.equal(await accounts.removeAdminById(packer.id), "removed");
    assert.equal(await sessions.find("owner", NOW), undefined);
    // A customer's session is no admin's: the accounts of admins are not asked.
    await sessions.open(session("customer"), NOW);
    assert.ok(await sessions.find("customer", NOW));
  },
);
