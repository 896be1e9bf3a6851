/**
 * The contract of the AccountRepository port, run against the memory accounts the HTTP,
 * admin-task and domain tests use and the database's on PGlite and a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
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
      role: "owner",
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
    // Added one after the other: the older first, by when it was added and then by id.
    await accounts.upsertAdmin("owner@pothgula.lk", "h1");
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

contract("removeAdmin() removes one admin but never the last owner", async (accounts) => {
  await accounts.upsertAdmin("owner@pothgula.lk", "h1");
  await accounts.upsertAdmin("clerk@pothgula.lk", "h2", "task");
  assert.equal(await accounts.removeAdmin("nobody@pothgula.lk"), "not_found");
  assert.equal(await accounts.removeAdmin("Clerk@Pothgula.lk"), "removed");
  assert.equal(await accounts.removeAdmin("owner@pothgula.lk"), "last_owner");
  await accounts.inviteAdmin("packer@pothgula.lk", "staff");
  // Staff do not keep the shop running: the owner is still the last one.
  assert.equal(await accounts.removeAdmin("owner@pothgula.lk"), "last_owner");
  assert.equal(await accounts.removeAdmin("packer@pothgula.lk"), "removed");
  assert.deepEqual((await accounts.listAdmins()).map((a) => a.email), ["owner@pothgula.lk"]);
});

contract(
  "inviteAdmin() adds an admin of the role with no password, refusing a taken e-mail",
  async (accounts) => {
    const owner = await accounts.upsertAdmin("owner@pothgula.lk", "h1");
    const invited = await accounts.inviteAdmin("packer@pothgula.lk", "staff");
    assert.equal(invited.kind, "invited");
    if (invited.kind !== "invited") return;
    assert.deepEqual(invited.admin, {
      id: invited.admin.id,
      email: "packer@pothgula.lk",
      passwordHash: "",
      role: "staff",
    });
    assert.deepEqual(await accounts.findAdminById(invited.admin.id), invited.admin);
    assert.deepEqual(await accounts.findAdminById(owner.id), owner);
    assert.equal(await accounts.findAdminById(invited.admin.id + owner.id + 100), undefined);
    assert.deepEqual(await accounts.inviteAdmin("PACKER@pothgula.lk", "owner"), { kind: "taken" });
    assert.deepEqual(await accounts.inviteAdmin("Owner@Pothgula.lk", "staff"), { kind: "taken" });
    const listed = await accounts.listAdmins();
    assert.deepEqual(listed.map((a) => [a.email, a.role, a.state, a.source]), [
      ["owner@pothgula.lk", "owner", "active", "environment"],
      ["packer@pothgula.lk", "staff", "invited", "invitation"],
    ]);
    // The invitation's link sets the password: the admin is active from then on.
    assert.equal(await accounts.setAdminPassword("packer@pothgula.lk", "h2"), true);
    assert.equal((await accounts.listAdmins())[1].state, "active");
  },
);

contract(
  "removeAdminById() removes staff and owners but never the last owner",
  async (accounts) => {
    const owner = await accounts.upsertAdmin("owner@pothgula.lk", "h1");
    const second = await accounts.upsertAdmin("second@pothgula.lk", "h2", "task");
    const staff = await accounts.inviteAdmin("packer@pothgula.lk", "staff");
    if (staff.kind !== "invited") throw new Error("not invited");
    assert.equal(await accounts.removeAdminById(staff.admin.id), "removed");
    assert.equal(await accounts.removeAdminById(staff.admin.id), "not_found");
    assert.equal(await accounts.removeAdminById(second.id), "removed");
    assert.equal(await accounts.removeAdminById(owner.id), "last_owner");
    assert.deepEqual((await accounts.listAdmins()).map((a) => a.email), ["owner@pothgula.lk"]);
  },
);

contract(
  "setAdminRole() promotes and demotes, but never demotes the last owner",
  async (accounts) => {
    const owner = await accounts.upsertAdmin("owner@pothgula.lk", "h1");
    const staff = await accounts.inviteAdmin("packer@pothgula.lk", "staff");
    if (staff.kind !== "invited") throw new Error("not invited");
    const id = staff.admin.id;
    assert.equal(await accounts.setAdminRole(owner.id, "staff"), "last_owner");
    assert.equal(await accounts.setAdminRole(id, "staff"), "unchanged");
    assert.equal(await accounts.setAdminRole(id, "owner"), "changed");
    assert.equal((await accounts.findAdminById(id))?.role, "owner");
    // Two owners now: either may step down, not both.
    assert.equal(await accounts.setAdminRole(owner.id, "staff"), "changed");
    assert.equal(await accounts.setAdminRole(id, "staff"), "last_owner");
    assert.equal(await accounts.setAdminRole(id + owner.id + 100, "owner"), "not_found");
    assert.deepEqual(
      (await accounts.listAdmins()).map((a) => [a.email, a.role]),
      [["owner@pothgula.lk", "staff"], ["packer@pothgula.lk", "owner"]],
    );
  },
);

contract(
  "upsertAdmin() makes the admin it names an owner, a staff member included",
  async (accounts) => {
    await accounts.upsertAdmin("owner@pothgula.lk", "h1");
    const staff = await accounts.inviteAdmin("packer@pothgula.lk", "staff");
    if (staff.kind !== "invited") throw new Error("not invited");
    const promoted = await accounts.upsertAdmin("packer@pothgula.lk", "h2", "task");
    assert.deepEqual(promoted, { ...staff.admin, passwordHash: "h2", role: "owner" });
  },
);

contract("clearAdminPassword() takes the password away: invited again", async (accounts) => {
  await accounts.upsertAdmin("owner@pothgula.lk", "h1");
  const staff = await accounts.inviteAdmin("packer@pothgula.lk", "staff");
  if (staff.kind !== "invited") throw new Error("not invited");
  await accounts.setAdminPassword("packer@pothgula.lk", "h2");
  assert.equal(await accounts.clearAdminPassword(staff.admin.id), true);
  assert.equal((await accounts.findAdminById(staff.admin.id))?.passwordHash, "");
  assert.deepEqual((await accounts.listAdmins()).map((a) => a.state), ["active", "invited"]);
  assert.equal(await accounts.clearAdminPassword(staff.admin.id + 100), false);
});

/** Two new owners, the only ones: every other admin is removed first. */
async function ownerPair(accounts: AccountRepository, round: number) {
  const a = await accounts.upsertAdmin(`a${round}@pothgula.lk`, "h");
  const b = await accounts.upsertAdmin(`b${round}@pothgula.lk`, "h");
  for (const admin of await accounts.listAdmins()) {
    if (admin.id !== a.id && admin.id !== b.id) await accounts.removeAdminById(admin.id);
  }
  return [a.id, b.id];
}

async function ownerCount(accounts: AccountRepository): Promise<number> {
  return (await accounts.listAdmins()).filter((x) => x.role === "owner").length;
}

testOnServer(
  "two owners removing each other at once leave one owner, never none",
  async ({ sql }) => {
    const accounts = new PostgresAccountRepository(sql);
    for (let round = 0; round < 10; round++) {
      const [a, b] = await ownerPair(accounts, round);
      const outcomes = await Promise.all([
        accounts.removeAdminById(a),
        accounts.removeAdminById(b),
      ]);
      assert.deepEqual([...outcomes].sort(), ["last_owner", "removed"], `round ${round}`);
      assert.equal(await ownerCount(accounts), 1, `round ${round}`);
    }
  },
);

testOnServer(
  "two owners stepping down at once, or one removed as the other steps down, leave an owner",
  async ({ sql }) => {
    const accounts = new PostgresAccountRepository(sql);
    for (let round = 0; round < 10; round++) {
      const [a, b] = await ownerPair(accounts, round);
      const outcomes: string[] = round % 2 === 0
        ? await Promise.all([accounts.setAdminRole(a, "staff"), accounts.setAdminRole(b, "staff")])
        : await Promise.all([accounts.setAdminRole(a, "staff"), accounts.removeAdminById(b)]);
      assert.equal(outcomes.filter((o) => o === "last_owner").length, 1, `round ${round}`);
      assert.equal(await ownerCount(accounts), 1, `round ${round}`);
    }
  },
);
