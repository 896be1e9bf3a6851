/** In-memory doubles for the auth tests: a settable clock, accounts and a fast hasher. */
import type {
  AccountRepository,
  AdminAccount,
  AdminSource,
  AdminSummary,
  Clock,
  PasswordHasher,
  RegisterOutcome,
} from "../../../domain/ports.ts";
import { ScryptPasswordHasher } from "../../../adapters/security/scrypt_hasher.ts";

/** A clock that stands still until moved. */
export class FakeClock implements Clock {
  #ms: number;
  constructor(start = "2026-03-01T10:00:00.000Z") {
    this.#ms = Date.parse(start);
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/** A 32-byte secret filled with one value. */
export function testSecret(fill = 7): Uint8Array {
  return new Uint8Array(32).fill(fill);
}

/** Real scrypt at a cost low enough for tests. */
export function cheapHasher(): PasswordHasher {
  return new ScryptPasswordHasher({ params: { N: 2 ** 10, r: 8, p: 1 } });
}

interface StoredAdmin extends AdminAccount {
  source: AdminSource;
  createdAt: Date;
}

function account({ id, email, passwordHash }: StoredAdmin): AdminAccount {
  return { id, email, passwordHash };
}

interface StoredCustomer {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
}

/** Accounts in memory, with the same uniqueness rules as the database (case-insensitive). */
export class MemoryAccounts implements AccountRepository {
  readonly admins: StoredAdmin[] = [];
  readonly customers: StoredCustomer[] = [];
  #nextId = 1;

  findAdminByEmail(email: string): Promise<AdminAccount | undefined> {
    const wanted = email.toLowerCase();
    const found = this.admins.find((a) => a.email.toLowerCase() === wanted);
    return Promise.resolve(found && account(found));
  }

  upsertAdmin(
    email: string,
    passwordHash: string,
    source: AdminSource = "environment",
  ): Promise<AdminAccount> {
    const wanted = email.toLowerCase();
    const existing = this.admins.find((a) => a.email.toLowerCase() === wanted);
    if (existing) {
      existing.passwordHash = passwordHash;
      existing.source = source;
      return Promise.resolve(account(existing));
    }
    const admin = { id: this.#nextId++, email, passwordHash, source, createdAt: new Date() };
    this.admins.push(admin);
    return Promise.resolve(account(admin));
  }

  countAdmins(): Promise<number> {
    return Promise.resolve(this.admins.length);
  }

  listAdmins(): Promise<AdminSummary[]> {
    return Promise.resolve(
      this.admins.map(({ id, email, source, createdAt }) => ({ id, email, source, createdAt })),
    );
  }

  setAdminPassword(email: string, passwordHash: string): Promise<boolean> {
    const found = this.admins.find((a) => a.email.toLowerCase() === email.toLowerCase());
    if (found) found.passwordHash = passwordHash;
    return Promise.resolve(found !== undefined);
  }

  removeAdmin(email: string): Promise<"removed" | "not_found" | "last_admin"> {
    const index = this.admins.findIndex((a) => a.email.toLowerCase() === email.toLowerCase());
    if (index < 0) return Promise.resolve("not_found");
    if (this.admins.length === 1) return Promise.resolve("last_admin");
    this.admins.splice(index, 1);
    return Promise.resolve("removed");
  }

  removeEnvironmentAdminsExcept(email: string): Promise<string[]> {
    const gone = this.admins.filter((a) =>
      a.source === "environment" && a.email.toLowerCase() !== email.toLowerCase()
    );
    for (const admin of gone) this.admins.splice(this.admins.indexOf(admin), 1);
    return Promise.resolve(gone.map((a) => a.email).sort());
  }

  createCustomer(
    account: { username: string; email: string; passwordHash: string },
  ): Promise<RegisterOutcome> {
    const lower = (s: string) => s.toLowerCase();
    if (this.customers.some((c) => lower(c.username) === lower(account.username))) {
      return Promise.resolve({ kind: "taken", field: "username" });
    }
    if (this.customers.some((c) => lower(c.email) === lower(account.email))) {
      return Promise.resolve({ kind: "taken", field: "email" });
    }
    const stored = { id: this.#nextId++, ...account };
    this.customers.push(stored);
    return Promise.resolve({
      kind: "created",
      account: { id: stored.id, username: stored.username, email: stored.email },
    });
  }
}
