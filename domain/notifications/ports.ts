/**
 * The notification ports: the transactional outbox, the mail renderer and the mailer, the
 * SMS renderer and sender.
 */
import type { AccountMail, MailMessage } from "./mail.ts";
import type { SmsKind } from "./sms_kinds.ts";
import type { AccountMailKind } from "./account_mail.ts";
import type {
  BACK_IN_STOCK_KIND,
  DIGEST_MAIL_KINDS,
  FLOOD_DIGEST_KINDS,
  MailKind,
} from "./mail_kinds.ts";

/** A kind of the shop's notices sent as a digest, always or while they flood. */
export type DigestMailKind =
  | typeof DIGEST_MAIL_KINDS[number]
  | typeof FLOOD_DIGEST_KINDS[number];

export {
  BACK_IN_STOCK_KIND,
  DIGEST_MAIL_KINDS,
  FLOOD_DIGEST_KINDS,
  MAIL_KINDS,
  type MailKind,
} from "./mail_kinds.ts";
export type {
  AccountMail,
  BackInStockMail,
  Mail,
  MailMessage,
  MailRenderer,
  OrderMail,
  ShopDigestMail,
} from "./mail.ts";
export type { AccountMailKind } from "./account_mail.ts";
export type { OutboxChannel, OutboxChannels, OutboxItem, SmsKind, SmsPolicy } from "./sms_kinds.ts";
export type { SmsMessage, SmsNotice, SmsRenderer, SmsSender } from "./sms.ts";

/**
 * A mail or a text waiting in the outbox. A mail about an order names the order: its facts
 * are read when it is sent. An account mail belongs to no order and carries its stored
 * facts (see `readStoredAccountMail`). A text (`channel: "sms"`) names its order and the
 * mail kind it goes beside (sms_kinds.ts); it is decided from the order when sent too.
 */
export type OutboxEntry =
  & {
    id: number;
    attempts: number;
    /**
     * The entry's own Message-ID (without the brackets and host), kept with it from the
     * start: every attempt sends the same, so a mail server or a mail client recognises a
     * resend after a lost acknowledgement as the mail it already has.
     */
    messageId: string;
    /**
     * An earlier attempt was under way (marked sending) and never marked sent or failed:
     * the mail may have gone out already, so this one is a resend.
     */
    resend: boolean;
  }
  & (
    | { channel: "mail"; kind: MailKind; orderId: number }
    | { channel: "mail"; kind: AccountMailKind; payload: unknown }
    | { channel: "sms"; kind: SmsKind; orderId: number }
    | { channel: "mail"; kind: typeof BACK_IN_STOCK_KIND; stockRequestId: number }
  );

/**
 * The transactional outbox. Order mails (and, when SMS is on, their texts) are written by
 * OrderRepository in the order's own transaction, account mails by `enqueue`; the
 * dispatcher claims due entries of both channels (safe across several server processes),
 * marks each sending, sends it and marks it sent or failed.
 */
export interface Outbox {
  /** Puts an account mail in the outbox, due at once. */
  enqueue(mail: AccountMail): Promise<void>;
  /**
   * Claims up to `limit` due entries for `leaseMs`; another process will not claim them
   * meanwhile. Entries of a digest kind (`DIGEST_MAIL_KINDS`) are left to `claimDigest`.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  /**
   * Claims every due entry of the digest kind `kind` (up to a few hundred) for `leaseMs`:
   * they go out together as one mail.
   */
  claimDigest(now: Date, kind: DigestMailKind, leaseMs: number): Promise<OutboxEntry[]>;
  /**
   * Records that the entry is being sent now, before the mail server is called: a claim
   * found later with this mark and no outcome is a possible resend (`resend`).
   */
  markSending(id: number, at: Date): Promise<void>;
  /** Retires an entry for good; an account mail's facts (a reset link) are forgotten. */
  markSent(id: number, at: Date): Promise<void>;
  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  /**
   * Leaves an entry for later without counting a failed attempt: a budget of the day is used
   * up, or a notice waits for its digest. `reason` is kept on the entry.
   */
  markWaiting(id: number, reason: string, nextAttemptAt: Date): Promise<void>;
}

/** Sends a rendered mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
