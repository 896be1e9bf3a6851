/**
 * E-mail confirmation links in memory, with the database's rules
 * (adapters/email_verification_contract_test.ts runs one contract against every adapter).
 * Confirming reads the account from `accounts` and joins the guest orders of `orders`,
 * all within one turn of the event loop, as atomic as the database's transaction.
 */
import type {
  AccountRepository,
  EmailConfirmed,
  EmailVerification,
  EmailVerificationStore,
} from "../../ports.ts";
import { guestOrderEmail } from "../email_verification.ts";

/** The orders a confirmation joins: MemoryOrderRepository's `joinGuestOrders`. */
export interface GuestOrderJoin {
  joinGuestOrders(userId: number, email: string): number[];
}

/** The accounts' customers as MemoryAccounts keeps them (read at once, without awaiting). */
export interface CustomerList {
  readonly customers: readonly { id: number; email: string }[];
}

export class MemoryEmailVerifications implements EmailVerificationStore {
  readonly #links = new Map<string, EmailVerification & { used: boolean }>();
  readonly #verified = new Map<number, Date>();
  readonly #accounts: CustomerList & Pick<AccountRepository, "findCustomerById">;
  readonly #orders: GuestOrderJoin;

  constructor(
    accounts: CustomerList & Pick<AccountRepository, "findCustomerById">,
    orders: GuestOrderJoin,
  ) {
    this.#accounts = accounts;
    this.#orders = orders;
  }

  create(link: EmailVerification, now: Date): Promise<void> {
    for (const [hash, kept] of this.#links) {
      if (kept.accountId === link.accountId && (kept.used || kept.expiresAt <= now)) {
        this.#links.delete(hash);
      }
    }
    this.#links.set(link.tokenHash, { ...link, used: false });
    return Promise.resolve();
  }

  verifiedAt(accountId: number): Promise<Date | undefined> {
    return Promise.resolve(this.#verified.get(accountId));
  }

  confirm(tokenHash: string, now: Date): Promise<EmailConfirmed | undefined> {
    const link = this.#links.get(tokenHash);
    if (!link || link.used || link.expiresAt <= now) return Promise.resolve(undefined);
    const account = this.#accounts.customers.find((c) => c.id === link.accountId);
    if (!account || guestOrderEmail(account.email) !== guestOrderEmail(link.email)) {
      return Promise.resolve(undefined);
    }
    // Everything below happens before the first await: one use wins, nothing half-done.
    link.used = true;
    for (const [hash, kept] of this.#links) {
      if (kept.accountId === link.accountId && hash !== tokenHash) this.#links.delete(hash);
    }
    const firstTime = !this.#verified.has(account.id);
    if (firstTime) this.#verified.set(account.id, now);
    const joinedOrderIds = this.#orders.joinGuestOrders(account.id, account.email);
    return Promise.resolve({
      accountId: account.id,
      email: account.email,
      language: link.language,
      joinedOrderIds,
      firstTime,
    });
  }
}
