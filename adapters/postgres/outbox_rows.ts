/**
 * The outbox rows of mails about an order: each names its order and is written in the
 * transaction of the change that calls for it (a status or payment change, a deposit
 * proof), so a mail goes out exactly when its change is kept. Its own module, so that the
 * order repository and the deposit proofs both use it without importing each other.
 */
import type { SqlClient } from "./sql_client.ts";

/** Puts mails about an order in the outbox, in order, in the caller's transaction. */
export async function enqueueMails(
  tx: SqlClient,
  orderId: number,
  mails: readonly string[],
): Promise<void> {
  if (mails.length === 0) return;
  await tx.query(
    `INSERT INTO mail_outbox (kind, order_id)
     SELECT m.kind, $1 FROM unnest($2::text[]) WITH ORDINALITY AS m(kind, n) ORDER BY m.n`,
    [orderId, mails],
  );
}

/**
 * Puts the shop's notice of a digest kind about an order in the outbox, due at `dueAt`
 * (the end of its window), unless one for the order is waiting already: the order is
 * named once in its window's digest, however many slips come.
 */
export async function enqueueNotice(
  tx: SqlClient,
  orderId: number,
  notice: { kind: string; dueAt: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO mail_outbox (kind, order_id, next_attempt_at)
     SELECT $2, $1, $3
     WHERE NOT EXISTS (SELECT 1 FROM mail_outbox
                        WHERE order_id = $1 AND kind = $2 AND sent_at IS NULL)`,
    [orderId, notice.kind, notice.dueAt],
  );
}
