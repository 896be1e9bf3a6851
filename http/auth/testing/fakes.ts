/** In-memory doubles for the auth tests: a settable clock, accounts and a fast hasher. */
import type {
  AccountRepository,
  AdminAccount,
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

interface StoredCustomer {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
}

/** Accounts in memory, with the same uniqueness rules as the database (case-insensitive). */
export class MemoryAccounts implements AccountRepository {
  readonly admins: AdminAccount[] = [];
  readonly customers: StoredCustomer[] = [];
  #nextId = 1;

  findAdminByEmail(email: string): Promise<AdminAccount | undefined> {
    const wanted = email.toLowerCase();
    return Promise.resolve(this.admins.find((a) => a.email.toLowerCase() === wanted));
  }

  upsertAdmin(email: string, passwordHash: string): Promise<AdminAccount> {
    const wanted = email.toLowerCase();
    const existing = this.admins.find((a) => a.email.toLowerCase() === wanted);
    if (existing) {
      existing.passwordHash = passwordHash;
      return Promise.resolve({ ...existing });
    }
    const admin = { id: this.#nextId++, email, passwordHash };
    this.admins.push(admin);
    return Promise.resolve({ ...admin });
  }

  countAdmins(): Promise<number> {
    return Promise.resolve(this.admins.length);
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
