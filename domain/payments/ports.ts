/**
 * The payment ledger's port (ledger.ts): an order's payments, charge-backs and refunds as
 * rows appended once. A store decides a row by `decideEntry` with the order's rows as they are
 * then, one row at a time per order, so notices arriving together cannot both pass the rule.
 */
import type { LedgerEntry, LedgerRefusal } from "./ledger.ts";
import type { Refund } from "./refunds.ts";

export type LedgerOutcome =
  | { kind: "recorded" }
  /** The same row (provider, kind and id) was recorded before: nothing changed. */
  | { kind: "duplicate" }
  | { kind: "refused"; reason: LedgerRefusal }
  /** No such order. */
  | { kind: "not_found" };

export interface PaymentLedger {
  /** Appends `entry` to its order's ledger when `decideEntry` says so. */
  record(entry: LedgerEntry): Promise<LedgerOutcome>;
  /** An order's rows, oldest first. */
  entriesFor(orderId: number): Promise<LedgerEntry[]>;
}

/** A refund to open: the request and how it is made, before anything is sent. */
export type RefundOpening =
  & Omit<
    Refund,
    "id" | "status" | "answer" | "attempts" | "settledAt" | "createdAt" | "reference"
  >
  & { reference: string | null; createdAt: string };

export type RefundOpened =
  | { kind: "opened"; refund: Refund }
  /** A refund of this idempotency key exists: the same refund, nothing opened again. */
  | { kind: "existing"; refund: Refund }
  /** With the refunds held meanwhile, it would pass what was paid. */
  | { kind: "over_refund"; leftCents: number }
  | { kind: "not_found" };

export type RefundReopened =
  | { kind: "reopened"; refund: Refund }
  | { kind: "not_failed"; refund: Refund }
  | { kind: "over_refund"; leftCents: number }
  | { kind: "not_found" };

/**
 * The owner's refunds: each opened pending (holding its amount of what is left to refund)
 * before its provider is called, then settled succeeded or failed. The sums are checked with
 * the order's refunds as they are then, one at a time per order.
 */
export interface RefundStore {
  /**
   * Opens a pending refund when, with the refunds of the same payment that succeeded or are
   * pending, it stays within `paidCents`.
   */
  open(opening: RefundOpening, paidCents: number): Promise<RefundOpened>;
  /** A failed refund pending again for another attempt under its key, if it still fits. */
  reopen(id: number, paidCents: number): Promise<RefundReopened>;
  /** Settles a pending refund; undefined when it is not pending (settled meanwhile). */
  settle(
    id: number,
    outcome: {
      status: "succeeded" | "failed";
      reference: string | null;
      answer: string;
      at: string;
    },
  ): Promise<Refund | undefined>;
  find(id: number): Promise<Refund | undefined>;
  /** An order's refunds, oldest first. */
  forOrder(orderId: number): Promise<Refund[]>;
  /** The refunds that succeeded between two instants (the reports' day), oldest first. */
  settledBetween(from: string, to: string): Promise<Refund[]>;
}
