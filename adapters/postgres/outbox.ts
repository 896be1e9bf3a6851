import type { MailKind, Outbox, OutboxEntry } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

/**
 * The mail outbox. An entry is due while unsent, past its next attempt time (none before
 * a first failure) and not leased; claiming leases it, so several dispatchers (even in
 * several processes) never send the same entry at once. `attempts` counts failed sends.
 */
export class PostgresOutbox implements Outbox {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const rows = await this.#sql.query<
      { id: number; kind: MailKind; order_id: number; attempts: number }
    >(
      `UPDATE mail_outbox SET lease_until = $3
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL
           AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           AND (lease_until IS NULL OR lease_until <= $1)
         ORDER BY id
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, order_id, attempts`,
      [now, limit, new Date(now.getTime() + leaseMs)],
    );
    return rows
      .map((r) => ({ id: r.id, kind: r.kind, orderId: r.order_id, attempts: r.attempts }))
      .sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.#sql.query(
      "UPDATE mail_outbox SET sent_at = $2, lease_until = NULL, last_error = NULL WHERE id = $1",
      [id, at],
    );
  }

  async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#sql.query(
      `UPDATE mail_outbox
       SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3, lease_until = NULL
       WHERE id = $1`,
      [id, error, nextAttemptAt],
    );
  }
}
