/**
 * The owner's refunds in PostgreSQL (migration 0062): a refund is opened and reopened in a
 * transaction that first locks its order's row, so the money the order's refunds hold is
 * checked one refund at a time; its idempotency key is unique, so a second request of the
 * same refund finds the first.
 */
import type { SqlClient } from "./sql_client.ts";
import {
  heldCents,
  type Refund,
  type RefundChannel,
  type RefundStatus,
} from "../../domain/payments/refunds.ts";
import type {
  RefundOpened,
  RefundOpening,
  RefundReopened,
  RefundStore,
} from "../../domain/payments/ports.ts";

interface RefundRow {
  id: number | string;
  order_id: number | string;
  amount_cents: number | string;
  reason: string;
  channel: string;
  provider: string;
  payment_ref: string;
  reference: string | null;
  status: string;
  answer: string | null;
  idempotency_key: string;
  attempts: number | string;
  created_at: string | Date;
  settled_at: string | Date | null;
}

const COLUMNS = "id, order_id, amount_cents, reason, channel, provider, payment_ref, reference, " +
  "status, answer, idempotency_key, attempts, created_at, settled_at";

function refundOf(row: RefundRow): Refund {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    amountCents: Number(row.amount_cents),
    reason: row.reason,
    channel: row.channel as RefundChannel,
    provider: row.provider,
    paymentRef: row.payment_ref,
    reference: row.reference,
    status: row.status as RefundStatus,
    answer: row.answer,
    idempotencyKey: row.idempotency_key,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  };
}

export class PostgresRefundStore implements RefundStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  open(opening: RefundOpening, paidCents: number): Promise<RefundOpened> {
    return this.#sql.transaction(async (tx) => {
      const order = await tx.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [
        opening.orderId,
      ]);
      if (order.length === 0) return { kind: "not_found" };
      const same = await tx.query<RefundRow>(
        `SELECT ${COLUMNS} FROM refunds WHERE idempotency_key = $1`,
        [opening.idempotencyKey],
      );
      if (same.length > 0) return { kind: "existing", refund: refundOf(same[0]) };
      const left = paidCents - heldCents(await samePayment(tx, opening));
      if (opening.amountCents > left) return { kind: "over_refund", leftCents: Math.max(left, 0) };
      const rows = await tx.query<RefundRow>(
        `INSERT INTO refunds (order_id, amount_cents, reason, channel, provider, payment_ref,
           reference, status, idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) RETURNING ${COLUMNS}`,
        [
          opening.orderId,
          opening.amountCents,
          opening.reason,
          opening.channel,
          opening.provider,
          opening.paymentRef,
          opening.reference,
          opening.idempotencyKey,
          opening.createdAt,
        ],
      );
      return { kind: "opened", refund: refundOf(rows[0]) };
    });
  }

  reopen(id: number, paidCents: number): Promise<RefundReopened> {
    return this.#sql.transaction(async (tx) => {
      const found = await tx.query<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE id = $1`, [id]);
      if (found.length === 0) return { kind: "not_found" };
      await tx.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [found[0].order_id]);
      const refund = refundOf(
        (await tx.query<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE id = $1`, [id]))[0],
      );
      if (refund.status !== "failed") return { kind: "not_failed", refund };
      const left = paidCents - heldCents(await samePayment(tx, refund));
      if (refund.amountCents > left) return { kind: "over_refund", leftCents: Math.max(left, 0) };
      const rows = await tx.query<RefundRow>(
        `UPDATE refunds SET status = 'pending', settled_at = NULL, attempts = attempts + 1
         WHERE id = $1 AND status = 'failed' RETURNING ${COLUMNS}`,
        [id],
      );
      return { kind: "reopened", refund: refundOf(rows[0]) };
    });
  }

  async settle(
    id: number,
    outcome: {
      status: "succeeded" | "failed";
      reference: string | null;
      answer: string;
      at: string;
    },
  ): Promise<Refund | undefined> {
    const rows = await this.#sql.query<RefundRow>(
      `UPDATE refunds SET status = $2, reference = COALESCE($3, reference), answer = $4,
         settled_at = $5
       WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [id, outcome.status, outcome.reference, outcome.answer, outcome.at],
    );
    return rows[0] && refundOf(rows[0]);
  }

  async find(id: number): Promise<Refund | undefined> {
    const rows = await this.#sql.query<RefundRow>(
      `SELECT ${COLUMNS} FROM refunds WHERE id = $1`,
      [id],
    );
    return rows[0] && refundOf(rows[0]);
  }

  async forOrder(orderId: number): Promise<Refund[]> {
    const rows = await this.#sql.query<RefundRow>(
      `SELECT ${COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    return rows.map(refundOf);
  }

  async settledBetween(from: string, to: string): Promise<Refund[]> {
    const rows = await this.#sql.query<RefundRow>(
      `SELECT ${COLUMNS} FROM refunds
       WHERE status = 'succeeded' AND settled_at >= $1 AND settled_at < $2
       ORDER BY settled_at, id`,
      [from, to],
    );
    return rows.map(refundOf);
  }
}

async function samePayment(
  tx: Pick<SqlClient, "query">,
  of: Pick<Refund, "orderId" | "provider" | "paymentRef">,
): Promise<Refund[]> {
  const rows = await tx.query<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds WHERE order_id = $1 AND provider = $2 AND payment_ref = $3`,
    [of.orderId, of.provider, of.paymentRef],
  );
  return rows.map(refundOf);
}
