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
