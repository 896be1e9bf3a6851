/**
 * The small SQL port the repositories are written against, so that the same SQL runs on
 * PGlite (embedded) and on a PostgreSQL server through postgres.js.
 *
 * Both adapters return rows as plain objects with the same JavaScript types:
 * `bigint` and `numeric` columns as numbers (money is cents, well inside 2^53), `date`
 * columns as `YYYY-MM-DD` strings, `timestamptz` as `Date`, `bytea` as `Uint8Array`,
 * arrays as arrays and `json` as parsed values.
 */

/** A result row: column name to value. */
export type Row = Record<string, unknown>;

/** How one statement runs. */
export interface QueryOptions {
  /**
   * Planned with its own values every time rather than prepared once (a server only): for a
   * statement whose best plan depends on them, where a prepared statement's generic plan can
   * read every row (a search's matches counted up to a bound: docs/benchmarks.md, item 43).
   */
  planEachTime?: boolean;
}

export interface SqlClient {
  /** Runs one statement with positional parameters (`$1`, `$2`, ...). */
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of several statements without parameters (a migration file). */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Calling `transaction` on the `tx` given to `fn` runs in that same transaction.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * True when the engine runs one statement at a time for every caller and cannot cancel
   * one (PGlite): a long statement there holds up every other request of the shop.
   */
  readonly serial?: boolean;
  /**
   * On a serial engine, the same database for work that may wait: its statements let the
   * statements other requests are waiting to run go first (a search's suggestions, slice by
   * slice, behind a book read or an order).
   */
  readonly background?: Pick<SqlClient, "query">;
}

/** PostgreSQL type oids the adapters parse the same way. */
export const PG_TYPES = {
  int8: 20,
  numeric: 1700,
  date: 1082,
} as const;

/** `bigint` and `numeric` text to a JavaScript number. */
export function parseNumber(text: string): number {
  return Number(text);
}

/** `date` text stays as it is: `YYYY-MM-DD`. */
export function parseDate(text: string): string {
  return text;
}
