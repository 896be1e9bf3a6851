/**
 * The outbox rows of mails about an order: each names its order and is written in the
 * transaction of the change that calls for it (a status or payment change, a deposit
 * proof), so a mail goes out exactly when its change is kept. Its own module, so that the
 * order repository and the deposit proofs both use it without importing each other.
 */
import type { SqlClient } from "./sql_client.ts";
import type { MailKind, OutboxChannels } from "../../domain/ports.ts";
import { outboxItems } from "../../domain/notifications/sms_kinds.ts";

/**
 * Puts mails about an order in the outbox, in order, in the caller's transaction, each
 * with its text beside it when SMS is on and the mail's kind has one.
 */
export async function enqueueMails(
  tx: SqlClient,
  orderId: number,
  mails: readonly MailKind[],
  channels: OutboxChannels,
): Promise<void> {
  const items = outboxItems(mails, channels);
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO mail_outbox (channel, kind, order_id)
     SELECT m.channel, m.kind, $1
     FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS m(channel, kind, n) ORDER BY m.n`,
    [orderId, items.map((i) => i.channel), items.map((i) => i.kind)],
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
                        WHERE order_id = $1 AND kind = $2 AND channel = 'mail'
                          AND sent_at IS NULL)`,
    [orderId, notice.kind, notice.dueAt],
  );
}
