/**
 * A SqlClient that tells the audit triggers (migration 0034) who acts: each transaction
 * begun under an actor's scope first sets `pothgula.actor` for that transaction alone
 * (`set_config(..., true)`), and a write run outside a transaction is run in one that does.
 * The repositories are written against any SqlClient and know nothing of it.
 */
import type { ActorScope } from "../audit/actor_scope.ts";
import type { QueryOptions, Row, SqlClient } from "./sql_client.ts";

/** Statements that may write (a read that merely names one is run in a transaction too). */
const WRITES = /\b(insert|update|delete|merge)\b/i;

const SET_ACTOR = "SELECT set_config('pothgula.actor', $1, true)";

/**
 * Marks the caller's transaction: the stock it moves is an order's (left out of the trail).
 * With `genericPlans`, its prepared statements also keep the plan made for any values rather
 * than one planned again for each (a placement's: each of its reads is by key, and planning
 * the marks' sum again for every checkout cost the server 0.13 ms of its 2.7 ms an order,
 * docs/benchmarks.md item 51); one statement either way.
 */
export async function markOrderStock(
  tx: SqlClient,
  options: { genericPlans?: boolean } = {},
): Promise<void> {
  const generic = options.genericPlans
    ? ", set_config('plan_cache_mode', 'force_generic_plan', true)"
    : "";
  await tx.query(`SELECT set_config('pothgula.order_stock', 'on', true)${generic}`);
}

/**
 * `sql` with every transaction attributed to the actor of `scope` at the time it begins.
 *
 * @example
 * const sql = attributedClient(await openDatabase(options), scope);
 * await scope.run(admin, () => createRepositories(sql).catalogueAdmin.updateBook(1, change));
 */
export function attributedClient(sql: SqlClient, scope: ActorScope): SqlClient {
  const transaction = <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
    const actor = scope.current();
    if (!actor) return sql.transaction(fn);
    const setting = JSON.stringify(actor);
    return sql.transaction(async (tx) => {
      // Sent with the transaction's first statement rather than before it (pipeline.ts): the
      // server still sets the actor first, and a failure to set it fails what follows.
      const attributed = tx.query(SET_ACTOR, [setting]);
      // Observed at once, so that a failure to set it is never left unhandled meanwhile.
      attributed.catch(() => {});
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        // The actor's failure, when it failed, is why the statements after it failed.
        await attributed;
        throw error;
      }
      await attributed;
      return result;
    });
  };
  return {
    query<T = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<T[]> {
      if (!scope.current() || !WRITES.test(text)) return sql.query<T>(text, params, options);
      return transaction((tx) => tx.query<T>(text, params, options));
    },
    exec: (script) => sql.exec(script),
    transaction,
    close: () => sql.close(),
    serial: sql.serial,
    background: sql.background,
  };
}
