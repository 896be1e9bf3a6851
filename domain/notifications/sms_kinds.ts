/**
 * Which mails about an order have a text message beside them, and what each text names.
 * Apart from the texts' model, like mail_kinds.ts, so that the order repositories that
 * write the outbox import nothing else of it.
 */
import type { MailKind } from "./mail_kinds.ts";

/**
 * What a text names besides the shop and the order number, as the order's breakdown has
 * it (domain/pricing/breakdown.ts): `total` the order total, `paid` the payments received,
 * `none` no amount; `tracking` adds the courier and tracking number when the order has them.
 */
export interface SmsPolicy {
  /** The catalogue key of its words (messages/*.json). */
  words: `sms.${string}`;
  amount: "total" | "paid" | "none";
  tracking: boolean;
}

/**
 * The customer's mails that also go as SMS, one entry each: adding an entry here is all a
 * new text needs in the domain (its words go in each catalogue; a test checks they are
 * there and fit two messages). The shop's own notices and the link asked for on /track
 * stay mail only.
 */
export const SMS_POLICIES = {
  order_placed: { words: "sms.placed", amount: "total", tracking: false },
  payment_received: { words: "sms.paid", amount: "paid", tracking: false },
  order_completed: { words: "sms.dispatched", amount: "none", tracking: true },
  order_rejected: { words: "sms.rejected", amount: "none", tracking: false },
  order_lapsed: { words: "sms.lapsed", amount: "none", tracking: false },
  order_refunded: { words: "sms.refunded", amount: "none", tracking: false },
  slip_refused: { words: "sms.slipRefused", amount: "none", tracking: false },
} as const satisfies Partial<Record<MailKind, SmsPolicy>>;

/** A mail kind that has a text beside it. */
export type SmsKind = keyof typeof SMS_POLICIES;

export const SMS_KINDS = Object.keys(SMS_POLICIES) as readonly SmsKind[];

/** Whether the mail kind has a text beside it. */
export function isSmsKind(kind: string): kind is SmsKind {
  return Object.hasOwn(SMS_POLICIES, kind);
}

/** How an outbox entry reaches the customer. */
export type OutboxChannel = "mail" | "sms";

/** One row an order's change writes to the outbox. */
export interface OutboxItem {
  channel: OutboxChannel;
  kind: MailKind;
}

/** What the outbox writers are told at construction: whether texts go out at all. */
export interface OutboxChannels {
  sms: boolean;
}

export const MAIL_ONLY: OutboxChannels = { sms: false };

/**
 * The outbox rows for a change's mails: each mail, and right after a mail of an SMS kind
 * its text when SMS is on. Written in the change's own transaction, so a text is sent
 * exactly when its change is kept, like its mail.
 *
 * @example outboxItems(["order_placed", "shop_order_placed"], { sms: true }) // mail order_placed, sms order_placed, mail shop_order_placed
 */
export function outboxItems(
  mails: readonly MailKind[],
  channels: OutboxChannels,
): OutboxItem[] {
  return mails.flatMap((kind): OutboxItem[] =>
    channels.sms && isSmsKind(kind)
      ? [{ channel: "mail", kind }, { channel: "sms", kind }]
      : [{ channel: "mail", kind }]
  );
}
