/**
 * Rate limits every instance shares, in PostgreSQL: one row per counted event, counted
 * by the `rate_limit_hit` function (migrations/0009) in one statement, which locks each
 * key for the few microseconds it takes. Rows of keys nobody counts again are swept once
 * a day at most.
 */
import type { LimitedKey, LimitOutcome, RateLimitStore } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

export class PostgresRateLimitStore implements RateLimitStore {
  readonly #sql: SqlClient;
  #sweptAt = 0;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async hit(keys: readonly LimitedKey[], now: Date): Promise<LimitOutcome> {
    const rows = await this.#sql.query<{ blocked_key: string; free_at: Date | string }>(
      `SELECT blocked_key, free_at
       FROM rate_limit_hit($1::text[], $2::integer[], $3::interval[], $4)`,
      [
        keys.map((k) => k.key),
        keys.map((k) => k.limit),
        keys.map((k) => `${k.windowMs} milliseconds`),
        now,
      ],
    );
    if (now.getTime() - this.#sweptAt > SWEEP_EVERY_MS) {
      this.#sweptAt = now.getTime();
      const longest = Math.max(...keys.map((k) => k.windowMs), SWEEP_EVERY_MS);
      await this.#sql.query("DELETE FROM rate_limit_events WHERE at < $1", [
        new Date(now.getTime() - longest),
      ]);
    }
    if (rows.length === 0) return { allowed: true };
    const freeAt = new Date(rows[0].free_at).getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    return { allowed: false, key: rows[0].blocked_key, retryAfterSeconds };
  }

  async release(key: string, at: Date): Promise<void> {
    // Events of one key at one instant are alike: SKIP LOCKED lets takings back at once
    // each pick a different one, where two would otherwise pick the same row and one of
    // them delete nothing, leaving an event counted for good.
    await this.#sql.query(
      `DELETE FROM rate_limit_events WHERE ctid = (
         SELECT ctid FROM rate_limit_events WHERE key = $1 AND at = $2
         LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      [key, at],
    );
  }
}
