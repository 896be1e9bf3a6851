/**
 * The payment ledger in PostgreSQL (migration 0060): rows appended in a transaction that
 * first locks the order's row, so the rows of one order are decided one at a time
 * (`decideEntry`) on every engine, and the unique index on (provider, kind, ref) keeps a copy
 * of a row out whatever path it takes.
 */
import type { SqlClient } from "./sql_client.ts";
import {
  decideEntry,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
} from "../../domain/payments/ledger.ts";
import type { LedgerOutcome, PaymentLedger } from "../../domain/payments/ports.ts";

interface LedgerRow {
  order_id: number | string;
  provider: string;
  kind: string;
  payment_ref: string;
  ref: string;
  amount_cents: number | string;
  at: string | Date;
}

const COLUMNS = "order_id, provider, kind, payment_ref, ref, amount_cents, at";

function entryOf(row: LedgerRow): LedgerEntry {
  if (!(LEDGER_KINDS as readonly string[]).includes(row.kind)) {
    throw new Error(`A row of payment_ledger has a bad kind "${row.kind}"`);
  }
  return {
    orderId: Number(row.order_id),
    provider: row.provider,
    kind: row.kind as LedgerKind,
    paymentRef: row.payment_ref,
    ref: row.ref,
    amountCents: Number(row.amount_cents),
    at: new Date(row.at).toISOString(),
  };
}

export class PostgresPaymentLedger implements PaymentLedger {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  record(entry: LedgerEntry): Promise<LedgerOutcome> {
    return this.#sql.transaction(async (tx) => {
      const order = await tx.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [
        entry.orderId,
      ]);
      if (order.length === 0) return { kind: "not_found" };
      const same = await tx.query(
        "SELECT 1 FROM payment_ledger WHERE provider = $1 AND kind = $2 AND ref = $3",
        [entry.provider, entry.kind, entry.ref],
      );
      if (same.length > 0) return { kind: "duplicate" };
      const decision = decideEntry(await entriesIn(tx, entry.orderId), entry);
      if (decision.kind !== "append") return decision;
      // A copy recorded meanwhile for another order (the lock is the order's) stays out.
      const inserted = await tx.query(
        `INSERT INTO payment_ledger (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (provider, kind, ref) DO NOTHING RETURNING id`,
        [
          entry.orderId,
          entry.provider,
          entry.kind,
          entry.paymentRef,
          entry.ref,
          entry.amountCents,
          entry.at,
        ],
      );
      return inserted.length === 0 ? { kind: "duplicate" } : { kind: "recorded" };
    });
  }

  entriesFor(orderId: number): Promise<LedgerEntry[]> {
    return entriesIn(this.#sql, orderId);
  }
}

async function entriesIn(sql: Pick<SqlClient, "query">, orderId: number): Promise<LedgerEntry[]> {
  const rows = await sql.query<LedgerRow>(
    `SELECT ${COLUMNS} FROM payment_ledger WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  return rows.map(entryOf);
}
