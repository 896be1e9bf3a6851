/**
 * E-mail confirmation links in PostgreSQL (migrations/0081): only the SHA-256 of each
 * link's secret is kept. Confirming spends the link, marks the address confirmed and joins
 * the guest orders under it (trimmed, any case) in one transaction; the conditional UPDATE
 * of the link makes two uses at once confirm once.
 */
import type {
  EmailConfirmed,
  EmailVerification,
  EmailVerificationStore,
} from "../../domain/ports.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { SqlClient } from "./sql_client.ts";

export class PostgresEmailVerifications implements EmailVerificationStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async create(link: EmailVerification, now: Date): Promise<void> {
    // Links of this account that can no longer be used go as a new one is made.
    await this.#sql.query(
      `DELETE FROM email_verifications
       WHERE account_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)`,
      [link.accountId, now],
    );
    await this.#sql.query(
      `INSERT INTO email_verifications (token_hash, account_id, email, language, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [link.tokenHash, link.accountId, link.email, link.language, link.expiresAt],
    );
  }

  async verifiedAt(accountId: number): Promise<Date | undefined> {
    const rows = await this.#sql.query<{ at: Date | string | null }>(
      "SELECT email_verified_at AS at FROM customer_accounts WHERE id = $1",
      [accountId],
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : undefined;
  }

  confirm(tokenHash: string, now: Date): Promise<EmailConfirmed | undefined> {
    return this.#sql.transaction(async (tx) => {
      // Spent only while the account still has the address the link confirms.
      const spent = await tx.query<
        { account_id: number; email: string; language: Locale; verified_at: Date | null }
      >(
        `UPDATE email_verifications v SET used_at = $2
         FROM customer_accounts a
         WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > $2
           AND a.id = v.account_id AND lower(btrim(a.email)) = lower(btrim(v.email))
         RETURNING v.account_id, a.email, v.language, a.email_verified_at AS verified_at`,
        [tokenHash, now],
      );
      if (spent.length === 0) return undefined;
      const accountId = Number(spent[0].account_id);
      const email = spent[0].email;
      await tx.query(
        "DELETE FROM email_verifications WHERE account_id = $1 AND token_hash <> $2",
        [accountId, tokenHash],
      );
      const firstTime = spent[0].verified_at === null;
      if (firstTime) {
        await tx.query(
          `UPDATE customer_accounts SET email_verified_at = $2
           WHERE id = $1 AND email_verified_at IS NULL`,
          [accountId, now],
        );
      }
      const joined = await tx.query<{ id: number | string }>(
        `UPDATE orders SET user_id = $1
         WHERE user_id IS NULL AND lower(btrim(email)) = lower(btrim($2))
         RETURNING id`,
        [accountId, email],
      );
      return {
        accountId,
        email,
        language: spent[0].language,
        joinedOrderIds: joined.map((r) => Number(r.id)).sort((a, b) => a - b),
        firstTime,
      };
    });
  }
}
