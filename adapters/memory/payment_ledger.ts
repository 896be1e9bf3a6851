/**
 * The payment ledger in memory, for tests and the in-process shop: the same rule as the SQL
 * store (adapters/postgres/payment_ledger.ts), held to one contract
 * (adapters/payment_ledger_contract_test.ts).
 */
import { decideEntry, type LedgerEntry } from "../../domain/payments/ledger.ts";
import type { LedgerOutcome, PaymentLedger } from "../../domain/payments/ports.ts";

export class MemoryPaymentLedger implements PaymentLedger {
  readonly #rows: LedgerEntry[] = [];
  readonly #orderExists: (orderId: number) => Promise<boolean>;

  /** `orderExists` answers whether an order may have rows (every id when absent). */
  constructor(orderExists: (orderId: number) => Promise<boolean> = () => Promise.resolve(true)) {
    this.#orderExists = orderExists;
  }

  async record(entry: LedgerEntry): Promise<LedgerOutcome> {
    if (!(await this.#orderExists(entry.orderId))) return { kind: "not_found" };
    // The row is unique by provider, kind and id across every order, as in the SQL store.
    if (
      this.#rows.some((r) =>
        r.provider === entry.provider && r.kind === entry.kind && r.ref === entry.ref
      )
    ) {
      return { kind: "duplicate" };
    }
    const decision = decideEntry(await this.entriesFor(entry.orderId), entry);
    if (decision.kind === "refused") return decision;
    if (decision.kind === "duplicate") return decision;
    this.#rows.push({ ...entry });
    return { kind: "recorded" };
  }

  entriesFor(orderId: number): Promise<LedgerEntry[]> {
    return Promise.resolve(this.#rows.filter((r) => r.orderId === orderId).map((r) => ({ ...r })));
  }
}
