/**
 * The embedded database's upkeep: what a PostgreSQL server's autovacuum does on its own,
 * which PGlite, one process with no background workers, never does. Without it no table of
 * an embedded shop was ever analysed, so the planner guessed every table's size, and the
 * search copies that a catalogue's writes fill (migration 0019) were never vacuumed, so
 * their pages were never marked all-visible and every count read them. With 10,000
 * generated books, unique searches took p50 85 ms, p99 108 ms without this upkeep and p50
 * 10 ms, p99 20 ms with it (docs/benchmarks.md, item 52).
 *
 * A round reads each table's counters (pg_stat_user_tables) and vacuums or analyses the
 * tables past PostgreSQL's own autovacuum thresholds, one statement a table, each in the
 * database's background turn, so requests waiting go first. The first round runs at start:
 * a table never vacuumed nor analysed gets both then, if it holds rows. An empty one is left
 * as autovacuum leaves it: analysed while empty, the statements kept for it would read it
 * whole as it fills, until the next round (docs/benchmarks.md, items 55 and 56).
 */
import type { SqlClient } from "../postgres/sql_client.ts";
import { startRounds } from "../jobs/rounds.ts";

/** One table's counters, as pg_stat_user_tables and pg_class keep them. */
export interface TableCounters {
  table: string;
  /** pg_class.reltuples: the rows the last vacuum or analyse counted; -1 before either. */
  rows: number;
  /** The table's file as it is now, in bytes: 0 for a table no row was ever written to. */
  bytes: number;
  /** pg_class.relpages and relallvisible, as the last vacuum or analyse found them. */
  pages: number;
  allVisiblePages: number;
  /** Rows deleted or updated away since the last vacuum. */
  dead: number;
  /** Rows inserted since the last vacuum. */
  insertedSinceVacuum: number;
  /** Rows written since the last analyse. */
  changedSinceAnalyse: number;
}

/** What a round does to one table. */
export interface TableUpkeep {
  table: string;
  vacuum: boolean;
  analyse: boolean;
}

/**
 * PostgreSQL's autovacuum defaults (autovacuum_vacuum_threshold and _scale_factor, the
 * same for inserts and for analyse): a table is due when its changes pass a fixed number
 * of rows plus a share of its size.
 */
const THRESHOLDS = {
  vacuum: { rows: 50, share: 0.2 },
  vacuumInserts: { rows: 1000, share: 0.2 },
  analyse: { rows: 50, share: 0.1 },
} as const;

function past(count: number, rows: number, limit: { rows: number; share: number }): boolean {
  return count > limit.rows + limit.share * rows;
}

/**
 * A table of at least this many pages is vacuumed when fewer than half of them are known
 * all-visible: its counts and index-only reads then visit the table's own pages.
 */
const VISIBLE_SHARE = { pages: 8, share: 0.5 } as const;

/**
 * The tables due for a vacuum or an analyse; the others are left. The counters since the
 * last vacuum start again at every start of the embedded engine, so what the catalogue
 * keeps (pg_class) decides too: a table never vacuumed nor analysed that holds rows gets
 * both (an empty one waits for its rows), and one with most of its pages not marked
 * all-visible is vacuumed.
 */
export function upkeepPlan(tables: readonly TableCounters[]): TableUpkeep[] {
  return tables.flatMap((t) => {
    const rows = Math.max(t.rows, 0);
    const never = t.rows < 0 && t.bytes > 0;
    const unmarked = t.pages >= VISIBLE_SHARE.pages &&
      t.allVisiblePages < VISIBLE_SHARE.share * t.pages;
    const vacuum = never || unmarked || past(t.dead, rows, THRESHOLDS.vacuum) ||
      past(t.insertedSinceVacuum, rows, THRESHOLDS.vacuumInserts);
    const analyse = never || past(t.changedSinceAnalyse, rows, THRESHOLDS.analyse);
    return vacuum || analyse ? [{ table: t.table, vacuum, analyse }] : [];
  });
}

/** The statement that carries out one table's upkeep. */
export function upkeepStatement(step: TableUpkeep): string {
  const name = `"${step.table.replaceAll('"', '""')}"`;
  if (step.vacuum) return step.analyse ? `VACUUM (ANALYZE) ${name}` : `VACUUM ${name}`;
  return `ANALYZE ${name}`;
}

const COUNTERS = `
  SELECT s.relname AS table, c.reltuples AS rows, pg_relation_size(c.oid) AS bytes,
    c.relpages AS pages,
    c.relallvisible AS visible, s.n_dead_tup AS dead,
    s.n_ins_since_vacuum AS inserted, s.n_mod_since_analyze AS changed
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = 'public'
  ORDER BY s.relname`;

/** One round: reads the counters and carries out the plan. Returns what it did. */
export async function upkeepRound(sql: SqlClient): Promise<TableUpkeep[]> {
  const lane = sql.background ?? sql;
  const counters = await lane.query<
    {
      table: string;
      rows: number;
      bytes: number;
      pages: number;
      visible: number;
      dead: number;
      inserted: number;
      changed: number;
    }
  >(COUNTERS);
  const plan = upkeepPlan(counters.map((c) => ({
    table: c.table,
    rows: Number(c.rows),
    bytes: Number(c.bytes),
    pages: Number(c.pages),
    allVisiblePages: Number(c.visible),
    dead: Number(c.dead),
    insertedSinceVacuum: Number(c.inserted),
    changedSinceAnalyse: Number(c.changed),
  })));
  for (const step of plan) await lane.query(upkeepStatement(step));
  return plan;
}

export interface UpkeepOptions {
  /** Pause between rounds; a minute by default, as autovacuum's naptime. */
  intervalMs?: number;
  /** Told about a round that failed; logs to stderr by default. */
  onError?: (error: unknown) => void;
  /** Told of each round's work, whatever it was (/healthz counts the rounds). */
  onRound?: (done: TableUpkeep[]) => void;
}

export interface Upkeep {
  /** Stops the loop; resolves when the round under way (if any) has finished. */
  stop(): Promise<void>;
}

/** Starts the rounds; the first runs at once. A failed round is reported and the next runs. */
export function startUpkeep(sql: SqlClient, options: UpkeepOptions = {}): Upkeep {
  const intervalMs = options.intervalMs ?? 60_000;
  const onError = options.onError ??
    ((error: unknown) =>
      console.error("Database upkeep failed:", error instanceof Error ? error.message : error));
  async function round(): Promise<boolean> {
    let done: TableUpkeep[] = [];
    try {
      done = await upkeepRound(sql);
    } catch (error) {
      try {
        onError(error);
      } catch {
        // A failing error handler must not end the loop.
      }
    }
    try {
      options.onRound?.(done);
    } catch {
      // Nor a failing listener.
    }
    return false;
  }

  return startRounds(round, { intervalMs });
}
