/**
 * Heavy requests (reports, exports, imports) under budgets (domain/limits/work_budget.ts):
 * each runs in one lane of the process, a few at once and a few waiting (more are answered
 * 503 with Retry-After at once, before any work), and reads through a meter that refuses it
 * 400 `TOO_MANY_ROWS` past its rows and gives it up 503 `TIMED_OUT` past its time. The
 * storefront's requests never wait in this lane: a flood of the worst reports queues behind
 * itself, not in front of a book page. And the lane rests after each heavy request as long as
 * it took, twice over (up to `restMs`), before the next starts: the embedded database answers
 * on the process's one thread, so back-to-back reports would hold it for every shopper;
 * resting, the lane leaves the shop at least two thirds of its time whatever is asked of it.
 * The answer never waits for the rest: only a report asked while another's rest runs does.
 */
import {
  checkWork,
  EXPORT_BUDGET,
  REPORT_BUDGET,
  type WorkBudget,
} from "../../domain/limits/work_budget.ts";
import { ApiError } from "./errors.ts";

/** The kinds of heavy work and their budgets. */
export type HeavyKind = "report" | "export" | "import";

/** The limits of heavy work in one process. */
export interface WorkLimits {
  report: WorkBudget;
  export: WorkBudget;
  /** An import reads a body of at most 10 MB: its budget is its time. */
  import: WorkBudget;
  /** Heavy requests running at once. */
  atOnce: number;
  /** Heavy requests waiting for their turn; one more is refused 503. */
  waiting: number;
  /** A monotonic clock in milliseconds (performance.now). */
  now: () => number;
  /** The lane rests `restFactor` times as long as a heavy request took, at most `restMs`. */
  restFactor: number;
  /** The longest rest of the lane after a heavy request. */
  restMs: number;
  /** Runs `pass` after `ms` (setTimeout): when the lane's rest ends. */
  later: (pass: () => void, ms: number) => void;
}

export const DEFAULT_WORK_LIMITS: WorkLimits = {
  report: REPORT_BUDGET,
  export: EXPORT_BUDGET,
  import: { rows: Number.MAX_SAFE_INTEGER, ms: 60_000 },
  atOnce: 1,
  waiting: 4,
  now: () => performance.now(),
  restFactor: 2,
  restMs: 2_000,
  later: (pass, ms) => void setTimeout(pass, ms),
};

/** Seconds a refused or given-up heavy request is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/** The rows and time one heavy request spends, checked against its budget. */
export class WorkMeter {
  #rows = 0;
  readonly #started: number;

  constructor(
    private readonly what: string,
    private readonly budget: WorkBudget,
    private readonly now: () => number,
  ) {
    this.#started = now();
  }

  /**
   * Counts rows read (or about to be: a list's total, before it is read page by page) and
   * refuses the request 400 past the budget; `narrow` names the fields that make it smaller.
   */
  count(rows: number, narrow: readonly string[] = []): void {
    this.#rows += rows;
    this.#check(narrow);
  }

  /** Refuses (400) a request that would read `rows` in all, before it reads them. */
  expect(rows: number, narrow: readonly string[] = []): void {
    const check = checkWork({ rows, ms: 0 }, this.budget);
    if (check.kind === "too_many_rows") throw tooManyRows(this.what, check, narrow);
  }

  /** Gives the request up (503) once past its time. */
  tick(): void {
    this.#check([]);
  }

  #check(narrow: readonly string[]): void {
    const check = checkWork({ rows: this.#rows, ms: this.now() - this.#started }, this.budget);
    if (check.kind === "too_many_rows") throw tooManyRows(this.what, check, narrow);
    if (check.kind === "too_slow") {
      throw new ApiError(
        503,
        "TIMED_OUT",
        `The ${this.what} took longer than its ${
          Math.round(check.limit / 1000)
        } s and was given up: try a smaller one, or again later`,
        { retryAfterSeconds: RETRY_AFTER_SECONDS, limitMs: check.limit },
        { "Retry-After": String(RETRY_AFTER_SECONDS) },
      );
    }
  }
}

function tooManyRows(
  what: string,
  check: { rows: number; limit: number },
  narrow: readonly string[],
): ApiError {
  const words = narrow.length > 0 ? `: narrow it (${narrow.join(", ")})` : "";
  return new ApiError(
    400,
    "TOO_MANY_ROWS",
    `The ${what} would read ${check.rows.toLocaleString("en")} rows, at most ${
      check.limit.toLocaleString("en")
    } at once${words}`,
    { rows: check.rows, limit: check.limit, fields: narrow },
  );
}

/**
 * The lane and the budgets of one app: `run` admits a heavy request when the lane has room
 * (or a waiting place), and hands it a meter of its kind's budget, started when its turn
 * came.
 */
export class WorkGuard {
  readonly limits: WorkLimits;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(limits: Partial<WorkLimits> = {}) {
    this.limits = { ...DEFAULT_WORK_LIMITS, ...limits };
  }

  /** Heavy requests running now and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#queue.length };
  }

  async run<T>(kind: HeavyKind, what: string, work: (meter: WorkMeter) => Promise<T>): Promise<T> {
    if (this.#running >= this.limits.atOnce) {
      if (this.#queue.length >= this.limits.waiting) {
        throw new ApiError(
          503,
          "SERVICE_UNAVAILABLE",
          `The shop is busy with other reports and exports: ask for the ${what} again shortly`,
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
          { "Retry-After": String(RETRY_AFTER_SECONDS) },
        );
      }
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running++;
    }
    const started = this.limits.now();
    try {
      return await work(new WorkMeter(what, this.limits[kind], this.limits.now));
    } finally {
      // The answer goes at once; the lane rests twice as long as the request took, then the
      // turn passes to the next waiting request, or the lane frees a place.
      const took = Math.max(0, this.limits.now() - started);
      const rest = Math.min(took * this.limits.restFactor, this.limits.restMs);
      const pass = () => {
        const next = this.#queue.shift();
        if (next) next();
        else this.#running--;
      };
      if (rest > 0) this.limits.later(pass, rest);
      else pass();
    }
  }
}
