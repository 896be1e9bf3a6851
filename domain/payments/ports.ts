/**
 * The payment ledger's port (ledger.ts): an order's payments, charge-backs and refunds as
 * rows appended once. A store decides a row by `decideEntry` with the order's rows as they are
 * then, one row at a time per order, so notices arriving together cannot both pass the rule.
 */
import type { LedgerEntry, LedgerRefusal } from "./ledger.ts";

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
