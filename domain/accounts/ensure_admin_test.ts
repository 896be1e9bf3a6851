import assert from "node:assert/strict";
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from "./ensure_admin.ts";
import { MemoryAccounts, plainHasher } from "./testing/memory_accounts.ts";

function setup() {
  const accounts = new MemoryAccounts();
  const hasher = plainHasher();
  const lines: string[] = [];
  const deps = {
    accounts,
    hasher,
    log: (line: string) => lines.push(line),
    randomPassword: () => "Xy3pQr7sTu9vWx2yZa4b",
  };
  return { accounts, hasher, lines, deps };
}

Deno.test("ensureAdmin() creates the configured admin with the configured password", async () => {
  const { accounts, hasher, lines, deps } = setup();
  await ensureAdmin(deps, { email: "Owner@Pothgula.lk", password: "galle-fort-1663" });
  assert.equal(accounts.admins.length, 1);
  assert.equal(accounts.admins[0].email, "owner@pothgula.lk");
  assert.equal(await hasher.verify("galle-fort-1663", accounts.admins[0].passwordHash), true);
  assert.deepEqual(lines, []);
});

Deno.test("ensureAdmin() keeps the password of a configured admin that exists: a change survives a restart", async () => {
  const { accounts, hasher, lines, deps } = setup();
  await ensureAdmin(deps, { email: "owner@pothgula.lk", password: "first-password" });
  // The owner changes it in the admin area; the environment still says the first one.
  await accounts.setAdminPassword("owner@pothgula.lk", await hasher.hash("changed-password"));
  await ensureAdmin(deps, { email: "owner@pothgula.lk", password: "first-password" });
  assert.equal(accounts.admins.length, 1);
  assert.equal(await hasher.verify("changed-password", accounts.admins[0].passwordHash), true);
  assert.equal(await hasher.verify("first-password", accounts.admins[0].passwordHash), false);
  assert.deepEqual(lines, []);
});

Deno.test("ensureAdmin() with reset sets ADMIN_PASSWORD, ends the admin's sessions and says so", async () => {
  const { accounts, hasher, lines, deps } = setup();
  await accounts.upsertAdmin("owner@pothgula.lk", await hasher.hash("lost-password"));
  const ended: number[] = [];
  await ensureAdmin(
    { ...deps, endSessions: (id) => Promise.resolve(void ended.push(id)) },
    { email: "owner@pothgula.lk", password: "new-password", reset: true },
  );
  assert.equal(await hasher.verify("new-password", accounts.admins[0].passwordHash), true);
  assert.deepEqual(ended, [accounts.admins[0].id]);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^Set the password of the admin owner@pothgula\.lk from ADMIN_PASSWORD/);
  assert.match(lines[0], /ADMIN_PASSWORD_RESET/);
});

Deno.test("ensureAdmin() sets ADMIN_PASSWORD on a configured admin that has no password", async () => {
  const { accounts, hasher, deps } = setup();
  await accounts.upsertAdmin("owner@pothgula.lk", "");
  await ensureAdmin(deps, { email: "owner@pothgula.lk", password: "first-password" });
  assert.equal(await hasher.verify("first-password", accounts.admins[0].passwordHash), true);
});

Deno.test("ensureAdmin() makes a task-added admin ADMIN_EMAIL names the environment's, password kept", async () => {
  const { accounts, hasher, deps } = setup();
  await accounts.upsertAdmin("clerk@pothgula.lk", await hasher.hash("clerk-password"), "task");
  await ensureAdmin(deps, { email: "clerk@pothgula.lk", password: "other-password" });
  assert.equal(accounts.admins[0].source, "environment");
  assert.equal(await hasher.verify("clerk-password", accounts.admins[0].passwordHash), true);
});

Deno.test("ensureAdmin() on an empty database creates admin@pothgula.lk and logs the password once", async () => {
  const { accounts, hasher, lines, deps } = setup();
  await ensureAdmin({ ...deps, randomPassword: () => "Abcdefghijkmnopqrstu" }, {});
  assert.equal(accounts.admins[0].email, DEFAULT_ADMIN_EMAIL);
  assert.equal(await hasher.verify("Abcdefghijkmnopqrstu", accounts.admins[0].passwordHash), true);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /admin@pothgula\.lk with password Abcdefghijkmnopqrstu /);
  assert.doesNotMatch(lines[0], /\n/);

  await ensureAdmin(deps, {});
  assert.equal(lines.length, 1);
  assert.equal(accounts.admins.length, 1);
});

Deno.test("ensureAdmin() leaves existing admins alone when nothing is configured", async () => {
  const { accounts, hasher, lines, deps } = setup();
  await accounts.upsertAdmin("owner@pothgula.lk", await hasher.hash("kept-password"));
  await ensureAdmin(deps, { email: "", password: "" });
  assert.equal(accounts.admins.length, 1);
  assert.equal(await hasher.verify("kept-password", accounts.admins[0].passwordHash), true);
  assert.deepEqual(lines, []);
});

Deno.test("ensureAdmin() refuses one variable without the other, naming the missing one", async () => {
  const { accounts, deps } = setup();
  await assert.rejects(
    ensureAdmin(deps, { email: "owner@pothgula.lk" }),
    /ADMIN_PASSWORD must be set when ADMIN_EMAIL is set/,
  );
  await assert.rejects(
    ensureAdmin(deps, { password: "some-password" }),
    /ADMIN_EMAIL must be set when ADMIN_PASSWORD is set/,
  );
  assert.equal(accounts.admins.length, 0);
});

Deno.test("ensureAdmin() refuses a malformed ADMIN_EMAIL and a short ADMIN_PASSWORD", async () => {
  const { deps } = setup();
  await assert.rejects(
    ensureAdmin(deps, { email: "owner", password: "long-enough" }),
    /ADMIN_EMAIL/,
  );
  await assert.rejects(
    ensureAdmin(deps, { email: "owner@pothgula.lk", password: "short" }),
    /ADMIN_PASSWORD must be at least 8/,
  );
});

Deno.test("ensureAdmin() makes the admin ADMIN_EMAIL names an owner, a staff member included", async () => {
  const { accounts, hasher, deps } = setup();
  await ensureAdmin(deps, { email: "owner@pothgula.lk", password: "galle-fort-1663" });
  assert.equal(accounts.admins[0].role, "owner");
  // A staff member with a password of their own keeps it, and becomes an owner.
  await accounts.inviteAdmin("packer@pothgula.lk", "staff");
  await accounts.setAdminPassword("packer@pothgula.lk", await hasher.hash("own-password"));
  await ensureAdmin(deps, { email: "packer@pothgula.lk", password: "from-environment" });
  const packer = await accounts.findAdminByEmail("packer@pothgula.lk");
  assert.equal(packer?.role, "owner");
  assert.equal(await hasher.verify("own-password", packer?.passwordHash ?? ""), true);
  // One invited but not yet in gets the environment's password, as an owner.
  await accounts.inviteAdmin("cashier@pothgula.lk", "staff");
  await ensureAdmin(deps, { email: "cashier@pothgula.lk", password: "from-environment" });
  const cashier = await accounts.findAdminByEmail("cashier@pothgula.lk");
  assert.equal(cashier?.role, "owner");
  assert.equal(await hasher.verify("from-environment", cashier?.passwordHash ?? ""), true);
});
