import type {
  AccountMail,
  AccountMailKind,
  DigestMailKind,
  MailKind,
  Outbox,
  OutboxChannel,
  OutboxEntry,
  SmsKind,
} from "../../domain/ports.ts";
import { BACK_IN_STOCK_KIND, DIGEST_MAIL_KINDS } from "../../domain/notifications/mail_kinds.ts";

/** The most notices one digest names. */
const DIGEST_LIMIT = 500;
import { storedAccountMail } from "../../domain/notifications/account_mail.ts";
import type { SqlClient } from "./sql_client.ts";

/**
 * The outbox of mails and texts (`channel`: mail or sms). An entry is due while unsent, past its next attempt time (none before
 * a first failure) and not leased; claiming leases it, so several dispatchers (even in
 * several processes) never send the same entry at once. `attempts` counts failed sends.
 * `sending_at` marks an attempt under way; `message_id` is the entry's Message-ID, the
 * same on every attempt.
 * An order mail names its order; an account mail keeps its facts in `payload` (JSON with
 * a version) until it is sent.
 */
export class PostgresOutbox implements Outbox {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async enqueue(mail: AccountMail): Promise<void> {
    await this.#sql.query(
      "INSERT INTO mail_outbox (kind, payload) VALUES ($1, $2::text::jsonb)",
      [mail.kind, JSON.stringify(storedAccountMail(mail))],
    );
  }

  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    return this.#claim(now, { limit, leaseMs, kinds: { digest: false, of: DIGEST_MAIL_KINDS } });
  }

  claimDigest(now: Date, kind: DigestMailKind, leaseMs: number): Promise<OutboxEntry[]> {
    return this.#claim(now, { limit: DIGEST_LIMIT, leaseMs, kinds: { digest: true, of: [kind] } });
  }

  /** Claims due entries of the kinds named (`digest`) or of every other kind. */
  async #claim(
    now: Date,
    opts: { limit: number; leaseMs: number; kinds: { digest: boolean; of: readonly string[] } },
  ): Promise<OutboxEntry[]> {
    const { limit, leaseMs, kinds } = opts;
    const rows = await this.#sql.query<{
      id: number;
      channel: OutboxChannel;
      kind: MailKind | AccountMailKind;
      order_id: number | null;
      stock_request_id: number | null;
      payload: unknown;
      attempts: number;
      message_id: string;
      resend: boolean;
    }>(
      `UPDATE mail_outbox SET lease_until = $3
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL
           AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           AND (lease_until IS NULL OR lease_until <= $1)
           AND (channel = 'mail' AND kind = ANY($4::text[])) = $5
         ORDER BY id
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
       RETURNING id, channel, kind, order_id, stock_request_id, payload, attempts, message_id,
         sending_at IS NOT NULL AS resend`,
      [now, limit, new Date(now.getTime() + leaseMs), kinds.of, kinds.digest],
    );
    return rows
      .map((r): OutboxEntry => {
        const entry = { id: r.id, attempts: r.attempts, messageId: r.message_id, resend: r.resend };
        if (r.channel === "sms") {
          return { ...entry, channel: "sms", kind: r.kind as SmsKind, orderId: r.order_id! };
        }
        if (r.stock_request_id !== null) {
          return {
            ...entry,
            channel: "mail",
            kind: BACK_IN_STOCK_KIND,
            stockRequestId: r.stock_request_id,
          };
        }
        return r.order_id !== null
          ? { ...entry, channel: "mail", kind: r.kind as MailKind, orderId: r.order_id }
          : { ...entry, channel: "mail", kind: r.kind as AccountMailKind, payload: r.payload };
      })
      .sort((a, b) => a.id - b.id);
  }

  async markSending(id: number, at: Date): Promise<void> {
    await this.#sql.query("UPDATE mail_outbox SET sending_at = $2 WHERE id = $1", [id, at]);
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.#sql.query(
      `UPDATE mail_outbox SET sent_at = $2, lease_until = NULL, last_error = NULL, payload = NULL,
         sending_at = NULL
       WHERE id = $1`,
      [id, at],
    );
  }

  async markWaiting(id: number, reason: string, nextAttemptAt: Date): Promise<void> {
    await this.#sql.query(
      `UPDATE mail_outbox
       SET last_error = $2, next_attempt_at = $3, lease_until = NULL, sending_at = NULL
       WHERE id = $1`,
      [id, reason, nextAttemptAt],
    );
  }

  async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#sql.query(
      `UPDATE mail_outbox
       SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3, lease_until = NULL,
         sending_at = NULL
       WHERE id = $1`,
      [id, error, nextAttemptAt],
    );
  }
}
