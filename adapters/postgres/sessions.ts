/**
 * Sessions in PostgreSQL (migrations/0012): one row per live token, shared by every
 * instance, so a logout or a new password on one instance ends the tokens on all of them.
 * The per-request check is one primary-key read.
 */
import type { AccountRole, Session, SessionStore } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

interface SessionRow {
  id: string;
  role: AccountRole;
  account_id: number;
  expires_at: Date | string;
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
      "INSERT INTO sessions (id, role, account_id, expires_at) VALUES ($1, $2, $3, $4)",
      [session.id, session.role, session.accountId, session.expiresAt],
    );
  }

  async find(id: string, now: Date): Promise<Session | undefined> {
    const rows = await this.#sql.query<SessionRow>(
      "SELECT id, role, account_id, expires_at FROM sessions WHERE id = $1 AND expires_at > $2",
      [id, now],
    );
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return {
      id: row.id,
      role: row.role,
      accountId: Number(row.account_id),
      expiresAt: new Date(row.expires_at),
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
