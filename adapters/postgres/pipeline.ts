/**
 * Statements of one transaction sent together, without waiting for each answer before the
 * next (postgres.js writes them down the transaction's one connection in a single packet;
 * PGlite runs them in turn). The server still runs them one after another, in the order
 * they were sent, each with its own snapshot, so a statement still sees what the ones
 * before it did and locked. What changes is the wait: one round trip between the shop and
 * the server instead of one a statement (docs/benchmarks.md, item 51).
 *
 * Only for statements whose text and values do not depend on an earlier one's answer, and
 * whose failures all end the transaction: once one fails, the server refuses the rest
 * ("current transaction is aborted"), so the first failure, in the order sent, is the one
 * that says why.
 */

/**
 * Awaits statements already sent, in the order sent: their answers, or the first failure.
 * Every statement is awaited, so none is left failing unobserved.
 *
 * @example
 * const [, rows] = await inTurn([tx.query(LOCK, [keys]), tx.query(SUM, [keys])]);
 */
export async function inTurn<T extends readonly unknown[]>(
  statements: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) {
    if (outcome.status === "rejected") throw outcome.reason;
  }
  return settled.map((outcome) =>
    (outcome as PromiseFulfilledResult<unknown>).value
  ) as unknown as T;
}
