/**
 * The benchmark's slow-statement log: which statements make a scenario's tail, and their
 * plans. Two sources on the bench's PostgreSQL server, each used when the server has it:
 *
 * - `pg_stat_statements` (preloaded by the throwaway cluster, adapters/postgres/testing/
 *   cluster.ts): after each scenario, the statements of the bench's database with the
 *   longest single run, their mean, their calls; then the counters are reset for the next;
 * - `auto_explain`, loaded into every session of the bench's database: any statement that
 *   runs longer than `AUTO_EXPLAIN_MS` writes its plan to the server's log, which the bench
 *   reads back when it started the server itself.
 */
import type { SqlClient } from "../adapters/postgres/mod.ts";

/** A statement's plan is logged when one run of it takes longer than this. */
export const AUTO_EXPLAIN_MS = 25;

export interface SlowStatement {
  /** The statement as pg_stat_statements normalises it ($1 for each constant). */
  query: string;
  calls: number;
  meanMs: number;
  maxMs: number;
  totalMs: number;
}

export interface LoggedPlan {
  durationMs: number;
  query: string;
  /** The plan as EXPLAIN prints it, one node a line. */
  plan: string;
}

export type StatementLog =
  | { available: true; plans: boolean }
  | { available: false; reason: string };

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Turns the log on for `database` (by name, an identifier made of hex digits) through a
 * superuser session: the statistics when the module is preloaded, and auto_explain when it
 * can be loaded. Sessions opened afterwards log their slow plans.
 */
export async function startStatementLog(sql: SqlClient, database: string): Promise<StatementLog> {
  try {
    await sql.exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await sql.query("SELECT pg_stat_statements_reset()");
  } catch (error) {
    return { available: false, reason: `pg_stat_statements: ${(error as Error).message}` };
  }
  let plans = true;
  try {
    // Loading it here first proves every later session can: a library that is missing in
    // session_preload_libraries would refuse every connection of the shop.
    await sql.exec("LOAD 'auto_explain'");
    await sql.exec(`ALTER DATABASE ${database} SET session_preload_libraries = 'auto_explain'`);
    await sql.exec(
      `ALTER DATABASE ${database} SET auto_explain.log_min_duration = '${AUTO_EXPLAIN_MS}ms'`,
    );
  } catch {
    plans = false;
  }
  return { available: true, plans };
}

/** Starts the statement counters from nothing. */
export async function resetStatementCounters(sql: SqlClient): Promise<void> {
  await sql.query("SELECT pg_stat_statements_reset()");
}

/** The statements of the current database with the longest single runs since the last reset; then resets. */
export async function takeSlowestStatements(
  sql: SqlClient,
  limit = 5,
): Promise<SlowStatement[]> {
  const rows = await sql.query<{
    query: string;
    calls: string | number;
    mean_ms: number;
    max_ms: number;
    total_ms: number;
  }>(
    `SELECT query, calls, mean_exec_time AS mean_ms, max_exec_time AS max_ms,
            total_exec_time AS total_ms
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT ILIKE '%pg_stat_statements%'
      ORDER BY max_exec_time DESC
      LIMIT $1`,
    [limit],
  );
  await resetStatementCounters(sql);
  return rows.map((row) => ({
    query: row.query.replace(/\s+/g, " ").trim(),
    calls: Number(row.calls),
    meanMs: round(Number(row.mean_ms)),
    maxMs: round(Number(row.max_ms)),
    totalMs: round(Number(row.total_ms)),
  }));
}

/**
 * The plans auto_explain wrote to a server log, slowest first. An entry starts with
 * `LOG:  duration: 52.104 ms  plan:` and goes on in lines that start with a tab: the query's
 * text, then the plan.
 *
 * @example parseLoggedPlans("... LOG:  duration: 31.5 ms  plan:\n\tQuery Text: SELECT 1\n\tResult  (cost=0.00..0.01 rows=1 width=4)\n")
 * // [{ durationMs: 31.5, query: "SELECT 1", plan: "Result  (cost=0.00..0.01 rows=1 width=4)" }]
 */
export function parseLoggedPlans(log: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  const lines = log.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const head = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(lines[i]);
    if (!head) continue;
    const body: string[] = [];
    while (i + 1 < lines.length && lines[i + 1].startsWith("\t")) body.push(lines[++i].slice(1));
    const textAt = body.findIndex((line) => line.startsWith("Query Text: "));
    // The query's text runs until the plan's first node (a line with a cost estimate).
    const planAt = body.findIndex((line) => /\(cost=[\d.]+\.\.[\d.]+ rows=/.test(line));
    const query = textAt < 0 ? "" : body.slice(textAt, planAt < 0 ? body.length : planAt).join(" ")
      .replace(/^Query Text: /, "").replace(/\s+/g, " ").trim();
    plans.push({
      durationMs: Number(head[1]),
      query,
      plan: planAt < 0 ? "" : body.slice(planAt).join("\n"),
    });
  }
  return plans.sort((a, b) => b.durationMs - a.durationMs);
}

/** The slowest logged plans of a run, `limit` of them, one per distinct query text. */
export function slowestPlans(plans: readonly LoggedPlan[], limit = 10): LoggedPlan[] {
  const seen = new Set<string>();
  const out: LoggedPlan[] = [];
  for (const plan of plans) {
    const key = plan.query.replace(/\d+/g, "N").replace(/'[^']*'/g, "'…'");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(plan);
    if (out.length === limit) break;
  }
  return out;
}

/** The run's plans as markdown, for bench-results/slow-statements.md. */
export function plansMarkdown(plans: readonly LoggedPlan[], thresholdMs = AUTO_EXPLAIN_MS): string {
  if (plans.length === 0) return `No statement ran longer than ${thresholdMs} ms.\n`;
  return plans.map((p, i) =>
    `### ${i + 1}. ${p.durationMs} ms\n\n\`\`\`sql\n${p.query.slice(0, 2000)}\n\`\`\`\n\n` +
    `\`\`\`\n${p.plan}\n\`\`\`\n`
  ).join("\n");
}
