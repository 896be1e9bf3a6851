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

Deno.test("ensureAdmin() sets a new password for a configured admin that exists", async () => {
  const { accounts, hasher, deps } = setup();
  await accounts.upsertAdmin("owner@pothgula.lk", await hasher.hash("old-password"));
  await ensureAdmin(deps, { email: "owner@pothgula.lk", password: "new-password" });
  assert.equal(accounts.admins.length, 1);
  assert.equal(await hasher.verify("new-password", accounts.admins[0].passwordHash), true);
  assert.equal(await hasher.verify("old-password", accounts.admins[0].passwordHash), false);
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
