import type { AccountRepository, AdminAccount, RegisterOutcome } from "../../domain/ports.ts";
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

  async upsertAdmin(email: string, passwordHash: string): Promise<AdminAccount> {
    const [row] = await this.#sql.query<AdminRow>(
      `INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = excluded.password_hash
       RETURNING id, email, password_hash`,
      [email, passwordHash],
    );
    return adminFromRow(row);
  }

  async countAdmins(): Promise<number> {
    const [row] = await this.#sql.query<{ n: number }>("SELECT count(*) AS n FROM admin_users");
    return row.n;
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
