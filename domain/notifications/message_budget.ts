/**
 * How much the shop may send, whoever makes it send: the bounds a day (in Sri Lanka) on
 * mails to one address and texts to one phone across every kind (orders, lapses, password
 * resets, look-ups, back-in-stock alerts, invitations), the shop's own texts a day, and the
 * owner's new-order notices an hour before they come as a digest. The owner decides them
 * (domain/settings); the dispatcher holds every message to them when it sends
 * (domain/orders/dispatch_budget.ts), so no trigger can go round them.
 *
 * The counts are rows of a store (`MessageBudgets`): a slot (a day, an hour, a digest
 * window), a key (an address, a phone, the shop) and how many were used. A new kind of
 * message or of budget is a new key, never a new column or CHECK constraint.
 */
import { colomboDayAt } from "../dates/colombo.ts";
import { nationalDigits } from "../orders/order_query.ts";

/** The bounds on what the shop sends. */
export interface MessageLimits {
  /** Mails to one address a day, every kind together; the owner's own address is exempt. */
  mailsPerAddress: number;
  /** Texts to one phone number a day, every kind together. */
  textsPerPhone: number;
  /** Texts the shop sends a day in all: past it, texts wait for the next day. */
  textsPerDay: number;
  /** New-order notices to the owner an hour, one a mail; past it they come as a digest. */
  ownerOrderMailsPerHour: number;
  /** How often the digest of new orders goes out while they flood, in minutes. */
  digestMinutes: number;
}

/**
 * The bounds unless the owner sets others: an honest shopper's order sends three texts (placed,
 * paid, handed to delivery) and four or five mails, so two orders a day pass untouched; an
 * address typed into 120 orders gets 15 mails and a phone 6 texts that day, however the
 * orders end.
 */
export const DEFAULT_MESSAGE_LIMITS: MessageLimits = {
  mailsPerAddress: 15,
  textsPerPhone: 6,
  textsPerDay: 200,
  ownerOrderMailsPerHour: 10,
  digestMinutes: 15,
};

/** The store of budget rows: how many of `key`'s messages `slot` has used. */
export interface MessageBudgets {
  /**
   * Uses one of `key`'s `limit` messages in `slot` when fewer are used, at once for every
   * process sharing the store; false when none is left.
   */
  take(slot: string, key: string, limit: number): Promise<boolean>;
  /** Gives back a use that sent nothing (the send failed and will be tried again). */
  giveBack(slot: string, key: string): Promise<void>;
  /** How many of `key`'s messages `slot` has used. */
  used(slot: string, key: string): Promise<number>;
}

/** The key of a mail address's budget: the address as mail servers compare it. */
export function mailKey(address: string): string {
  return `mail:${address.trim().toLowerCase()}`;
}

/**
 * The key of a phone's budget: its national digits, whichever way it was written.
 *
 * @example textKey("+94 77 123 4567") === textKey("0771234567") // "sms:771234567"
 */
export function textKey(phone: string): string {
  return `sms:${nationalDigits(phone)}`;
}

/** The key of the shop's own texts a day. */
export const SHOP_TEXTS_KEY = "sms:shop";
/** The key of the owner's new-order notices an hour. */
export const OWNER_ORDERS_KEY = "mail:owner-new-orders";
/** The key of the digest of new orders, one a window. */
export const ORDERS_DIGEST_KEY = "mail:owner-new-orders-digest";
/** The key of the owner's notice that the day's texts are used up, once a day. */
export const TEXT_BUDGET_NOTICE_KEY = "mail:owner-text-budget-notice";

/** The day slot of an instant: its day in Sri Lanka. */
export function daySlot(at: Date): string {
  return colomboDayAt(at);
}

/**
 * The hour slot of an instant: its day and hour in Sri Lanka.
 *
 * @example hourSlot(new Date("2026-03-01T04:45:00Z")) // "2026-03-01T10"
 */
export function hourSlot(at: Date): string {
  const colombo = new Date(at.getTime() + 330 * 60_000);
  return `${colomboDayAt(at)}T${String(colombo.getUTCHours()).padStart(2, "0")}`;
}

/**
 * The digest window an instant falls in, and when the next one starts.
 *
 * @example digestWindow(new Date("2026-03-01T04:50:00Z"), 15) // { slot: "digest:...", next: 2026-03-01T05:00:00Z }
 */
export function digestWindow(at: Date, minutes: number): { slot: string; next: Date } {
  const size = Math.max(1, minutes) * 60_000;
  const index = Math.floor(at.getTime() / size);
  return { slot: `window:${minutes}:${index}`, next: new Date((index + 1) * size) };
}

/** The instant the next day begins in Sri Lanka: when the day's budgets start again. */
export function nextDayStart(at: Date): Date {
  const day = 86_400_000;
  const offset = 330 * 60_000;
  return new Date((Math.floor((at.getTime() + offset) / day) + 1) * day - offset);
}

/** Whether `address` is the owner's own (the shop's notices go there): it has no bound. */
export function isOwnerAddress(address: string, owner: string): boolean {
  return address.trim().toLowerCase() === owner.trim().toLowerCase();
}
