/** The accounts' ports: admins and customers, password hashing, shared rate limits. */
import type { AdminRole } from "./admin_roles.ts";
import type { Locale } from "../i18n/language.ts";

export type { AdminRole, AdminTask } from "./admin_roles.ts";

export interface AdminAccount {
  id: number;
  email: string;
  /** Empty while an invited admin has not set a password yet: no password opens it. */
  passwordHash: string;
  role: AdminRole;
}

/**
 * Who manages an admin: ADMIN_EMAIL at start, `deno task admin`, or an owner who invited
 * them from the admin area.
 */
export type AdminSource = "environment" | "task" | "invitation";

/** An admin who has not set a password yet is `invited`; one who has, `active`. */
export type AdminState = "invited" | "active";

export interface AdminSummary {
  id: number;
  email: string;
  role: AdminRole;
  state: AdminState;
  source: AdminSource;
  createdAt: Date;
}

/** What a change that could leave the shop without an owner answers. */
export type OwnerGuarded<T extends string> = T | "not_found" | "last_owner";

export interface CustomerAccount {
  id: number;
  username: string;
  email: string;
}

/** A customer with the hash their password is checked against. */
export interface CustomerCredentials extends CustomerAccount {
  passwordHash: string;
}

/**
 * The default delivery address a customer keeps to prefill checkout: province, district
 * and area are the ids of GET /api/locations.
 */
export interface DeliveryAddress {
  name: string;
  phone: string;
  address: string;
  postalCode: string;
  province: number;
  district: number;
  area: number;
}

/** What a customer sees of their own account. */
export interface CustomerProfile extends CustomerAccount {
  address: DeliveryAddress | null;
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
  /** Says who manages an existing admin, its password unchanged; false when there is none. */
  setAdminSource(email: string, source: AdminSource): Promise<boolean>;
  /**
   * Removes an admin; the last owner stays, so the shop can always be administered. Two
   * removals at once never leave it without an owner (one transaction, owners locked).
   */
  removeAdmin(email: string): Promise<OwnerGuarded<"removed">>;
  findAdminById(id: number): Promise<AdminAccount | undefined>;
  /**
   * Adds an admin of `role` with no password yet (state `invited`, source `invitation`):
   * a link sets it. `taken` when an admin has this e-mail, whatever its case.
   */
  inviteAdmin(
    email: string,
    role: AdminRole,
  ): Promise<{ kind: "invited"; admin: AdminAccount } | { kind: "taken" }>;
  /** Removes the admin with this id, under the same rule as removeAdmin. */
  removeAdminById(id: number): Promise<OwnerGuarded<"removed">>;
  /**
   * Gives an admin a role: `unchanged` when it had it already; the last owner is never
   * made staff, also by two changes at once (one transaction, owners locked).
   */
  setAdminRole(id: number, role: AdminRole): Promise<OwnerGuarded<"changed" | "unchanged">>;
  /** Takes an admin's password away (state `invited` again); false when there is none. */
  clearAdminPassword(id: number): Promise<boolean>;
  /** Removes the admins the environment named other than `email`; their e-mails. */
  removeEnvironmentAdminsExcept(email: string): Promise<string[]>;
  createCustomer(
    account: { username: string; email: string; passwordHash: string },
  ): Promise<RegisterOutcome>;
  findCustomerByEmail(email: string): Promise<CustomerCredentials | undefined>;
  findCustomerById(id: number): Promise<CustomerProfile | undefined>;
  /** Sets a customer's password; false when there is no such customer. */
  setCustomerPassword(id: number, passwordHash: string): Promise<boolean>;
  /** Keeps a customer's default delivery address; false when there is no such customer. */
  saveCustomerAddress(id: number, address: DeliveryAddress): Promise<boolean>;
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
  /** Takes back one event counted under `key` at `at` (an attempt that turned out right). */
  release(key: string, at: Date): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** Whose account a session or a reset link belongs to: the two kinds live in two tables. */
export type AccountRole = "admin" | "customer";

/** One signed-in token's record: the token names `id`, the shop checks it on each request. */
export interface Session {
  id: string;
  role: AccountRole;
  accountId: number;
  expiresAt: Date;
  /**
   * An admin's session: the admin role it was opened with. It is honoured only while the
   * account has that role (a store that can see the accounts checks it on every `find`).
   */
  adminRole?: AdminRole;
}

/**
 * The sessions behind the bearer tokens, shared by every process of the shop. A token is
 * honoured only while its session is here and not expired: logging out ends one session,
 * a new password ends all of an account's.
 */
export interface SessionStore {
  /** Keeps a new session; the account's expired sessions may be dropped meanwhile. */
  open(session: Session, now: Date): Promise<void>;
  /** The session when it exists and `now` is before its expiry; undefined otherwise. */
  find(id: string, now: Date): Promise<Session | undefined>;
  /** Ends one session (nothing happens when it is already gone). */
  end(id: string): Promise<void>;
  /** Ends every session of one account; how many there were. */
  endAll(role: AccountRole, accountId: number): Promise<number>;
}

/** A password reset link as the shop keeps it: only the SHA-256 of its secret. */
export interface PasswordReset {
  tokenHash: string;
  role: AccountRole;
  accountId: number;
  expiresAt: Date;
}

/** Password reset links: each works once, until it expires. */
export interface PasswordResetStore {
  /** Keeps a new link; the account's used and expired links may be dropped meanwhile. */
  create(reset: PasswordReset, now: Date): Promise<void>;
  /**
   * Whose account the link with this hash opens, when it is unused and `now` is before its
   * expiry; undefined otherwise. Looking spends nothing: the link stays unused.
   */
  find(
    tokenHash: string,
    now: Date,
  ): Promise<{ role: AccountRole; accountId: number } | undefined>;
  /**
   * Uses the link and sets its account's password to `passwordHash`, both or neither (one
   * transaction), and answers whose account it was; undefined, with nothing set, when the
   * link is unknown, used or expired by `now` (or its account is gone). Two uses at once:
   * only one sets a password. The hash is made before: a failure making it spends nothing.
   */
  use(
    tokenHash: string,
    now: Date,
    passwordHash: string,
  ): Promise<{ role: AccountRole; accountId: number } | undefined>;
  /** Ends every link of one account (its password was just set). */
  endAll(role: AccountRole, accountId: number): Promise<void>;
}

/**
 * A link that confirms a customer's e-mail address, as the shop keeps it: only the SHA-256
 * of its secret, the address it confirms and the language its mails are written in.
 */
export interface EmailVerification {
  tokenHash: string;
  accountId: number;
  email: string;
  language: Locale;
  expiresAt: Date;
}

/** What confirming an address did. */
export interface EmailConfirmed {
  accountId: number;
  email: string;
  language: Locale;
  /** The guest orders under the same address now in the account, oldest first. */
  joinedOrderIds: number[];
  /** True only the first time the account's address is confirmed: the welcome mail goes then. */
  firstTime: boolean;
}

/**
 * The links that confirm customers' e-mail addresses, and what a confirmation does: the
 * orders placed earlier as a guest with the same address (trimmed, any case) join the
 * account, never before, since anyone may register with someone else's address.
 */
export interface EmailVerificationStore {
  /** Keeps a new link; the account's used and expired links may be dropped meanwhile. */
  create(link: EmailVerification, now: Date): Promise<void>;
  /** When the customer's address was confirmed; undefined while it is not (or no such account). */
  verifiedAt(accountId: number): Promise<Date | undefined>;
  /**
   * Uses the link: marks the account's address confirmed, joins its guest orders, ends the
   * account's other links, all or nothing (one transaction). Undefined, with nothing changed,
   * when the link is unknown, used or expired by `now`, or the account no longer has the
   * address it confirms. Two uses at once: one confirms, the other is refused.
   */
  confirm(tokenHash: string, now: Date): Promise<EmailConfirmed | undefined>;
}
