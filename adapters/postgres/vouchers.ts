/**
 * Gift vouchers in PostgreSQL (migration 0052): the vouchers and their append-only ledger.
 * Spending on an order (`spendVouchers`) and giving back when it is cancelled
 * (`returnVouchers`) run in the order's own transaction (order_placement.ts, orders.ts): the
 * voucher's row is locked first, so two checkouts at once on one voucher queue there and the
 * second sees what the first spent.
 */
import type { SqlClient } from "./sql_client.ts";
import type { KeptVoucher, VoucherStore, VoucherTotals } from "../../domain/vouchers/ports.ts";
import type {
  Voucher,
  VoucherDraft,
  VoucherLedgerRow,
  VoucherMove,
  VoucherTender,
} from "../../domain/vouchers/rules.ts";
import type { Locale } from "../../domain/i18n/language.ts";

interface VoucherRow {
  id: number | string;
  last4: string;
  amount_cents: number | string;
  expires_on: string | Date;
  expires_at: string | Date;
  recipient_name: string | null;
  recipient_email: string | null;
  recipient_language: string | null;
  issued_at: string | Date;
  balance_cents: number | string;
}

const COLUMNS = `v.id, v.last4, v.amount_cents, to_char(v.expires_on, 'YYYY-MM-DD') AS expires_on,
  v.expires_at, v.recipient_name, v.recipient_email, v.recipient_language, v.issued_at,
  (SELECT COALESCE(sum(CASE WHEN l.move = 'spent' THEN -l.amount_cents ELSE l.amount_cents END),
    0) FROM voucher_ledger l WHERE l.voucher_id = v.id) AS balance_cents`;

function voucherOf(row: VoucherRow): KeptVoucher {
  return {
    id: Number(row.id),
    last4: row.last4,
    amountCents: Number(row.amount_cents),
    expiresOn: String(row.expires_on),
    expiresAt: new Date(row.expires_at).toISOString(),
    recipient: row.recipient_email === null ? null : {
      name: row.recipient_name ?? "",
      email: row.recipient_email,
      language: row.recipient_language as Locale,
    },
    issuedAt: new Date(row.issued_at).toISOString(),
    balanceCents: Number(row.balance_cents),
  };
}

export class PostgresVoucherStore implements VoucherStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async issue(
    draft: VoucherDraft & { codeHash: string; last4: string; expiresAt: string },
    at: Date,
  ): Promise<Voucher> {
    const [row] = await this.#sql.query<VoucherRow>(
      `WITH made AS (
         INSERT INTO vouchers (code_hash, last4, amount_cents, expires_on, expires_at,
           recipient_name, recipient_email, recipient_language, message, issued_at)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10)
         RETURNING *
       ), ledger AS (
         INSERT INTO voucher_ledger (voucher_id, move, amount_cents, at)
         SELECT id, 'issued', amount_cents, issued_at FROM made
       )
       SELECT id, last4, amount_cents, to_char(expires_on, 'YYYY-MM-DD') AS expires_on,
         expires_at, recipient_name, recipient_email, recipient_language, issued_at,
         amount_cents AS balance_cents
       FROM made`,
      [
        draft.codeHash,
        draft.last4,
        draft.amountCents,
        draft.expiresOn,
        draft.expiresAt,
        draft.recipient?.name ?? null,
        draft.recipient?.email ?? null,
        draft.recipient?.language ?? null,
        draft.message,
        at,
      ],
    );
    const { balanceCents: _, ...voucher } = voucherOf(row);
    return voucher;
  }

  async findByCodeHash(codeHash: string): Promise<KeptVoucher | undefined> {
    const rows = await this.#sql.query<VoucherRow>(
      `SELECT ${COLUMNS} FROM vouchers v WHERE v.code_hash = $1`,
      [codeHash],
    );
    return rows.length > 0 ? voucherOf(rows[0]) : undefined;
  }

  async find(id: number): Promise<(KeptVoucher & { ledger: VoucherLedgerRow[] }) | undefined> {
    const rows = await this.#sql.query<VoucherRow>(
      `SELECT ${COLUMNS} FROM vouchers v WHERE v.id = $1`,
      [id],
    );
    if (rows.length === 0) return undefined;
    const ledger = await this.#sql.query<
      { move: VoucherMove; amount_cents: number | string; order_id: number | null; at: Date }
    >(
      "SELECT move, amount_cents, order_id, at FROM voucher_ledger WHERE voucher_id = $1 ORDER BY id",
      [id],
    );
    return {
      ...voucherOf(rows[0]),
      ledger: ledger.map((r) => ({
        move: r.move,
        cents: Number(r.amount_cents),
        orderId: r.order_id === null ? null : Number(r.order_id),
        at: new Date(r.at).toISOString(),
      })),
    };
  }

  async list(): Promise<KeptVoucher[]> {
    const rows = await this.#sql.query<VoucherRow>(
      `SELECT ${COLUMNS} FROM vouchers v ORDER BY v.issued_at DESC, v.id DESC`,
    );
    return rows.map(voucherOf);
  }

  async totals(range: { from: string; to: string }): Promise<VoucherTotals> {
    const [row] = await this.#sql.query<
      {
        issued: number | string;
        issued_cents: number | string;
        spent: number | string;
        returned: number | string;
      }
    >(
      `SELECT count(*) FILTER (WHERE move = 'issued') AS issued,
         COALESCE(sum(amount_cents) FILTER (WHERE move = 'issued'), 0) AS issued_cents,
         COALESCE(sum(amount_cents) FILTER (WHERE move = 'spent'), 0) AS spent,
         COALESCE(sum(amount_cents) FILTER (WHERE move = 'returned'), 0) AS returned
       FROM voucher_ledger WHERE at >= $1 AND at < $2`,
      [range.from, range.to],
    );
    return {
      issued: Number(row.issued),
      issuedCents: Number(row.issued_cents),
      spentCents: Number(row.spent),
      returnedCents: Number(row.returned),
    };
  }
}

/**
 * Spends an order's vouchers in its transaction: each voucher's row locked (in id order, so
 * two orders never wait on each other's), its balance read from its ledger under the lock,
 * then a `spent` row appended. The first that cannot pay its share now (expired, or spent by
 * another order meanwhile) is answered with its balance, and the caller rolls back.
 */
export async function spendVouchers(
  tx: SqlClient,
  orderId: number,
  tenders: readonly VoucherTender[],
  at: string,
): Promise<{ voucherId: number; balanceCents: number } | undefined> {
  const ordered = [...tenders].sort((a, b) => a.voucherId - b.voucherId);
  for (const tender of ordered) {
    const locked = await tx.query<{ expires_at: Date }>(
      "SELECT expires_at FROM vouchers WHERE id = $1 FOR UPDATE",
      [tender.voucherId],
    );
    const [{ balance }] = await tx.query<{ balance: number | string }>(
      `SELECT COALESCE(sum(CASE WHEN move = 'spent' THEN -amount_cents ELSE amount_cents END), 0)
         AS balance
       FROM voucher_ledger WHERE voucher_id = $1`,
      [tender.voucherId],
    );
    const balanceCents = Number(balance);
    if (
      locked.length === 0 || Date.parse(at) >= new Date(locked[0].expires_at).getTime() ||
      balanceCents < tender.cents
    ) {
      return { voucherId: tender.voucherId, balanceCents };
    }
    await tx.query(
      `INSERT INTO voucher_ledger (voucher_id, move, amount_cents, order_id, at)
       VALUES ($1, 'spent', $2, $3, $4)`,
      [tender.voucherId, tender.cents, orderId, at],
    );
  }
  return undefined;
}

/** Gives back what a cancelled order spent of its vouchers, once (the ledger's index holds it). */
export async function returnVouchers(tx: SqlClient, orderId: number, at: string): Promise<void> {
  await tx.query(
    `INSERT INTO voucher_ledger (voucher_id, move, amount_cents, order_id, at)
     SELECT voucher_id, 'returned', amount_cents, order_id, $2 FROM voucher_ledger
     WHERE order_id = $1 AND move = 'spent'
     ORDER BY voucher_id
     ON CONFLICT DO NOTHING`,
    [orderId, at],
  );
}
