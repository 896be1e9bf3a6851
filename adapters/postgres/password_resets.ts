/**
 * Password reset links in PostgreSQL (migrations/0013): only the SHA-256 of each link's
 * secret is kept. Using one marks it used and sets the account's password in one
 * transaction; the conditional UPDATE of the link makes two uses at once set one password.
 */
import type { AccountRole, PasswordReset, PasswordResetStore } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

export class PostgresPasswordResetStore implements PasswordResetStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async create(reset: PasswordReset, now: Date): Promise<void> {
    // Links of this account that can no longer be used go as a new one is made.
    await this.#sql.query(
      `DELETE FROM password_resets
       WHERE role = $1 AND account_id = $2 AND (used_at IS NOT NULL OR expires_at <= $3)`,
      [reset.role, reset.accountId, now],
    );
    await this.#sql.query(
      `INSERT INTO password_resets (token_hash, role, account_id, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [reset.tokenHash, reset.role, reset.accountId, reset.expiresAt],
    );
  }

  async find(
    tokenHash: string,
    now: Date,
  ): Promise<{ role: AccountRole; accountId: number } | undefined> {
    const rows = await this.#sql.query<{ role: AccountRole; account_id: number }>(
      `SELECT role, account_id FROM password_resets
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [tokenHash, now],
    );
    return rows.length > 0
      ? { role: rows[0].role, accountId: Number(rows[0].account_id) }
      : undefined;
  }

  use(
    tokenHash: string,
    now: Date,
    passwordHash: string,
  ): Promise<{ role: AccountRole; accountId: number } | undefined> {
    return this.#sql.transaction(async (tx) => {
      const rows = await tx.query<{ role: AccountRole; account_id: number }>(
        `UPDATE password_resets SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING role, account_id`,
        [tokenHash, now],
      );
      if (rows.length === 0) return undefined;
      const opened = { role: rows[0].role, accountId: Number(rows[0].account_id) };
      const set = await tx.query(
        opened.role === "admin"
          ? "UPDATE admin_users SET password_hash = $2 WHERE id = $1 RETURNING id"
          : "UPDATE customer_accounts SET password_hash = $2 WHERE id = $1 RETURNING id",
        [opened.accountId, passwordHash],
      );
      return set.length > 0 ? opened : undefined;
    });
  }

  async endAll(role: AccountRole, accountId: number): Promise<void> {
    await this.#sql.query(
      "DELETE FROM password_resets WHERE role = $1 AND account_id = $2",
      [role, accountId],
    );
  }
}
