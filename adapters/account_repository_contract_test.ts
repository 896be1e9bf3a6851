/**
 * The contract of the AccountRepository port, run against the memory accounts the HTTP,
 * admin-task and domain tests use and the database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { PostgresAccountRepository } from "./postgres/accounts.ts";
import { MemoryAccounts } from "../domain/accounts/testing/memory_accounts.ts";
import type { AccountRepository } from "../domain/ports.ts";

/** Registers the test once per adapter: `[memory]`, `[pglite]` and `[postgres]`. */
function contract(name: string, fn: (accounts: AccountRepository) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryAccounts()));
  testOnBothEngines(name, (sql) => fn(new PostgresAccountRepository(sql)));
}

contract(
  "upsertAdmin() creates the admin, then only changes the password",
  async (accounts) => {
    assert.equal(await accounts.countAdmins(), 0);
    const created = await accounts.upsertAdmin("admin@pothgula.lk", "hash-1");
    assert.deepEqual(created, {
      id: created.id,
      email: "admin@pothgula.lk",
      passwordHash: "hash-1",
    });
    const updated = await accounts.upsertAdmin("Admin@Pothgula.lk", "hash-2");
    assert.deepEqual(updated, { ...created, passwordHash: "hash-2" });
    assert.equal(await accounts.countAdmins(), 1);
  },
);

contract("findAdminByEmail() ignores case and misses unknown addresses", async (accounts) => {
  const admin = await accounts.upsertAdmin("owner@pothgula.lk", "hash");
  assert.deepEqual(await accounts.findAdminByEmail("OWNER@pothgula.lk"), admin);
  assert.equal(await accounts.findAdminByEmail("someone@pothgula.lk"), undefined);
});

contract(
  "createCustomer() refuses a taken e-mail, ignoring case, and lets two people share a name",
  async (accounts) => {
    const outcome = await accounts.createCustomer({
      username: "Sunil Fernando",
      email: "sunil@example.lk",
      passwordHash: "h",
    });
    assert.equal(outcome.kind, "created");
    if (outcome.kind !== "created") return;
    assert.deepEqual(outcome.account, {
      id: outcome.account.id,
      username: "Sunil Fernando",
      email: "sunil@example.lk",
    });
    const namesake = await accounts.createCustomer({
      username: "SUNIL FERNANDO",
      email: "other@example.lk",
      passwordHash: "h",
    });
    assert.equal(namesake.kind, "created");
    assert.deepEqual(
      await accounts.createCustomer({
        username: "kamal",
        email: "Sunil@Example.lk",
        passwordHash: "h",
      }),
      { kind: "taken", field: "email" },
    );
  },
);

contract(
  "a customer is found by e-mail (with the hash) and by id (with the address)",
  async (accounts) => {
    const created = await accounts.createCustomer({
      username: "Nimali Perera",
      email: "nimali@example.lk",
      passwordHash: "hash-1",
    });
    if (created.kind !== "created") throw new Error("not created");
    const id = created.account.id;
    assert.deepEqual(await accounts.findCustomerByEmail("NIMALI@example.lk"), {
      id,
      username: "Nimali Perera",
      email: "nimali@example.lk",
      passwordHash: "hash-1",
    });
    assert.equal(await accounts.findCustomerByEmail("nobody@example.lk"), undefined);
    assert.deepEqual(await accounts.findCustomerById(id), {
      id,
      username: "Nimali Perera",
      email: "nimali@example.lk",
      address: null,
    });
    assert.equal(await accounts.findCustomerById(id + 1000), undefined);
  },
);

contract(
  "setCustomerPassword() and saveCustomerAddress() change one customer",
  async (accounts) => {
    const created = await accounts.createCustomer({
      username: "Nimali",
      email: "nimali@example.lk",
      passwordHash: "old",
    });
    if (created.kind !== "created") throw new Error("not created");
    const id = created.account.id;
    assert.equal(await accounts.setCustomerPassword(id, "new"), true);
    assert.equal((await accounts.findCustomerByEmail("nimali@example.lk"))?.passwordHash, "new");
    assert.equal(await accounts.setCustomerPassword(id + 1000, "x"), false);
    const address = {
      name: "Nimali Perera",
      phone: "0771234567",
      address: "12 Galle Road\nDehiwala",
      postalCode: "10350",
      province: 1,
      district: 2,
      area: 3,
    };
    assert.equal(await accounts.saveCustomerAddress(id, address), true);
    assert.deepEqual((await accounts.findCustomerById(id))?.address, address);
    assert.equal(await accounts.saveCustomerAddress(id + 1000, address), false);
  },
);

contract(
  "listAdmins() is oldest first, with their source and no password hash",
  async (accounts) => {
    await accounts.upsertAdmin("owner@pothgula.lk", "h1");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await accounts.upsertAdmin("clerk@pothgula.lk", "h2", "task");
    const admins = await accounts.listAdmins();
    assert.deepEqual(admins.map((a) => [a.email, a.source]), [
      ["owner@pothgula.lk", "environment"],
      ["clerk@pothgula.lk", "task"],
    ]);
    assert.ok(admins.every((a) => a.createdAt instanceof Date && !("passwordHash" in a)));
  },
);

contract("setAdminPassword() changes an existing admin's hash only", async (accounts) => {
  await accounts.upsertAdmin("owner@pothgula.lk", "old");
  assert.equal(await accounts.setAdminPassword("OWNER@pothgula.lk", "new"), true);
  assert.equal((await accounts.findAdminByEmail("owner@pothgula.lk"))?.passwordHash, "new");
  assert.equal(await accounts.setAdminPassword("nobody@pothgula.lk", "x"), false);
  assert.equal(await accounts.countAdmins(), 1);
});

contract("setAdminSource() says who manages an admin and keeps its password", async (accounts) => {
  await accounts.upsertAdmin("clerk@pothgula.lk", "kept", "task");
  assert.equal(await accounts.setAdminSource("CLERK@pothgula.lk", "environment"), true);
  assert.deepEqual((await accounts.listAdmins()).map((a) => a.source), ["environment"]);
  assert.equal((await accounts.findAdminByEmail("clerk@pothgula.lk"))?.passwordHash, "kept");
  assert.equal(await accounts.setAdminSource("nobody@pothgula.lk", "task"), false);
});

contract("removeAdmin() removes one admin but never the last", async (accounts) => {
  await accounts.upsertAdmin("owner@pothgula.lk", "h1");
  await accounts.upsertAdmin("clerk@pothgula.lk", "h2", "task");
  assert.equal(await accounts.removeAdmin("nobody@pothgula.lk"), "not_found");
  assert.equal(await accounts.removeAdmin("Clerk@Pothgula.lk"), "removed");
  assert.equal(await accounts.removeAdmin("owner@pothgula.lk"), "last_admin");
  assert.deepEqual((await accounts.listAdmins()).map((a) => a.email), ["owner@pothgula.lk"]);
});

contract(
  "removeEnvironmentAdminsExcept() removes the others the environment named, not task admins",
  async (accounts) => {
    await accounts.upsertAdmin("old@pothgula.lk", "h1");
    await accounts.upsertAdmin("older@pothgula.lk", "h2");
    await accounts.upsertAdmin("clerk@pothgula.lk", "h3", "task");
    await accounts.upsertAdmin("new@pothgula.lk", "h4");
    assert.deepEqual(await accounts.removeEnvironmentAdminsExcept("new@pothgula.lk"), [
      "old@pothgula.lk",
      "older@pothgula.lk",
    ]);
    assert.deepEqual(
      (await accounts.listAdmins()).map((a) => a.email).sort(),
      ["clerk@pothgula.lk", "new@pothgula.lk"],
    );
  },
);
