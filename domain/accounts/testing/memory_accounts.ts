/**
 * Accounts in memory, with the same rules as the database (e-mails and usernames unique
 * whatever their case, the last owner kept): adapters/account_repository_contract_test.ts
 * runs the same contract against both. A double for tests that need no database.
 */
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
  PasswordHasher,
  RegisterOutcome,
} from "../../ports.ts";

interface StoredAdmin extends AdminAccount {
  source: AdminSource;
  createdAt: Date;
}

function account({ id, email, passwordHash, role }: StoredAdmin): AdminAccount {
  return { id, email, passwordHash, role };
}

interface StoredCustomer {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  address: DeliveryAddress | null;
}

/** Accounts in memory, with the same uniqueness rules as the database (case-insensitive). */
export class MemoryAccounts implements AccountRepository {
  readonly admins: StoredAdmin[] = [];
  readonly customers: StoredCustomer[] = [];
  #nextId = 1;

  /** The admin accounts by the columns SQL keeps them in, for the audit trail. */
  auditRows(): { admin: Map<number, Record<string, unknown>> } {
    return {
      admin: new Map(this.admins.map((a) => [a.id, {
        email: a.email,
        password_hash: a.passwordHash,
        source: a.source,
      }])),
    };
  }

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
      existing.role = "owner";
      return Promise.resolve(account(existing));
    }
    const admin: StoredAdmin = {
      id: this.#nextId++,
      email,
      passwordHash,
      role: "owner",
      source,
      createdAt: new Date(),
    };
    this.admins.push(admin);
    return Promise.resolve(account(admin));
  }

  findAdminById(id: number): Promise<AdminAccount | undefined> {
    const found = this.admins.find((a) => a.id === id);
    return Promise.resolve(found && account(found));
  }

  inviteAdmin(
    email: string,
    role: AdminRole,
  ): Promise<{ kind: "invited"; admin: AdminAccount } | { kind: "taken" }> {
    if (this.admins.some((a) => a.email.toLowerCase() === email.toLowerCase())) {
      return Promise.resolve({ kind: "taken" });
    }
    const admin: StoredAdmin = {
      id: this.#nextId++,
      email,
      passwordHash: "",
      role,
      source: "invitation",
      createdAt: new Date(),
    };
    this.admins.push(admin);
    return Promise.resolve({ kind: "invited", admin: account(admin) });
  }

  removeAdminById(id: number): Promise<OwnerGuarded<"removed">> {
    return Promise.resolve(this.#remove(this.admins.findIndex((a) => a.id === id)));
  }

  #isLastOwner(admin: StoredAdmin): boolean {
    return admin.role === "owner" &&
      this.admins.every((a) => a.role !== "owner" || a.id === admin.id);
  }

  #remove(index: number): OwnerGuarded<"removed"> {
    if (index < 0) return "not_found";
    if (this.#isLastOwner(this.admins[index])) return "last_owner";
    this.admins.splice(index, 1);
    return "removed";
  }

  setAdminRole(id: number, role: AdminRole): Promise<OwnerGuarded<"changed" | "unchanged">> {
    const admin = this.admins.find((a) => a.id === id);
    if (!admin) return Promise.resolve("not_found");
    if (admin.role === role) return Promise.resolve("unchanged");
    if (this.#isLastOwner(admin)) return Promise.resolve("last_owner");
    admin.role = role;
    return Promise.resolve("changed");
  }

  clearAdminPassword(id: number): Promise<boolean> {
    const admin = this.admins.find((a) => a.id === id);
    if (admin) admin.passwordHash = "";
    return Promise.resolve(admin !== undefined);
  }

  setAdminSource(email: string, source: AdminSource): Promise<boolean> {
    const admin = this.admins.find((a) => a.email.toLowerCase() === email.toLowerCase());
    if (admin) admin.source = source;
    return Promise.resolve(admin !== undefined);
  }

  countAdmins(): Promise<number> {
    return Promise.resolve(this.admins.length);
  }

  listAdmins(): Promise<AdminSummary[]> {
    return Promise.resolve(
      this.admins.map(({ id, email, role, passwordHash, source, createdAt }) => ({
        id,
        email,
        role,
        state: passwordHash === "" ? "invited" : "active",
        source,
        createdAt,
      })),
    );
  }

  setAdminPassword(email: string, passwordHash: string): Promise<boolean> {
    const found = this.admins.find((a) => a.email.toLowerCase() === email.toLowerCase());
    if (found) found.passwordHash = passwordHash;
    return Promise.resolve(found !== undefined);
  }

  removeAdmin(email: string): Promise<OwnerGuarded<"removed">> {
    const wanted = email.toLowerCase();
    return Promise.resolve(
      this.#remove(this.admins.findIndex((a) => a.email.toLowerCase() === wanted)),
    );
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
    if (this.customers.some((c) => lower(c.email) === lower(account.email))) {
      return Promise.resolve({ kind: "taken", field: "email" });
    }
    const stored = { id: this.#nextId++, ...account, address: null };
    this.customers.push(stored);
    return Promise.resolve({
      kind: "created",
      account: { id: stored.id, username: stored.username, email: stored.email },
    });
  }

  findCustomerByEmail(email: string): Promise<CustomerCredentials | undefined> {
    const found = this.customers.find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (!found) return Promise.resolve(undefined);
    const { id, username, email: stored, passwordHash } = found;
    return Promise.resolve({ id, username, email: stored, passwordHash });
  }

  findCustomerById(id: number): Promise<CustomerProfile | undefined> {
    const found = this.customers.find((c) => c.id === id);
    if (!found) return Promise.resolve(undefined);
    const address = found.address && { ...found.address };
    return Promise.resolve({ id, username: found.username, email: found.email, address });
  }

  setCustomerPassword(id: number, passwordHash: string): Promise<boolean> {
    const found = this.customers.find((c) => c.id === id);
    if (found) found.passwordHash = passwordHash;
    return Promise.resolve(found !== undefined);
  }

  saveCustomerAddress(id: number, address: DeliveryAddress): Promise<boolean> {
    const found = this.customers.find((c) => c.id === id);
    if (found) found.address = { ...address };
    return Promise.resolve(found !== undefined);
  }
}

/** A hasher for rules that only need hashes to differ from passwords: never for real use. */
export function plainHasher(): PasswordHasher {
  return {
    hash: (password) => Promise.resolve(`plain:${[...password].reverse().join("")}`),
    verify: (password, hash) =>
      Promise.resolve(hash === `plain:${[...password].reverse().join("")}`),
  };
}
