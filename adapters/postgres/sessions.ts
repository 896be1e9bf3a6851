/**
 * Sessions in PostgreSQL (migrations/0012): one row per live token, shared by every
 * instance, so a logout or a new password on one instance ends the tokens on all of them.
 * The per-request check is one primary-key read.
 */
import type { AccountRole, Session, SessionStore } from "../../domain/ports.ts";
import type { AdminRole } from "../../domain/accounts/admin_roles.ts";
import type { SqlClient } from "./sql_client.ts";

interface SessionRow {
  id: string;
  role: AccountRole;
  account_id: number;
  expires_at: Date | string;
  admin_role: AdminRole | null;
}

export class PostgresSessionStore implements SessionStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async open(session: Session, now: Date): Promise<void> {
    // The account's expired rows go as it signs in again: the table holds live sessions
    // and the few of accounts that never came back.
    await this.#sql.query(
      "DELETE FROM sessions WHERE role = $1 AND account_id = $2 AND expires_at <= $3",
      [session.role, session.accountId, now],
    );
    await this.#sql.query(
      `INSERT INTO sessions (id, role, account_id, expires_at, admin_role)
       VALUES ($1, $2, $3, $4, $5)`,
      [session.id, session.role, session.accountId, session.expiresAt, session.adminRole ?? null],
    );
  }

  async find(id: string, now: Date): Promise<Session | undefined> {
    // An admin's session holds while the account is there with the role it was opened with:
    // a role change or a removal ends it, however close to its opening (migration 0042).
    const rows = await this.#sql.query<SessionRow>(
      `SELECT s.id, s.role, s.account_id, s.expires_at, s.admin_role FROM sessions s
       WHERE s.id = $1 AND s.expires_at > $2
         AND (s.role <> 'admin' OR EXISTS (
           SELECT 1 FROM admin_users a WHERE a.id = s.account_id AND a.role = s.admin_role))`,
      [id, now],
    );
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return {
      id: row.id,
      role: row.role,
      accountId: Number(row.account_id),
      expiresAt: new Date(row.expires_at),
      ...(row.admin_role ? { adminRole: row.admin_role } : {}),
    };
  }

  async end(id: string): Promise<void> {
    await this.#sql.query("DELETE FROM sessions WHERE id = $1", [id]);
  }

  async endAll(role: AccountRole, accountId: number): Promise<number> {
    const rows = await this.#sql.query(
      "DELETE FROM sessions WHERE role = $1 AND account_id = $2 RETURNING id",
      [role, accountId],
    );
    return rows.length;
  }
}
