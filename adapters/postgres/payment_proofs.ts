/**
 * Deposit proofs in PostgreSQL: an upload locks its order, asks the domain whether the
 * order takes it as it is now (so it cannot race a lapse, a confirmation or a sixth
 * upload), then stores the proof, the payment status, the end of the order's hold (the
 * owner's review deadline, from the first slip) and the event in one transaction.
 */
import type { OutboxChannels, ProofOutcome } from "../../domain/ports.ts";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "../../domain/orders/model.ts";
import {
  holdAfterProof,
  type ProofPlan,
  proofRefusal,
  type ProofType,
} from "../../domain/orders/payment_proofs.ts";
import { findOrder } from "./order_rows.ts";
import { enqueueMails, enqueueNotice } from "./outbox_rows.ts";
import type { SqlClient } from "./sql_client.ts";

export function addProof(
  sql: SqlClient,
  plan: ProofPlan,
  channels: OutboxChannels,
): Promise<ProofOutcome> {
  return sql.transaction(async (tx): Promise<ProofOutcome> => {
    const rows = await tx.query<{
      status: OrderStatus;
      payment_method: PaymentMethod;
      payment_status: PaymentStatus;
      expires_at: Date | null;
    }>(
      `SELECT status, payment_method, payment_status, expires_at FROM orders
       WHERE id = $1 FOR UPDATE`,
      [plan.orderId],
    );
    if (rows.length === 0) return { kind: "not_found" };
    const [{ count }] = await tx.query<{ count: number }>(
      "SELECT count(*) AS count FROM payment_proofs WHERE order_id = $1",
      [plan.orderId],
    );
    const refusal = proofRefusal({
      status: rows[0].status,
      paymentMethod: rows[0].payment_method,
      paymentStatus: rows[0].payment_status,
      proofCount: count,
    });
    if (refusal) return { kind: "refused", reason: refusal };
    const expiresAt = rows[0].expires_at === null ? null : rows[0].expires_at.toISOString();
    const holdEnds = holdAfterProof({ expiresAt, proofCount: count }, plan.reviewUntil);
    await tx.query(
      `WITH proof AS (
         INSERT INTO payment_proofs (order_id, uploaded_at, content_type, bytes)
         VALUES ($1, $2, $3, $4)
       ), event AS (
         INSERT INTO order_events (order_id, at, kind, actor, note) VALUES ($1, $2, $6, $7, $8)
       )
       UPDATE orders SET payment_status = $5, expires_at = $9 WHERE id = $1`,
      [
        plan.orderId,
        plan.event.at,
        plan.contentType,
        plan.bytes,
        plan.paymentStatus,
        plan.event.kind,
        plan.event.actor,
        plan.event.note,
        holdEnds,
      ],
    );
    await enqueueMails(tx, plan.orderId, plan.mails, channels);
    await enqueueNotice(tx, plan.orderId, plan.notice);
    return { kind: "added", order: (await findOrder(tx, plan.orderId))! };
  });
}

export async function findProof(
  sql: SqlClient,
  orderId: number,
  proofId: number,
): Promise<{ contentType: ProofType; bytes: Uint8Array } | undefined> {
  const rows = await sql.query<{ content_type: ProofType; bytes: Uint8Array }>(
    "SELECT content_type, bytes FROM payment_proofs WHERE id = $1 AND order_id = $2",
    [proofId, orderId],
  );
  return rows.length > 0 ? { contentType: rows[0].content_type, bytes: rows[0].bytes } : undefined;
}
