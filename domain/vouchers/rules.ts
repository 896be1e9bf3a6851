/**
 * Gift vouchers: money paid to the shop in advance, spent on orders later. A voucher is a
 * tender, not a discount: an order paid with one keeps its prices, and the voucher pays part
 * or all of its total (domain/pricing/breakdown.ts, "Gift voucher"). Its balance is a ledger
 * (rows appended, never rewritten): issued, then spent on orders, and given back when such an
 * order is cancelled. A voucher's code is a bearer secret: the shop keeps its hash and its
 * last characters, shows it whole once (when issued: printed, or mailed to its recipient) and
 * never again.
 */
import type { Cents } from "../money.ts";
import type { Locale } from "../i18n/language.ts";
import { CODE_ALPHABET } from "../promotions/generated_code.ts";

/** What starts every voucher's code: the shop's, so another shop's voucher is told apart. */
export const VOUCHER_PREFIX = "PGV";
/** Symbols after the prefix: 16 of 31, about 79 bits. */
export const VOUCHER_SYMBOLS = 16;
/** Random bytes a voucher code takes (each symbol from one byte below the alphabet's round). */
export const VOUCHER_CODE_BYTES = 96;
/** The most a voucher may carry: LKR 1,000,000. */
export const MAX_VOUCHER_CENTS = 100_000_000;
/** The furthest a voucher may run: five years. */
export const MAX_VOUCHER_DAYS = 5 * 366;

/** A voucher as the shop keeps it. */
export interface Voucher {
  id: number;
  /** The code's last four symbols, for people to tell vouchers apart ("…Q2K7"). */
  last4: string;
  /** What it was issued for. */
  amountCents: Cents;
  /** The last day it can be spent (YYYY-MM-DD, Sri Lanka). */
  expiresOn: string;
  /** ISO 8601: from this instant it can no longer be spent (the day after, 00:00 in Colombo). */
  expiresAt: string;
  recipient: VoucherRecipient | null;
  /** ISO 8601 */
  issuedAt: string;
}

/** Whom the shop mails a voucher to, and in which language. */
export interface VoucherRecipient {
  name: string;
  email: string;
  language: Locale;
}

/** What moved a voucher's balance: rows appended, never changed. */
export const VOUCHER_MOVES = ["issued", "spent", "returned"] as const;
export type VoucherMove = typeof VOUCHER_MOVES[number];

/** One row of a voucher's ledger. */
export interface VoucherLedgerRow {
  move: VoucherMove;
  /** Always positive: `spent` takes it off the balance, the others add it. */
  cents: Cents;
  /** The order it was spent on or given back from; null for `issued`. */
  orderId: number | null;
  /** ISO 8601 */
  at: string;
}

/**
 * A voucher's balance, from its ledger.
 *
 * @example balanceOf([{ move: "issued", cents: 500000 }, { move: "spent", cents: 120000 }]) // 380000
 */
export function balanceOf(rows: readonly Pick<VoucherLedgerRow, "move" | "cents">[]): Cents {
  return rows.reduce((sum, row) => sum + (row.move === "spent" ? -row.cents : row.cents), 0);
}

/** Why a voucher cannot pay for an order. */
export const VOUCHER_REFUSALS = ["other_shop", "unknown", "expired", "used_up"] as const;
export type VoucherRefusal = typeof VOUCHER_REFUSALS[number];

/**
 * A code as a shopper types it: upper case, spaces and hyphens dropped, then grouped as the
 * shop writes it ("PGV-7KQ4-M9XA-2TPR-8HNC"); undefined when it is not one of the shop's
 * voucher codes (another shop's, or not a voucher code at all).
 *
 * @example voucherCode(" pgv 7kq4m9xa2tpr8hnc ") // "PGV-7KQ4-M9XA-2TPR-8HNC"
 * @example voucherCode("GIFT-1234") // undefined
 */
export function voucherCode(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!compact.startsWith(VOUCHER_PREFIX)) return undefined;
  const symbols = compact.slice(VOUCHER_PREFIX.length);
  if (symbols.length !== VOUCHER_SYMBOLS) return undefined;
  if (![...symbols].every((s) => CODE_ALPHABET.includes(s))) return undefined;
  return [VOUCHER_PREFIX, ...[0, 4, 8, 12].map((at) => symbols.slice(at, at + 4))].join("-");
}

/**
 * A new voucher code from random bytes (see generated_code.ts): undefined when the bytes run
 * out first (draw again).
 *
 * @example newVoucherCode(crypto.getRandomValues(new Uint8Array(VOUCHER_CODE_BYTES))) // "PGV-7KQ4-M9XA-2TPR-8HNC"
 */
export function newVoucherCode(bytes: Uint8Array): string | undefined {
  const size = CODE_ALPHABET.length;
  const ceiling = 256 - (256 % size);
  let symbols = "";
  for (const byte of bytes) {
    if (symbols.length === VOUCHER_SYMBOLS) break;
    if (byte < ceiling) symbols += CODE_ALPHABET[byte % size];
  }
  return symbols.length === VOUCHER_SYMBOLS
    ? voucherCode(`${VOUCHER_PREFIX}${symbols}`)
    : undefined;
}

/** A code as shoppers and the owner may see it after it was issued: its last four symbols. */
export function maskedCode(last4: string): string {
  return `…${last4}`;
}

/** The last four symbols of a code (written as `voucherCode` writes it). */
export function lastFour(code: string): string {
  return code.replace(/-/g, "").slice(-4);
}

/**
 * Whether a voucher can pay now: expired from its expiry instant, used up at a zero balance.
 *
 * @example voucherStanding({ expiresAt: "2026-12-31T18:30:00.000Z" }, 0, now) // "used_up"
 */
export function voucherStanding(
  voucher: Pick<Voucher, "expiresAt">,
  balanceCents: Cents,
  now: string,
): VoucherRefusal | "ok" {
  if (Date.parse(now) >= Date.parse(voucher.expiresAt)) return "expired";
  if (balanceCents <= 0) return "used_up";
  return "ok";
}

/**
 * What a voucher pays of an order: its balance, up to what is still to pay.
 *
 * @example voucherPays(500000, 435000) // 435000: the whole order, 65000 left on it
 */
export function voucherPays(balanceCents: Cents, dueCents: Cents): Cents {
  return Math.max(0, Math.min(balanceCents, dueCents));
}

/** A voucher the owner is issuing, as checked. */
export interface VoucherDraft {
  amountCents: Cents;
  /** The last day it can be spent (YYYY-MM-DD in Sri Lanka). */
  expiresOn: string;
  recipient: VoucherRecipient | null;
  /** A few words to the recipient, in their mail; null for none. */
  message: string | null;
}

/** A field of a draft that breaks a rule, and why (the API names it, 400). */
export interface VoucherProblem {
  field: string;
  message: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in Sri Lanka (YYYY-MM-DD). */
function colomboToday(now: string): string {
  return new Date(Date.parse(now) + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The instant a voucher stops: the day after its last day, 00:00 in Colombo; undefined for a
 * date that is not a real one.
 *
 * @example expiryInstant("2026-12-31") // "2026-12-31T18:30:00.000Z"
 */
export function expiryInstant(expiresOn: string): string | undefined {
  const match = DAY.exec(expiresOn);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (
    back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day
  ) {
    return undefined;
  }
  return new Date(utc + 86_400_000 - 330 * 60_000).toISOString();
}

/**
 * What is wrong with a voucher the owner is issuing at `now`: an amount above 0 and at most
 * LKR 1,000,000 in whole cents, a last day from today on and within five years.
 *
 * @example voucherProblems({ amountCents: 0, expiresOn: "2026-01-01", ... }, now) // [{ field: "amount", ... }, { field: "expiresOn", ... }]
 */
export function voucherProblems(draft: VoucherDraft, now: string): VoucherProblem[] {
  const problems: VoucherProblem[] = [];
  if (!Number.isSafeInteger(draft.amountCents) || draft.amountCents <= 0) {
    problems.push({ field: "amount", message: "must be more than 0" });
  } else if (draft.amountCents > MAX_VOUCHER_CENTS) {
    problems.push({ field: "amount", message: "must be at most 1000000 (LKR)" });
  }
  const stops = expiryInstant(draft.expiresOn);
  const today = colomboToday(now);
  if (!stops) problems.push({ field: "expiresOn", message: "must be a date, YYYY-MM-DD" });
  else if (draft.expiresOn < today) {
    problems.push({ field: "expiresOn", message: "must be today or later" });
  } else if (Date.parse(stops) - Date.parse(now) > MAX_VOUCHER_DAYS * 86_400_000) {
    problems.push({ field: "expiresOn", message: "must be within five years" });
  }
  return problems;
}

/** A voucher spent on an order: which, its last four symbols, and what it paid. */
export interface VoucherTender {
  voucherId: number;
  last4: string;
  cents: Cents;
}
