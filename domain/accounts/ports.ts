/** The accounts' ports: admins and customers, password hashing, shared rate limits. */

export interface AdminAccount {
  id: number;
  email: string;
  passwordHash: string;
}

/** Who manages an admin: ADMIN_EMAIL at start, or `deno task admin`. */
export type AdminSource = "environment" | "task";

export interface AdminSummary {
  id: number;
  email: string;
  source: AdminSource;
  createdAt: Date;
}

export interface CustomerAccount {
  id: number;
  username: string;
  email: string;
}

export type RegisterOutcome =
  | { kind: "created"; account: CustomerAccount }
  | { kind: "taken"; field: "username" | "email" };

export interface AccountRepository {
  findAdminByEmail(email: string): Promise<AdminAccount | undefined>;
  /**
   * Creates the admin, or sets the password of the one with this e-mail; `source` (by
   * default "environment") says who manages it from now on.
   */
  upsertAdmin(email: string, passwordHash: string, source?: AdminSource): Promise<AdminAccount>;
  countAdmins(): Promise<number>;
  /** Every admin, oldest first, without password hashes. */
  listAdmins(): Promise<AdminSummary[]>;
  /** Sets the password of an existing admin; false when there is none with this e-mail. */
  setAdminPassword(email: string, passwordHash: string): Promise<boolean>;
  /** Removes an admin; the last one stays, so the shop can always be administered. */
  removeAdmin(email: string): Promise<"removed" | "not_found" | "last_admin">;
  /** Removes the admins the environment named other than `email`; their e-mails. */
  removeEnvironmentAdminsExcept(email: string): Promise<string[]>;
  createCustomer(
    account: { username: string; email: string; passwordHash: string },
  ): Promise<RegisterOutcome>;
}

/** One key of a limit: at most `limit` events in any `windowMs`. */
export interface LimitedKey {
  key: string;
  limit: number;
  windowMs: number;
}

export type LimitOutcome =
  | { allowed: true }
  /** `key` is the first key that is full; it frees up in `retryAfterSeconds`. */
  | { allowed: false; key: string; retryAfterSeconds: number };

/**
 * Sliding-window counts shared by every process of the shop. An event is counted under
 * all its keys, or, when any key is full, under none.
 */
export interface RateLimitStore {
  hit(keys: readonly LimitedKey[], now: Date): Promise<LimitOutcome>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
