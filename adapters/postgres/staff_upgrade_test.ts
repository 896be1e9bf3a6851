/**
 * Migration 0033 gives admins roles: every admin before it had every right, so each
 * becomes an owner, with the password and source it had; a new row must name its role.
 */
import assert from "node:assert/strict";
import { migrate, readMigrations } from "./migrator.ts";
import { PostgresAccountRepository } from "./accounts.ts";
import { testUpgradeOnBothEngines } from "./testing/databases.ts";

const ALL = await readMigrations();
const BEFORE = ALL.filter((m) => m.name < "0033_");

testUpgradeOnBothEngines(
  `admins from before migration 0033 are owners after it`,
  async (sql) => {
    await migrate(sql, { migrations: BEFORE });
    await sql.query(
      `INSERT INTO admin_users (email, password_hash, source)
           VALUES ('owner@pothgula.lk', 'h1', 'environment'), ('clerk@pothgula.lk', 'h2', 'task')`,
    );
    await migrate(sql);
    const accounts = new PostgresAccountRepository(sql);
    assert.deepEqual(
      (await accounts.listAdmins()).map((a) => [a.email, a.role, a.state, a.source]),
      [
        ["owner@pothgula.lk", "owner", "active", "environment"],
        ["clerk@pothgula.lk", "owner", "active", "task"],
      ],
    );
    assert.equal((await accounts.findAdminByEmail("clerk@pothgula.lk"))?.passwordHash, "h2");
    // No role is assumed any more: a row that names none is refused.
    await assert.rejects(
      sql.query(
        "INSERT INTO admin_users (email, password_hash, source) VALUES ('x@pothgula.lk', '', 'task')",
      ),
    );
  },
);
