import type {
  AccountRepository,
  AdminAccount,
  AdminRole,
  AdminSource,
  AdminSummary,
  CustomerCredentials,
  CustomerProfile,
  DeliveryAddress,
  OwnerGuarded,
  RegisterOutcome,
} from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

interface AdminRow {
  id: number;
  email: string;
  password_hash: string;
  role: AdminRole;
}

const ADMIN_COLUMNS = "id, email, password_hash, role";

function adminFromRow(row: AdminRow): AdminAccount {
  return { id: row.id, email: row.email, passwordHash: row.password_hash, role: row.role };
}

/** Administrators and customer accounts; e-mails and usernames are unique ignoring case. */
export class PostgresAccountRepository implements AccountRepository {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async findAdminByEmail(email: string): Promise<AdminAccount | undefined> {
    const rows = await this.#sql.query<AdminRow>(
      `SELECT ${ADMIN_COLUMNS} FROM admin_users WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows.length > 0 ? adminFromRow(rows[0]) : undefined;
  }

  async findAdminById(id: number): Promise<AdminAccount | undefined> {
    const rows = await this.#sql.query<AdminRow>(
      `SELECT ${ADMIN_COLUMNS} FROM admin_users WHERE id = $1`,
      [id],
    );
    return rows.length > 0 ? adminFromRow(rows[0]) : undefined;
  }

  async inviteAdmin(
    email: string,
    role: AdminRole,
  ): Promise<{ kind: "invited"; admin: AdminAccount } | { kind: "taken" }> {
    const rows = await this.#sql.query<AdminRow>(
      `INSERT INTO admin_users (email, password_hash, source, role)
       VALUES ($1, '', 'invitation', $2)
       ON CONFLICT DO NOTHING RETURNING ${ADMIN_COLUMNS}`,
      [email, role],
    );
    return rows.length > 0 ? { kind: "invited", admin: adminFromRow(rows[0]) } : { kind: "taken" };
  }

  async upsertAdmin(
    email: string,
    passwordHash: string,
    source: AdminSource = "environment",
  ): Promise<AdminAccount> {
    // Whoever the environment or the task names is an owner: they keep the shop running.
    const [row] = await this.#sql.query<AdminRow>(
      `INSERT INTO admin_users (email, password_hash, source, role) VALUES ($1, $2, $3, 'owner')
       ON CONFLICT ((lower(email))) DO UPDATE
         SET password_hash = excluded.password_hash, source = excluded.source, role = 'owner'
       RETURNING ${ADMIN_COLUMNS}`,
      [email, passwordHash, source],
    );
    return adminFromRow(row);
  }

  async setAdminSource(email: string, source: AdminSource): Promise<boolean> {
    const rows = await this.#sql.query(
      "UPDATE admin_users SET source = $2 WHERE lower(email) = lower($1) RETURNING id",
      [email, source],
    );
    return rows.length > 0;
  }

  async countAdmins(): Promise<number> {
    const [row] = await this.#sql.query<{ n: number }>("SELECT count(*) AS n FROM admin_users");
    return Number(row.n);
  }

  async listAdmins(): Promise<AdminSummary[]> {
    const rows = await this.#sql.query<
      {
        id: number;
        email: string;
        role: AdminRole;
        invited: boolean;
        source: AdminSource;
        created_at: Date | string;
      }
    >(
      `SELECT id, email, role, password_hash = '' AS invited, source, created_at
       FROM admin_users ORDER BY created_at, id`,
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      state: row.invited ? "invited" : "active",
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

  removeAdmin(email: string): Promise<OwnerGuarded<"removed">> {
    return this.#removeWhere("lower(email) = lower($1)", email);
  }

  removeAdminById(id: number): Promise<OwnerGuarded<"removed">> {
    return this.#removeWhere("id = $1", id);
  }

  /**
   * Removes the admin `match` names unless it is the last owner. The owners' rows are
   * locked first, in id order: of two removals (or a removal and a demotion) at once, the
   * second waits, then finds the owners as the first left them (READ COMMITTED re-reads a
   * locked row: one deleted or made staff meanwhile is no longer an owner).
   */
  #removeWhere(match: string, value: string | number): Promise<OwnerGuarded<"removed">> {
    return this.#sql.transaction(async (tx) => {
      const owners = await tx.query<{ id: number }>(
        "SELECT id FROM admin_users WHERE role = 'owner' ORDER BY id FOR UPDATE",
      );
      const [target] = await tx.query<{ id: number; role: AdminRole }>(
        `SELECT id, role FROM admin_users WHERE ${match} FOR UPDATE`,
        [value],
      );
      if (!target) return "not_found";
      if (target.role === "owner" && owners.every((o) => o.id === target.id)) return "last_owner";
      await tx.query("DELETE FROM admin_users WHERE id = $1", [target.id]);
      return "removed";
    });
  }

  setAdminRole(id: number, role: AdminRole): Promise<OwnerGuarded<"changed" | "unchanged">> {
    return this.#sql.transaction(async (tx) => {
      const owners = await tx.query<{ id: number }>(
        "SELECT id FROM admin_users WHERE role = 'owner' ORDER BY id FOR UPDATE",
      );
      const [target] = await tx.query<{ role: AdminRole }>(
        "SELECT role FROM admin_users WHERE id = $1 FOR UPDATE",
        [id],
      );
      if (!target) return "not_found";
      if (target.role === role) return "unchanged";
      if (target.role === "owner" && owners.every((o) => o.id === id)) return "last_owner";
      await tx.query("UPDATE admin_users SET role = $2 WHERE id = $1", [id, role]);
      return "changed";
    });
  }

  async clearAdminPassword(id: number): Promise<boolean> {
    const rows = await this.#sql.query(
      "UPDATE admin_users SET password_hash = '' WHERE id = $1 RETURNING id",
      [id],
    );
    return rows.length > 0;
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
    // Names are display names (migrations/0013): only the e-mail is unique.
    const rows = await this.#sql.query<{ id: number; username: string; email: string }>(
      `INSERT INTO customer_accounts (username, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id, username, email`,
      [account.username, account.email, account.passwordHash],
    );
    if (rows.length > 0) {
      const { id, username, email } = rows[0];
      return { kind: "created", account: { id, username, email } };
    }
    return { kind: "taken", field: "email" };
  }

  async findCustomerByEmail(email: string): Promise<CustomerCredentials | undefined> {
    const rows = await this.#sql.query<
      { id: number; username: string; email: string; password_hash: string }
    >(
      `SELECT id, username, email, password_hash FROM customer_accounts
       WHERE lower(email) = lower($1)`,
      [email],
    );
    if (rows.length === 0) return undefined;
    const { id, username, email: stored, password_hash } = rows[0];
    return { id, username, email: stored, passwordHash: password_hash };
  }

  async findCustomerById(id: number): Promise<CustomerProfile | undefined> {
    const rows = await this.#sql.query<
      { id: number; username: string; email: string; address: unknown }
    >("SELECT id, username, email, address FROM customer_accounts WHERE id = $1", [id]);
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      address: readAddress(row.address),
    };
  }

  async setCustomerPassword(id: number, passwordHash: string): Promise<boolean> {
    const rows = await this.#sql.query(
      "UPDATE customer_accounts SET password_hash = $2 WHERE id = $1 RETURNING id",
      [id, passwordHash],
    );
    return rows.length > 0;
  }

  async saveCustomerAddress(id: number, address: DeliveryAddress): Promise<boolean> {
    const stored = {
      name: address.name,
      phone: address.phone,
      address: address.address,
      postalCode: address.postalCode,
      province: address.province,
      district: address.district,
      area: address.area,
    };
    const rows = await this.#sql.query(
      "UPDATE customer_accounts SET address = $2::text::jsonb WHERE id = $1 RETURNING id",
      [id, JSON.stringify(stored)],
    );
    return rows.length > 0;
  }
}

/** The stored address, whichever engine parsed the JSON (or left it as text). */
function readAddress(value: unknown): DeliveryAddress | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  const a = parsed as Record<string, unknown>;
  return {
    name: String(a.name ?? ""),
    phone: String(a.phone ?? ""),
    address: String(a.address ?? ""),
    postalCode: String(a.postalCode ?? ""),
    province: Number(a.province),
    district: Number(a.district),
    area: Number(a.area),
  };
}
