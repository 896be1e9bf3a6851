import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { PostgresAccountRepository } from "./accounts.ts";

testOnBothEngines(
  "upsertAdmin() creates the admin, then only changes the password",
  async (sql) => {
    const accounts = new PostgresAccountRepository(sql);
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

testOnBothEngines("findAdminByEmail() ignores case and misses unknown addresses", async (sql) => {
  const accounts = new PostgresAccountRepository(sql);
  const admin = await accounts.upsertAdmin("owner@pothgula.lk", "hash");
  assert.deepEqual(await accounts.findAdminByEmail("OWNER@pothgula.lk"), admin);
  assert.equal(await accounts.findAdminByEmail("someone@pothgula.lk"), undefined);
});

testOnBothEngines(
  "createCustomer() refuses a taken username or e-mail, ignoring case",
  async (sql) => {
    const accounts = new PostgresAccountRepository(sql);
    const outcome = await accounts.createCustomer({
      username: "nimali",
      email: "nimali@example.lk",
      passwordHash: "h",
    });
    assert.equal(outcome.kind, "created");
    if (outcome.kind !== "created") return;
    assert.deepEqual(outcome.account, {
      id: outcome.account.id,
      username: "nimali",
      email: "nimali@example.lk",
    });
    assert.deepEqual(
      await accounts.createCustomer({
        username: "NIMALI",
        email: "other@example.lk",
        passwordHash: "h",
      }),
      { kind: "taken", field: "username" },
    );
    assert.deepEqual(
      await accounts.createCustomer({
        username: "kamal",
        email: "Nimali@Example.lk",
        passwordHash: "h",
      }),
      { kind: "taken", field: "email" },
    );
  },
);
