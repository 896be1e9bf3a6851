import postgres from "postgres";
import { TimedOutError, UnavailableError } from "../../domain/ports.ts";
import { guardStrayWrites } from "./stray_write_guard.ts";
import {
  parseDate,
  parseNumber,
  PG_TYPES,
  type QueryOptions,
  type Row,
  type SqlClient,
} from "./sql_client.ts";

const BYTEA = 17;

function byteaToHex(bytes: Uint8Array): string {
  let hex = "\\x";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

function hexToBytea(text: string): Uint8Array {
  const hex = text.slice(2);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The parsers that make postgres.js return what PGlite returns (see sql_client.ts). */
const TYPES = {
  bigint: {
    to: PG_TYPES.int8,
    from: [PG_TYPES.int8, PG_TYPES.numeric],
    serialize: (value: number) => String(value),
    parse: parseNumber,
  },
  date: {
    to: PG_TYPES.date,
    from: [PG_TYPES.date],
    serialize: (value: string) => value,
    parse: parseDate,
  },
  bytea: {
    to: BYTEA,
    from: [BYTEA],
    serialize: byteaToHex,
    parse: hexToBytea,
  },
};

export interface PostgresJsOptions {
  /** Pool size; postgres.js opens connections lazily up to this many. */
  max?: number;
  /** Give up opening a connection after this long; 5 s by default. */
  connectTimeoutSeconds?: number;
  /** The server cancels a statement running longer than this; 15 s by default. */
  statementTimeoutMs?: number;
  /**
   * Prepare each statement once per connection (postgres.js's own default, which its
   * `unsafe` leaves off); true by default. Parsing and planning every statement again was
   * a third of an order's cost at 32 concurrent checkouts (308 against 525 orders/s).
   */
  prepare?: boolean;
  /** Statements a pool serves before a fresh one takes over; POOL_STATEMENTS by default. */
  poolStatements?: number;
  /**
   * Connections kept for transactions alone, besides the pool's; 20 by default (10 placed
   * 221 orders a second in the bench, 20 placed 262: a checkout's transaction waits on its
   * statements' answers, not on the server's CPU).
   */
  transactions?: number;
  /**
   * How long a transaction waits for one of those connections before it is refused as
   * unavailable (503); 30 s by default.
   */
  transactionWaitMs?: number;
}

/** Errors of the connection itself (postgres.js codes and socket errors). */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * Server answers that mean "not now": connection exceptions (class 08), shutting down or
 * starting up (57P01-57P03), too many connections (53300). A statement cancelled by
 * statement_timeout (57014) is not one: the server and the connection are fine.
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code);
}

/** Whether `error` is the server cancelling a statement past statement_timeout. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "57014";
}

/** Whether `error` says the server could not be reached or answer, rather than a bad query. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof Deno.errors.ConnectionRefused) return true;
  if (error instanceof Deno.errors.ConnectionReset) return true;
  if (error instanceof Deno.errors.BrokenPipe) return true;
  if (error instanceof Deno.errors.TimedOut) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return CONNECTION_CODES.has(code) || isUnavailableState(code);
}

/**
 * Turns a connection failure into the typed UnavailableError and a statement timeout into
 * TimedOutError; anything else unchanged.
 */
function unavailable(error: unknown): unknown {
  if (isStatementTimeout(error)) {
    return new TimedOutError("A database statement ran past its time limit", 2, { cause: error });
  }
  if (!isConnectionFailure(error)) return error;
  const code = (error as { code?: unknown }).code;
  return new UnavailableError(
    `The database is unavailable${typeof code === "string" ? ` (${code})` : ""}`,
    5,
    { cause: error },
  );
}

type Sql = postgres.Sql<Record<string, unknown>>;

/**
 * How many statements a pool serves before it is retired.
 *
 * postgres.js 3.4.9 keeps a pool's idle and busy connections in queues (src/queue.js)
 * whose `shift` leaves an empty slot behind and whose `remove` scans every slot. Taking a
 * connection shifts it off one queue and then asks that queue to remove it, which scans
 * for it in vain; the slots are dropped only when a queue is shifted empty, which steady
 * traffic over several connections never does. Each statement therefore left a slot and
 * made the next one scan more: 640,000 statements at 32 at a time took the client's CPU
 * per statement from 25 to 55 µs, and a fresh pool gave back the first speed. A retired
 * pool's slots go with it, so a statement scans about this many at most.
 */
export const POOL_STATEMENTS = 50_000;

/** A pool, with the statements it has served and the work under way on it. */
interface Pool {
  sql: Sql;
  served: number;
  /** Statements begun on this pool and not yet settled. */
  active: number;
  retired: boolean;
  ended?: Promise<void>;
}

/**
 * Where a URL says to connect: libpq's `?host=/folder` names the folder of the server's Unix
 * socket (`postgres://pothgula@localhost/pothgula?host=/var/run/postgresql`), which postgres.js
 * reads only as an option; the URL is handed on without it (postgres.js would send it to the
 * server as a setting). Any other URL is handed on as it is.
 *
 * @example postgresTarget("postgres://a@localhost/shop?host=/run/postgresql")
 *   // { url: "postgres://a@localhost/shop", socketFolder: "/run/postgresql" }
 */
export function postgresTarget(url: string): { url: string; socketFolder?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  if (!host?.startsWith("/")) return { url };
  parsed.searchParams.delete("host");
  return { url: parsed.href, socketFolder: host };
}

/**
 * A PostgreSQL server through a postgres.js connection pool, renewed now and then, and
 * connections of its own for transactions. On the same machine as the shop, a URL naming the
 * server's socket folder (postgresTarget) spares each statement the loopback's TCP: about 20 µs
 * of the shop's CPU a simple statement against 24 (docs/benchmarks.md, item 64).
 */
export class PostgresJsSqlClient implements SqlClient {
  #pool: Pool;
  /** A fresh pool opening its connections, to take over from #pool. */
  #next: Pool | undefined;
  /** Retired pools with work still under way; each ends when its work is done. */
  readonly #retiring = new Set<Pool>();
  readonly #url: string;
  readonly #socketFolder: string | undefined;
  readonly #options: PostgresJsOptions;
  readonly #prepare: boolean;
  readonly #poolStatements: number;

  readonly #lanes: TransactionLanes;
  readonly #unguard: () => void;

  constructor(url: string, options: PostgresJsOptions = {}) {
    const target = postgresTarget(url);
    this.#url = target.url;
    this.#socketFolder = target.socketFolder;
    this.#options = options;
    this.#prepare = options.prepare ?? true;
    this.#poolStatements = options.poolStatements ?? POOL_STATEMENTS;
    this.#pool = this.#newPool();
    this.#lanes = new TransactionLanes(
      (onclose) => this.#connect(1, onclose),
      options.transactions ?? 20,
      options.transactionWaitMs ?? 30_000,
    );
    this.#unguard = guardStrayWrites(() => this.renewPool());
  }

  #newPool(): Pool {
    return { sql: this.#connect(this.#options.max ?? 10), served: 0, active: 0, retired: false };
  }

  /** A postgres.js client of up to `max` connections, opened as they are needed. */
  #connect(max: number, onclose?: () => void): Sql {
    const options = this.#options;
    return postgres(this.#url, {
      max,
      ...(this.#socketFolder ? { host: this.#socketFolder } : {}),
      ...(onclose ? { onclose } : {}),
      // deno-lint-ignore no-explicit-any
      types: TYPES as any,
      onnotice: () => {},
      idle_timeout: 30,
      connect_timeout: options.connectTimeoutSeconds ?? 5,
      connection: { statement_timeout: options.statementTimeoutMs ?? 15_000 },
      // Reconnect within seconds of the server coming back, not the default's 20 s.
      backoff: (attempt: number) => Math.min(0.1 * 2 ** attempt, 2),
    }) as unknown as Sql;
  }

  /** The pool for the next statement or transaction, counted as under way on it. */
  #enter(): Pool {
    const pool = this.#pool;
    if (pool.served >= this.#poolStatements && !this.#next) this.#renew(pool);
    pool.served++;
    pool.active++;
    return pool;
  }

  /**
   * Opens a fresh pool's connections while `old` goes on serving, then hands over to it
   * and retires `old`: nothing waits for a connection to open.
   */
  #renew(old: Pool): void {
    const next = this.#next = this.#newPool();
    const opening = Array.from(
      { length: this.#options.max ?? 10 },
      () => next.sql.unsafe("SELECT 1"),
    );
    Promise.allSettled(opening).then(() => {
      if (this.#next !== next) return; // renewPool() or close() came first.
      this.#next = undefined;
      this.#pool = next;
      this.#retire(old, 5);
    });
  }

  #leave(pool: Pool): void {
    pool.active--;
    if (pool.retired && pool.active === 0) this.#end(pool, 5);
  }

  /** Takes `pool` out of use; it ends now if nothing is under way on it, else when its work is done. */
  #retire(pool: Pool, timeoutSeconds: number): void {
    pool.retired = true;
    if (pool.active === 0) this.#end(pool, timeoutSeconds);
    else this.#retiring.add(pool);
  }

  #end(pool: Pool, timeoutSeconds: number): Promise<void> {
    this.#retiring.delete(pool);
    return pool.ended ??= pool.sql.end({ timeout: timeoutSeconds }).catch(() => {});
  }

  /** Ends every connection now (their queries fail) and goes on with a fresh pool. */
  renewPool(): void {
    const old = this.#pool;
    this.#pool = this.#next ?? this.#newPool();
    this.#next = undefined;
    old.retired = true;
    this.#end(old, 0);
    this.#lanes.renew();
  }

  async query<T = Row>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<T[]> {
    const pool = this.#enter();
    try {
      const prepare = this.#prepare && !options.planEachTime;
      // deno-lint-ignore no-explicit-any
      const rows = await pool.sql.unsafe(sql, params as any[], { prepare });
      return Array.from(rows) as T[];
    } catch (error) {
      throw unavailable(error);
    } finally {
      this.#leave(pool);
    }
  }

  async exec(script: string): Promise<void> {
    const pool = this.#enter();
    try {
      await pool.sql.unsafe(script).simple();
    } catch (error) {
      throw unavailable(error);
    } finally {
      this.#leave(pool);
    }
  }

  /**
   * Runs `fn` in a transaction on a connection kept for transactions alone.
   *
   * Neither `sql.begin` nor `sql.reserve()`: in postgres.js 3.4.9 a BEGIN written when a
   * busy connection's pipeline or socket buffer is full skips the reservation
   * (porsager/postgres#823, #1189), so the order failed with UNSAFE_TRANSACTION and its
   * connection went back to the pool inside the transaction; and a `reserve()` still
   * waiting when a connection closes is handed to the reconnect and dropped, never settling
   * (porsager/postgres#1195): one checkout in 2,000 across two processes waited past two
   * minutes. A client of one connection has neither path: nothing else is ever queued on
   * it, and postgres.js allows a BEGIN there (`max: 1`).
   */
  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const lane = await this.#lanes.acquire();
    let healthy = true;
    try {
      const closes = lane.closes;
      // The BEGIN is not awaited before `fn` runs: postgres.js writes it in one packet with
      // the transaction's first statements (docs/benchmarks.md, item 57), one round trip
      // less for every transaction. The server runs it first; when it fails, so does every
      // statement sent after it, and the BEGIN's own failure is the one reported.
      const begun = lane.sql.unsafe("begin").then(() => undefined, (error: unknown) => ({ error }));
      const beginFailure = async (): Promise<{ error: unknown } | undefined> => {
        const failed = await begun;
        if (!failed) return undefined;
        // Whatever stopped it, nothing the statements after it did is known: a fresh
        // connection replaces this one.
        healthy = false;
        return { error: unavailable(failed.error) };
      };
      if (lane.openSince !== closes) {
        const notBegun = await beginFailure();
        if (notBegun) throw notBegun.error;
      }
      const tx = new PostgresJsTransaction(lane.sql, this.#prepare, () => lane.closes === closes);
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        const notBegun = await beginFailure();
        if (notBegun) throw notBegun.error;
        if (tx.lost) {
          // The server rolled the transaction back when the connection went.
          healthy = false;
        } else {
          await lane.sql.unsafe("rollback").catch((rollbackError: unknown) => {
            if (isConnectionFailure(rollbackError)) healthy = false;
          });
        }
        throw unavailable(error);
      }
      const notBegun = await beginFailure();
      if (notBegun) throw notBegun.error;
      // `fn` may have caught its own statement's failure: a lost connection took the
      // transaction with it, and a COMMIT now would run on a fresh connection and say yes.
      // (Checked in the same turn as the COMMIT is sent: no close can come in between.)
      if (tx.lost || lane.closes !== closes) {
        healthy = false;
        throw new UnavailableError("The database connection closed during a transaction", 5);
      }
      try {
        await lane.sql.unsafe("commit");
      } catch (error) {
        if (isConnectionFailure(error)) healthy = false;
        throw unavailable(error);
      }
      lane.openSince = closes;
      return result;
    } finally {
      this.#lanes.release(lane, healthy);
    }
  }

  async close(): Promise<void> {
    this.#unguard();
    const pools = [this.#pool, ...this.#retiring, ...(this.#next ? [this.#next] : [])];
    this.#next = undefined;
    await Promise.all([
      ...pools.map((pool) => this.#end(pool, 5)),
      this.#lanes.close(5),
    ]);
  }
}

/** A client of one connection that runs one transaction at a time. */
interface Lane {
  sql: Sql;
  /**
   * How many times its connection has closed. postgres.js opens a fresh connection for the
   * next statement without a word, so a transaction whose connection closed between two
   * statements would run the rest outside any transaction and commit on the fresh one: the
   * count taken at BEGIN, compared before each statement and the COMMIT, refuses that.
   */
  closes: number;
  /**
   * `closes` when a transaction last committed on it: while the two are equal its connection
   * is open and idle, and a BEGIN is written in one packet with the statements after it.
   * Otherwise the BEGIN opens the connection first: a statement queued behind a connection
   * still opening would, were that open to fail, go to the next one outside any transaction.
   */
  openSince?: number;
  /** Ended by renew() while a transaction ran on it: never handed out again. */
  ended?: boolean;
}

interface Waiter {
  take(lane: Lane): void;
  refuse(error: Error): void;
}

/**
 * The connections kept for transactions: up to `size` clients of one connection each,
 * opened when first needed, handed out one transaction at a time, first come first served.
 */
class TransactionLanes {
  readonly #open: (onclose: () => void) => Sql;
  readonly #size: number;
  readonly #waitMs: number;
  readonly #idle: Lane[] = [];
  readonly #busy = new Set<Lane>();
  readonly #waiting: Waiter[] = [];
  #closed = false;

  constructor(open: (onclose: () => void) => Sql, size: number, waitMs: number) {
    this.#open = open;
    this.#size = Math.max(1, size);
    this.#waitMs = waitMs;
  }

  /** A lane for one transaction; UnavailableError when none comes free within the wait. */
  acquire(): Promise<Lane> {
    if (this.#closed) {
      return Promise.reject(new UnavailableError("The database is closing", 5));
    }
    const lane = this.#idle.pop() ?? this.#openLane();
    if (lane) {
      this.#busy.add(lane);
      return Promise.resolve(lane);
    }
    return new Promise<Lane>((resolve, reject) => {
      const waiter: Waiter = {
        take(lane) {
          clearTimeout(timer);
          resolve(lane);
        },
        refuse(error) {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const at = this.#waiting.indexOf(waiter);
        if (at !== -1) this.#waiting.splice(at, 1);
        reject(
          new UnavailableError(
            `No database connection came free for a transaction within ${this.#waitMs} ms`,
            2,
          ),
        );
      }, this.#waitMs);
      this.#waiting.push(waiter);
    });
  }

  /** Gives `lane` back; one whose connection failed is ended and another opened in its place. */
  release(lane: Lane, healthy: boolean): void {
    this.#busy.delete(lane);
    let next: Lane | undefined = lane;
    if (!healthy || lane.ended || this.#closed) {
      if (!lane.ended) lane.sql.end({ timeout: 0 }).catch(() => {});
      next = this.#closed ? undefined : this.#openLane();
    }
    if (!next) return;
    const waiter = this.#waiting.shift();
    if (waiter) {
      this.#busy.add(next);
      waiter.take(next);
    } else {
      this.#idle.push(next);
    }
  }

  /** Ends every connection now (transactions under way fail); fresh ones open on demand. */
  renew(): void {
    for (const lane of [...this.#idle, ...this.#busy]) {
      lane.ended = true;
      lane.sql.end({ timeout: 0 }).catch(() => {});
    }
    this.#idle.length = 0;
    // A busy lane's transaction fails and releases it as unhealthy: a fresh one replaces it.
  }

  async close(timeoutSeconds: number): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) {
      waiter.refuse(new UnavailableError("The database is closing", 5));
    }
    const lanes = [...this.#idle, ...this.#busy];
    this.#idle.length = 0;
    await Promise.all(
      lanes.map((lane) => lane.sql.end({ timeout: timeoutSeconds }).catch(() => {})),
    );
  }

  #openLane(): Lane | undefined {
    if (this.#idle.length + this.#busy.size >= this.#size) return undefined;
    const lane = { closes: 0 } as Lane;
    lane.sql = this.#open(() => lane.closes++);
    return lane;
  }
}

class PostgresJsTransaction implements SqlClient {
  readonly #sql: Sql;
  readonly #prepare: boolean;
  /** The connection failed under a statement: the server has rolled the transaction back. */
  lost = false;
  /** Whether the connection the transaction began on is still the one open. */
  readonly #sameConnection: () => boolean;

  constructor(sql: Sql, prepare: boolean, sameConnection: () => boolean = () => true) {
    this.#sql = sql;
    this.#prepare = prepare;
    this.#sameConnection = sameConnection;
  }

  async query<T = Row>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<T[]> {
    this.#refuseIfLost();
    try {
      const prepare = this.#prepare && !options.planEachTime;
      // deno-lint-ignore no-explicit-any
      const rows = await this.#sql.unsafe(sql, params as any[], { prepare });
      return Array.from(rows) as T[];
    } catch (error) {
      if (isConnectionFailure(error)) this.lost = true;
      throw error;
    }
  }

  async exec(script: string): Promise<void> {
    this.#refuseIfLost();
    try {
      await this.#sql.unsafe(script).simple();
    } catch (error) {
      if (isConnectionFailure(error)) this.lost = true;
      throw error;
    }
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return fn(this);
  }

  close(): Promise<void> {
    return Promise.reject(new Error("A transaction cannot close the database"));
  }

  /**
   * The client would reconnect and run the statement outside the transaction: refused when
   * a statement saw the connection fail, or when it closed since BEGIN (checked in the same
   * turn as the statement is sent, so no close comes in between).
   */
  #refuseIfLost(): void {
    if (!this.lost && !this.#sameConnection()) this.lost = true;
    if (this.lost) {
      throw new UnavailableError("The database connection closed during a transaction", 5);
    }
  }
}
