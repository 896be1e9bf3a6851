/**
 * The kinds of mail about an order, apart from the mails' model so that the order rules
 * that name them (status.ts, plans.ts, payment.ts) import nothing of the mails' facts.
 */

/** The mails about an order; `shop_` mails go to the shop, the others to the customer. */
export const MAIL_KINDS = [
  "order_placed",
  "order_completed",
  "order_rejected",
  "order_lapsed",
  "payment_received",
  "order_refunded",
  "slip_refused",
  "order_link",
  "shop_order_placed",
  "shop_proof_uploaded",
] as const;

/** What a mail about an order is about. */
export type MailKind = typeof MAIL_KINDS[number];

/**
 * The shop's notices sent as a digest: each waits until the end of its window
 * (`SLIP_DIGEST_MINUTES`), and all due together go out as one mail naming every order.
 */
export const DIGEST_MAIL_KINDS = ["shop_proof_uploaded"] as const satisfies readonly MailKind[];

/**
 * The shop's notices that go one mail each until they flood, then as a digest a window
 * (domain/notifications/message_budget.ts: `ownerOrderMailsPerHour`).
 */
export const FLOOD_DIGEST_KINDS = ["shop_order_placed"] as const satisfies readonly MailKind[];

/**
 * The mail of a back-in-stock request (domain/stock_alerts): it names its request, as an
 * order mail names its order, and is read from it when sent.
 */
export const BACK_IN_STOCK_KIND = "back_in_stock" as const;
