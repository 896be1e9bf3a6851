/** The mail ports: the transactional outbox, the mail renderer and the mailer. */
import type { AccountMail, MailMessage } from "./mail.ts";
import type { AccountMailKind } from "./account_mail.ts";
import type { MailKind } from "./mail_kinds.ts";

export { MAIL_KINDS, type MailKind } from "./mail_kinds.ts";
export type { AccountMail, Mail, MailMessage, MailRenderer, OrderMail } from "./mail.ts";
export type { AccountMailKind } from "./account_mail.ts";

/**
 * A mail waiting in the outbox. A mail about an order names the order: its facts are read
 * when it is sent. An account mail belongs to no order and carries its stored facts
 * (see `readStoredAccountMail`).
 */
export type OutboxEntry =
  | { id: number; attempts: number; kind: MailKind; orderId: number }
  | { id: number; attempts: number; kind: AccountMailKind; payload: unknown };

/**
 * The transactional outbox. Order mails are written by OrderRepository in the order's own
 * transaction, account mails by `enqueue`; the dispatcher claims due entries (safe across
 * several server processes), sends them and marks them.
 */
export interface Outbox {
  /** Puts an account mail in the outbox, due at once. */
  enqueue(mail: AccountMail): Promise<void>;
  /** Claims up to `limit` due entries for `leaseMs`; another process will not claim them meanwhile. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  /** Retires an entry for good; an account mail's facts (a reset link) are forgotten. */
  markSent(id: number, at: Date): Promise<void>;
  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
}

/** Sends a rendered mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
