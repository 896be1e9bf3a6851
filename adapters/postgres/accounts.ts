import type {
  AccountRepository,
  AdminAccount,
  AdminSource,
  AdminSummary,
  RegisterOutcome,
} from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

interface AdminRow {
  id: number;
  email: string;
  password_hash: string;
}

function adminFromRow(row: AdminRow): AdminAccount {
  return { id: row.id, email: row.email, passwordHash: row.password_hash };
}

/** Administrators and customer accounts; e-mails and usernames are unique ignoring case. */
export class PostgresAccountRepository implements AccountRepository {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async findAdminByEmail(email: string): Promise<AdminAccount | undefined> {
    const rows = await this.#sql.query<AdminRow>(
      "SELECT id, email, password_hash FROM admin_users WHERE lower(email) = lower($1)",
      [email],
    );
    return rows.length > 0 ? adminFromRow(rows[0]) : undefined;
  }

  async upsertAdmin(
    email: string,
    passwordHash: string,
    source: AdminSource = "environment",
  ): Promise<AdminAccount> {
    const [row] = await this.#sql.query<AdminRow>(
      `INSERT INTO admin_users (email, password_hash, source) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(email))) DO UPDATE
         SET password_hash = excluded.password_hash, source = excluded.source
       RETURNING id, email, password_hash`,
      [email, passwordHash, source],
    );
    return adminFromRow(row);
  }

  async countAdmins(): Promise<number> {
    const [row] = await this.#sql.query<{ n: number }>("SELECT count(*) AS n FROM admin_users");
    return Number(row.n);
  }

  async listAdmins(): Promise<AdminSummary[]> {
    const rows = await this.#sql.query<
      { id: number; email: string; source: AdminSource; created_at: Date | string }
    >("SELECT id, email, source, created_at FROM admin_users ORDER BY created_at, id");
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      source: row.source,
      createdAt: new Date(row.created_at),
    }));
  }

  async setAdminPassword(email: string, passwordHash: string): Promise<boolean> {
    const rows = await this.#sql.query(
      "UPDATE admin_users SET password_hash = $2 WHERE lower(email) = lower($1) RETURNING id",
      [email, passwordHash],
    );
    return rows.length > 0;
  }

  removeAdmin(email: string): Promise<"removed" | "not_found" | "last_admin"> {
    return this.#sql.transaction(async (tx) => {
      // Every admin row is locked first: two removals at once cannot leave none.
      const admins = await tx.query<{ email: string }>(
        "SELECT email FROM admin_users ORDER BY id FOR UPDATE",
      );
      if (!admins.some((a) => a.email.toLowerCase() === email.toLowerCase())) {
        return "not_found";
      }
      if (admins.length === 1) return "last_admin";
      await tx.query("DELETE FROM admin_users WHERE lower(email) = lower($1)", [email]);
      return "removed";
    });
  }

  async removeEnvironmentAdminsExcept(email: string): Promise<string[]> {
    const rows = await this.#sql.query<{ email: string }>(
      `DELETE FROM admin_users WHERE source = 'environment' AND lower(email) <> lower($1)
       RETURNING email`,
      [email],
    );
    return rows.map((r) => r.email).sort();
  }

  async createCustomer(
    account: { username: string; email: string; passwordHash: string },
  ): Promise<RegisterOutcome> {
    const rows = await this.#sql.query<{ id: number; username: string; email: string }>(
      `INSERT INTO customer_accounts (username, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id, username, email`,
      [account.username, account.email, account.passwordHash],
    );
    if (rows.length > 0) {
      const { id, username, email } = rows[0];
      return { kind: "created", account: { id, username, email } };
    }
    const [taken] = await this.#sql.query<{ username: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM customer_accounts WHERE lower(username) = lower($1))
         AS username`,
      [account.username],
    );
    return { kind: "taken", field: taken.username ? "username" : "email" };
  }
}
