import postgres from "postgres";
import { TimedOutError, UnavailableError } from "../../domain/ports.ts";
import { guardStrayWrites } from "./stray_write_guard.ts";
import { parseDate, parseNumber, PG_TYPES, type Row, type SqlClient } from "./sql_client.ts";

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

/** postgres.js refused the answer to a transaction's BEGIN as if the connection were shared. */
function isRefusedBegin(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "UNSAFE_TRANSACTION";
}

/** A transaction whose BEGIN postgres.js refused: nothing of it ran, it may start again. */
class RefusedBeginError extends Error {
  constructor(options: ErrorOptions) {
    super("postgres.js refused a transaction's BEGIN on a reserved connection", options);
    this.name = "RefusedBeginError";
  }
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
type ReservedSql = postgres.ReservedSql<Record<string, unknown>>;

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
  /** Statements and transactions begun on this pool and not yet settled. */
  active: number;
  retired: boolean;
  ended?: Promise<void>;
}

/** A PostgreSQL server through a postgres.js connection pool, renewed now and then. */
export class PostgresJsSqlClient implements SqlClient {
  #pool: Pool;
  /** A fresh pool opening its connections, to take over from #pool. */
  #next: Pool | undefined;
  /** Retired pools with work still under way; each ends when its work is done. */
  readonly #retiring = new Set<Pool>();
  readonly #url: string;
  readonly #options: PostgresJsOptions;
  readonly #prepare: boolean;
  readonly #poolStatements: number;

  readonly #unguard: () => void;

  constructor(url: string, options: PostgresJsOptions = {}) {
    this.#url = url;
    this.#options = options;
    this.#prepare = options.prepare ?? true;
    this.#poolStatements = options.poolStatements ?? POOL_STATEMENTS;
    this.#pool = this.#newPool();
    this.#unguard = guardStrayWrites(() => this.renewPool());
  }

  #newPool(): Pool {
    const options = this.#options;
    const sql = postgres(this.#url, {
      max: options.max ?? 10,
      // deno-lint-ignore no-explicit-any
      types: TYPES as any,
      onnotice: () => {},
      idle_timeout: 30,
      connect_timeout: options.connectTimeoutSeconds ?? 5,
      connection: { statement_timeout: options.statementTimeoutMs ?? 15_000 },
      // Reconnect within seconds of the server coming back, not the default's 20 s.
      backoff: (attempt: number) => Math.min(0.1 * 2 ** attempt, 2),
    }) as unknown as Sql;
    return { sql, served: 0, active: 0, retired: false };
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
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const pool = this.#enter();
    try {
      // deno-lint-ignore no-explicit-any
      const rows = await pool.sql.unsafe(sql, params as any[], { prepare: this.#prepare });
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
   * Runs `fn` in a transaction on a connection reserved before BEGIN is sent.
   *
   * Not `sql.begin`: in postgres.js 3.4.9 a BEGIN written when a busy connection's
   * pipeline or socket buffer is full skips the reservation (porsager/postgres#823,
   * #1189). The order then fails with UNSAFE_TRANSACTION and the connection goes back
   * to the pool still inside the transaction. `sql.reserve()` takes an idle connection
   * and reserves it at once, so every statement of the transaction runs on it and
   * nothing else does. The pool it came from is not ended before the transaction is over.
   */
  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const pool = this.#enter();
    try {
      try {
        return await this.#inTransaction(pool.sql, fn);
      } catch (error) {
        // The transaction never began, so nothing of `fn` ran: once more on another connection.
        if (!(error instanceof RefusedBeginError)) throw error;
        try {
          return await this.#inTransaction(pool.sql, fn);
        } catch (again) {
          if (!(again instanceof RefusedBeginError)) throw again;
          throw new UnavailableError("The database could not begin a transaction", 1, {
            cause: again,
          });
        }
      }
    } finally {
      this.#leave(pool);
    }
  }

  async #inTransaction<T>(sql: Sql, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    let reserved: ReservedSql;
    try {
      reserved = await sql.reserve() as unknown as ReservedSql;
    } catch (error) {
      throw unavailable(error);
    }
    let release = true;
    try {
      try {
        await reserved.unsafe("begin");
      } catch (error) {
        if (!isRefusedBegin(error)) throw error;
        // postgres.js took the reserved connection for a shared one when BEGIN's answer came
        // (1 order in 2,000 across two processes under load): the server began the
        // transaction, so it is rolled back, and the connection is never handed out again
        // (the pool's renewal ends it).
        await reserved.unsafe("rollback").catch(() => {});
        release = false;
        throw new RefusedBeginError({ cause: error });
      }
      let result: T;
      try {
        result = await fn(new PostgresJsTransaction(reserved, this.#prepare));
      } catch (error) {
        await reserved.unsafe("rollback").catch((rollbackError: unknown) => {
          // A closed connection is back in the pool's hands already: never hand it out again.
          if (isConnectionFailure(rollbackError)) release = false;
        });
        throw error;
      }
      await reserved.unsafe("commit");
      return result;
    } catch (error) {
      if (error instanceof RefusedBeginError) throw error;
      if (isConnectionFailure(error)) release = false;
      throw unavailable(error);
    } finally {
      if (release) reserved.release();
    }
  }

  async close(): Promise<void> {
    this.#unguard();
    const pools = [this.#pool, ...this.#retiring, ...(this.#next ? [this.#next] : [])];
    this.#next = undefined;
    await Promise.all(pools.map((pool) => this.#end(pool, 5)));
  }
}

class PostgresJsTransaction implements SqlClient {
  readonly #tx: ReservedSql;
  readonly #prepare: boolean;

  constructor(tx: ReservedSql, prepare: boolean) {
    this.#tx = tx;
    this.#prepare = prepare;
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    // deno-lint-ignore no-explicit-any
    const rows = await this.#tx.unsafe(sql, params as any[], { prepare: this.#prepare });
    return Array.from(rows) as T[];
  }

  async exec(script: string): Promise<void> {
    await this.#tx.unsafe(script).simple();
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return fn(this);
  }

  close(): Promise<void> {
    return Promise.reject(new Error("A transaction cannot close the database"));
  }
}
