/**
 * What one request may make the shop do: a report or an export reads at most so many rows
 * and takes at most so long. Past the rows, the request is refused as too large (narrow it);
 * past the time, it is given up (try again later). Either way the shop goes on serving
 * everyone else: no single request can hold it (README, "Limits").
 */

/** The rows a request may read and the milliseconds it may take. */
export interface WorkBudget {
  rows: number;
  ms: number;
}

/**
 * A report's budget: its reads are summaries (a day, a product), never orders one by one;
 * a five-year daily report reads about 11,000 day rows; the CSV of idle products names them
 * one a row.
 */
export const REPORT_BUDGET: WorkBudget = { rows: 100_000, ms: 20_000 };

/** An export's budget: the orders' CSV (a line a row) and the catalogue's (a product a row). */
export const EXPORT_BUDGET: WorkBudget = { rows: 100_000, ms: 30_000 };

/** How much work a request has done so far. */
export interface WorkSpent {
  rows: number;
  ms: number;
}

/** Whether a request may go on. */
export type WorkCheck =
  | { kind: "ok" }
  | { kind: "too_many_rows"; rows: number; limit: number }
  | { kind: "too_slow"; ms: number; limit: number };

/**
 * Judges the work done so far against a budget: rows first (the request is too large, and
 * waiting would not help), then time.
 *
 * @example checkWork({ rows: 120_000, ms: 10 }, REPORT_BUDGET) // { kind: "too_many_rows", rows: 120000, limit: 100000 }
 * @example checkWork({ rows: 10, ms: 25_000 }, REPORT_BUDGET) // { kind: "too_slow", ms: 25000, limit: 20000 }
 */
export function checkWork(spent: WorkSpent, budget: WorkBudget): WorkCheck {
  if (spent.rows > budget.rows) {
    return { kind: "too_many_rows", rows: spent.rows, limit: budget.rows };
  }
  if (spent.ms > budget.ms) return { kind: "too_slow", ms: spent.ms, limit: budget.ms };
  return { kind: "ok" };
}
