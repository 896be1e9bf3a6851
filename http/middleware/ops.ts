/**
 * What operations need from the running shop: `GET /healthz` (the process answers, and
 * how many rounds each background job has run and when the last ended, so a job that
 * stopped is seen),
 * `GET /readyz` (the database answers and carries every migration this version ships;
 * 503 otherwise, so a load balancer sends no shopper to an instance that cannot serve)
 * and one JSON log line per request.
 *
 * The log line names the request id, method, path (never the query string), status and
 * duration: no header, body, token or customer detail is ever written.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./request_id.ts";
import type { Logger } from "./errors.ts";

export interface ReadinessReport {
  ready: boolean;
  /** One entry per check: true when it passed. */
  checks: Record<string, boolean>;
}

/** A background job's rounds so far, as /healthz tells them. */
export interface JobRoundsSeen {
  rounds: number;
  /** When the last round ended (ISO 8601), or null before the first. */
  last_round_at: string | null;
}

/**
 * The rounds of the process's background jobs (the lapse loop, the mail outbox): each job
 * counts its own through `counter(name)`, and /healthz reports them.
 */
export class JobRounds {
  readonly #jobs = new Map<string, JobRoundsSeen>();
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The `onRound` hook of job `name`. */
  counter(name: string): () => void {
    const seen: JobRoundsSeen = { rounds: 0, last_round_at: null };
    this.#jobs.set(name, seen);
    return () => {
      seen.rounds += 1;
      seen.last_round_at = this.now().toISOString();
    };
  }

  report(): Record<string, JobRoundsSeen> {
    return Object.fromEntries([...this.#jobs].map(([name, seen]) => [name, { ...seen }]));
  }
}

/** Answers whether the instance can serve shoppers now. */
export type ReadinessCheck = () => Promise<ReadinessReport>;

/** The little of a SQL client the readiness check needs (SqlClient has it). */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A probe that takes longer than this counts as failed: /readyz never hangs. */
export const READINESS_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready when the database answers and every migration in `expected` is recorded as
 * applied in schema_migrations.
 *
 * @example
 * const readiness = databaseReadiness(sql, (await readMigrations()).map((m) => m.name));
 */
export function databaseReadiness(
  sql: Queryable,
  expected: readonly string[],
  timeoutMs = READINESS_TIMEOUT_MS,
): ReadinessCheck {
  return async () => {
    let applied: string[];
    try {
      const rows = await withTimeout(
        sql.query<{ name: string }>("SELECT name FROM schema_migrations"),
        timeoutMs,
      );
      applied = rows.map((r) => r.name);
    } catch {
      return { ready: false, checks: { database: false, migrations: false } };
    }
    const have = new Set(applied);
    const migrations = expected.every((name) => have.has(name));
    return { ready: migrations, checks: { database: true, migrations } };
  };
}

/**
 * Serves `/healthz` and `/readyz` (GET or HEAD) in front of the app's routes; every other
 * request passes through. Without a readiness check, /readyz answers like /healthz.
 */
export function opsEndpoints(
  readiness?: ReadinessCheck,
  jobs?: JobRounds,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if ((path !== "/healthz" && path !== "/readyz") || !["GET", "HEAD"].includes(c.req.method)) {
      return await next();
    }
    c.header("Cache-Control", "no-store");
    if (path === "/healthz" || !readiness) {
      return c.json({ status: "ok", ...(jobs ? { jobs: jobs.report() } : {}) }, 200);
    }
    let report: ReadinessReport;
    try {
      report = await readiness();
    } catch {
      report = { ready: false, checks: {} };
    }
    if (report.ready) return c.json({ status: "ready", checks: report.checks }, 200);
    c.header("Retry-After", "5");
    return c.json({ status: "unavailable", checks: report.checks }, 503);
  };
}

/** Milliseconds since some fixed point; performance.now() by default. */
export type Stopwatch = () => number;

/**
 * One `info` line per request, after the answer is known: `{requestId, method, path,
 * status, durationMs}`. Runs after the request id is set, so the id is the one in the
 * `X-Request-Id` header.
 */
export function requestLog(
  logger: Logger,
  now: Stopwatch = () => performance.now(),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = now();
    try {
      await next();
    } finally {
      logger.info("request", {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((now() - started) * 10) / 10,
      });
    }
  };
}
