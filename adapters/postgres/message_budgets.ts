/**
 * The message budgets every instance shares, in PostgreSQL (migration 0040): a row per slot
 * and key, its count raised in one statement only while it is below the limit, so that two
 * dispatchers at once never both take the last use. Rows untouched for a few days are swept
 * once a day at most.
 */
import type { MessageBudgets } from "../../domain/notifications/message_budget.ts";
import type { SqlClient } from "./sql_client.ts";

const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
/** The longest slot is a day; its rows are kept a little longer for the owner's questions. */
const KEEP_MS = 3 * SWEEP_EVERY_MS;

export class PostgresMessageBudgets implements MessageBudgets {
  readonly #sql: SqlClient;
  readonly #now: () => Date;
  #sweptAt = 0;

  constructor(sql: SqlClient, now: () => Date = () => new Date()) {
    this.#sql = sql;
    this.#now = now;
  }

  async take(slot: string, key: string, limit: number): Promise<boolean> {
    if (limit < 1) return false;
    const now = this.#now();
    const rows = await this.#sql.query<{ used: number }>(
      `INSERT INTO message_budget_uses AS u (slot, key, used, updated_at)
       VALUES ($1, $2, 1, $4)
       ON CONFLICT (slot, key) DO UPDATE SET used = u.used + 1, updated_at = $4
         WHERE u.used < $3
       RETURNING used`,
      [slot, key, limit, now],
    );
    await this.#sweep(now);
    return rows.length > 0;
  }

  async giveBack(slot: string, key: string): Promise<void> {
    await this.#sql.query(
      `UPDATE message_budget_uses SET used = used - 1 WHERE slot = $1 AND key = $2 AND used > 0`,
      [slot, key],
    );
  }

  async used(slot: string, key: string): Promise<number> {
    const [row] = await this.#sql.query<{ used: number }>(
      "SELECT used FROM message_budget_uses WHERE slot = $1 AND key = $2",
      [slot, key],
    );
    return row ? Number(row.used) : 0;
  }

  async #sweep(now: Date): Promise<void> {
    if (now.getTime() - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now.getTime();
    await this.#sql.query("DELETE FROM message_budget_uses WHERE updated_at < $1", [
      new Date(now.getTime() - KEEP_MS),
    ]);
  }
}
