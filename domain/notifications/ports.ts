/** The mail ports: the transactional outbox and the mailer. */

export const MAIL_KINDS = [
  "order_placed",
  "order_completed",
  "order_rejected",
  "order_lapsed",
  "payment_received",
  "order_link",
  "shop_order_placed",
  "shop_proof_uploaded",
] as const;

/** What a mail in the outbox is about; `shop_` mails go to the shop, the others to the customer. */
export type MailKind = typeof MAIL_KINDS[number];

/** A mail waiting in the outbox. */
export interface OutboxEntry {
  id: number;
  kind: MailKind;
  orderId: number;
  attempts: number;
}

/**
 * The transactional outbox. Entries are written by OrderRepository in the order's own
 * transaction; the dispatcher claims due entries (safe across several server processes),
 * sends them and marks them.
 */
export interface Outbox {
  /** Claims up to `limit` due entries for `leaseMs`; another process will not claim them meanwhile. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  markSent(id: number, at: Date): Promise<void>;
  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
}

/** An e-mail message, rendered. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
