/**
 * Password reset links in memory, with the database's rules
 * (adapters/password_reset_store_contract_test.ts runs one contract against both).
 */
import type { AccountRole, PasswordReset, PasswordResetStore } from "../../ports.ts";

export class MemoryPasswordResets implements PasswordResetStore {
  readonly #links = new Map<string, PasswordReset & { used: boolean }>();

  create(reset: PasswordReset, _now: Date): Promise<void> {
    this.#links.set(reset.tokenHash, { ...reset, used: false });
    return Promise.resolve();
  }

  consume(
    tokenHash: string,
    now: Date,
  ): Promise<{ role: AccountRole; accountId: number } | undefined> {
    const link = this.#links.get(tokenHash);
    if (!link || link.used || link.expiresAt <= now) return Promise.resolve(undefined);
    link.used = true;
    return Promise.resolve({ role: link.role, accountId: link.accountId });
  }

  endAll(role: AccountRole, accountId: number): Promise<void> {
    for (const [hash, link] of this.#links) {
      if (link.role === role && link.accountId === accountId) this.#links.delete(hash);
    }
    return Promise.resolve();
  }
}
