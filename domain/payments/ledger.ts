/**
 * An order's payments as a ledger: each payment, charge-back and refund a row, appended and
 * never changed, keyed by the provider's own id. What an order's money did is read from its
 * rows, never from a status a later notice could overwrite.
 *
 * Each payment (by its provider's payment id) moves through `PAYMENT_TRANSITIONS`: a payment
 * makes it `paid`; a charge-back makes it `charged_back`, which is final (no copy of the paid
 * notice, however often it comes, pays it again); refunds are taken from a paid payment, up
 * to what it brought in. A row that is already in the ledger (the same provider, kind and
 * id) is a duplicate and changes nothing.
 */
import type { Cents } from "../money.ts";

/** What a ledger row records. */
export type LedgerKind = "payment" | "chargeback" | "refund";

export const LEDGER_KINDS: readonly LedgerKind[] = ["payment", "chargeback", "refund"];

/** One row of an order's payment ledger. */
export interface LedgerEntry {
  orderId: number;
  /** The provider's key in the registry, e.g. "payhere". */
  provider: string;
  kind: LedgerKind;
  /** The provider's payment id this row is about (a refund's and a charge-back's payment). */
  paymentRef: string;
  /**
   * The row's own id at the provider, unique per provider and kind: a payment's and a
   * charge-back's is the payment id, a refund's its refund id.
   */
  ref: string;
  amountCents: Cents;
  /** ISO instant the row was recorded. */
  at: string;
}

/** Where one payment stands. */
export type PaymentState = "none" | "paid" | "charged_back";

/**
 * Which rows each state of a payment takes, and the state after. A row a state does not
 * list is refused. A charge-back before its payment (notices out of order) is kept, and the
 * payment is then refused: the money was taken back.
 */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentState, Readonly<Partial<Record<LedgerKind, PaymentState>>>>
> = {
  none: { payment: "paid", chargeback: "charged_back" },
  paid: { chargeback: "charged_back", refund: "paid" },
  charged_back: {},
};

/** Why a row was not appended. */
export type LedgerRefusal =
  /** The payment was charged back: nothing pays it or refunds it again. */
  | "charged_back"
  /** A refund of a payment the ledger has not received. */
  | "not_paid"
  /** A refund above what the payment brought in, less its earlier refunds. */
  | "over_refund"
  /** An amount of 0 or less, or not whole cents. */
  | "bad_amount";

export type LedgerDecision =
  | { kind: "append" }
  /** The same row (provider, kind and id) is in the ledger: nothing changes. */
  | { kind: "duplicate" }
  | { kind: "refused"; reason: LedgerRefusal };

/**
 * Where the payment `paymentRef` of `provider` stands after `entries`, taken in order
 * (rows a state does not take are left out, as `decideEntry` refuses them).
 *
 * @example paymentState([paid, chargeback, paidAgain], "payhere", "320027") // "charged_back"
 */
export function paymentState(
  entries: readonly LedgerEntry[],
  provider: string,
  paymentRef: string,
): PaymentState {
  let state: PaymentState = "none";
  for (const entry of entries) {
    if (entry.provider !== provider || entry.paymentRef !== paymentRef) continue;
    state = PAYMENT_TRANSITIONS[state][entry.kind] ?? state;
  }
  return state;
}

function sameRow(a: LedgerEntry, b: LedgerEntry): boolean {
  return a.provider === b.provider && a.kind === b.kind && a.ref === b.ref;
}

/**
 * Whether `entry` is appended to an order's ledger `entries`: a duplicate of a row already
 * there changes nothing; otherwise the payment's state must take the row's kind, and a
 * refund must fit in what its payment brought in less its earlier refunds.
 *
 * @example decideEntry([paid, chargeback], paid) // duplicate
 * @example decideEntry([chargeback], paidWithAnotherNoticeId) // refused: charged_back
 */
export function decideEntry(
  entries: readonly LedgerEntry[],
  entry: LedgerEntry,
): LedgerDecision {
  if (entries.some((kept) => sameRow(kept, entry))) return { kind: "duplicate" };
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    return { kind: "refused", reason: "bad_amount" };
  }
  const state = paymentState(entries, entry.provider, entry.paymentRef);
  if (PAYMENT_TRANSITIONS[state][entry.kind] === undefined) {
    return {
      kind: "refused",
      reason: state === "none" ? "not_paid" : "charged_back",
    };
  }
  if (entry.kind === "refund" && entry.amountCents > refundableCents(entries, entry)) {
    return { kind: "refused", reason: "over_refund" };
  }
  return { kind: "append" };
}

/** What a payment brought in, less what was refunded of it. */
function refundableCents(
  entries: readonly LedgerEntry[],
  of: Pick<LedgerEntry, "provider" | "paymentRef">,
): Cents {
  let left = 0;
  for (const entry of accepted(entries)) {
    if (entry.provider !== of.provider || entry.paymentRef !== of.paymentRef) continue;
    if (entry.kind === "payment") left += entry.amountCents;
    if (entry.kind === "refund") left -= entry.amountCents;
  }
  return left;
}

/** The rows `decideEntry` would have appended, in order (a stored ledger holds only these). */
export function accepted(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const kept: LedgerEntry[] = [];
  for (const entry of entries) {
    if (decideEntry(kept, entry).kind === "append") kept.push(entry);
  }
  return kept;
}

/** An order's money as its ledger tells it. */
export interface LedgerSums {
  /** Payments received that were not charged back. */
  paidCents: Cents;
  /** Refunds given of those payments. */
  refundedCents: Cents;
  /** Payments the provider took back. */
  chargedBackCents: Cents;
  /** Whether a payment stands: received and not charged back (refunds leave it paid). */
  standing: boolean;
}

/**
 * The sums of an order's ledger.
 *
 * @example ledgerSums([paid1000, refund400]) // { paidCents: 1000, refundedCents: 400, chargedBackCents: 0, standing: true }
 */
export function ledgerSums(entries: readonly LedgerEntry[]): LedgerSums {
  const rows = accepted(entries);
  const refs = new Map<string, LedgerEntry>();
  for (const row of rows) refs.set(`${row.provider}\u0000${row.paymentRef}`, row);
  let paidCents = 0;
  let refundedCents = 0;
  let chargedBackCents = 0;
  let standing = false;
  for (const row of refs.values()) {
    const state = paymentState(rows, row.provider, row.paymentRef);
    const mine = rows.filter((r) => r.provider === row.provider && r.paymentRef === row.paymentRef);
    const received = mine.filter((r) => r.kind === "payment").reduce(
      (s, r) => s + r.amountCents,
      0,
    );
    const refunded = mine.filter((r) => r.kind === "refund").reduce((s, r) => s + r.amountCents, 0);
    if (state === "charged_back") {
      chargedBackCents += received - refunded;
      paidCents += refunded;
      refundedCents += refunded;
      continue;
    }
    paidCents += received;
    refundedCents += refunded;
    if (state === "paid") standing = true;
  }
  return { paidCents, refundedCents, chargedBackCents, standing };
}

/**
 * The payment status an order paid through providers has by its ledger: paid while a payment
 * stands, unpaid otherwise (none yet, or charged back).
 *
 * @example ledgerPaymentStatus([paid, chargeback, paid]) // "unpaid": the copy is a duplicate
 */
export function ledgerPaymentStatus(entries: readonly LedgerEntry[]): "paid" | "unpaid" {
  return ledgerSums(entries).standing ? "paid" : "unpaid";
}
