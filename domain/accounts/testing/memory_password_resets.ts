/**
 * Password reset links in memory, with the database's rules
 * (adapters/password_reset_store_contract_test.ts runs one contract against both). Using a
 * link sets the password of an account in the `accounts` it was given.
 */
import type {
  AccountRepository,
  AccountRole,
  PasswordReset,
  PasswordResetStore,
} from "../../ports.ts";
import { MemoryAccounts } from "./memory_accounts.ts";

type PasswordSetting = Pick<
  AccountRepository,
  "listAdmins" | "setAdminPassword" | "setCustomerPassword"
>;

export class MemoryPasswordResets implements PasswordResetStore {
  readonly #links = new Map<string, PasswordReset & { used: boolean }>();
  readonly #accounts: PasswordSetting;

  constructor(accounts: PasswordSetting = new MemoryAccounts()) {
    this.#accounts = accounts;
  }

  create(reset: PasswordReset, _now: Date): Promise<void> {
    this.#links.set(reset.tokenHash, { ...reset, used: false });
    return Promise.resolve();
  }

  find(
    tokenHash: string,
    now: Date,
  ): Promise<{ role: AccountRole; accountId: number } | undefined> {
    const link = this.#links.get(tokenHash);
    if (!link || link.used || link.expiresAt <= now) return Promise.resolve(undefined);
    return Promise.resolve({ role: link.role, accountId: link.accountId });
  }

  async use(
    tokenHash: string,
    now: Date,
    passwordHash: string,
  ): Promise<{ role: AccountRole; accountId: number } | undefined> {
    const link = this.#links.get(tokenHash);
    if (!link || link.used || link.expiresAt <= now) return undefined;
    // Marked before the first await, as the database's UPDATE locks the row: one use wins.
    link.used = true;
    const opened = { role: link.role, accountId: link.accountId };
    if (opened.role === "customer") {
      return await this.#accounts.setCustomerPassword(opened.accountId, passwordHash)
        ? opened
        : undefined;
    }
    const admin = (await this.#accounts.listAdmins()).find((a) => a.id === opened.accountId);
    return admin && await this.#accounts.setAdminPassword(admin.email, passwordHash)
      ? opened
      : undefined;
  }

  endAll(role: AccountRole, accountId: number): Promise<void> {
    for (const [hash, link] of this.#links) {
      if (link.role === role && link.accountId === accountId) this.#links.delete(hash);
    }
    return Promise.resolve();
  }
}
