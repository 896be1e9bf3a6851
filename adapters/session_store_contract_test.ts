/**
 * The contract of the SessionStore port, run against the memory sessions the HTTP tests
 * use and the database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { PostgresSessionStore } from "./postgres/sessions.ts";
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
    await sessions.open(session("c1"), NOW);
    await sessions.open(session("c2"), NOW);
    await sessions.open(session("a1", { role: "admin" }), NOW);
    await sessions.open(session("c3", { accountId: 8 }), NOW);
    assert.equal(await sessions.endAll("customer", 7), 2);
    assert.equal(await sessions.find("c1", NOW), undefined);
    assert.equal(await sessions.find("c2", NOW), undefined);
    assert.equal((await sessions.find("a1", NOW))?.role, "admin");
    assert.equal((await sessions.find("c3", NOW))?.accountId, 8);
  },
);

contract("open() drops the account's expired sessions", async (sessions) => {
  await sessions.open(session("old", { expiresAt: new Date(NOW.getTime() - 1) }), NOW);
  await sessions.open(session("new"), NOW);
  assert.equal(await sessions.endAll("customer", 7), 1);
});
