import postgres from "postgres";
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
}

type Sql = postgres.Sql<Record<string, unknown>>;
type TransactionSql = postgres.TransactionSql<Record<string, unknown>>;

/** A PostgreSQL server through a postgres.js connection pool. */
export class PostgresJsSqlClient implements SqlClient {
  readonly #sql: Sql;

  constructor(url: string, options: PostgresJsOptions = {}) {
    this.#sql = postgres(url, {
      max: options.max ?? 10,
      // deno-lint-ignore no-explicit-any
      types: TYPES as any,
      onnotice: () => {},
      idle_timeout: 30,
    }) as unknown as Sql;
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    // deno-lint-ignore no-explicit-any
    const rows = await this.#sql.unsafe(sql, params as any[]);
    return Array.from(rows) as T[];
  }

  async exec(script: string): Promise<void> {
    await this.#sql.unsafe(script).simple();
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const result = await this.#sql.begin((tx) => fn(new PostgresJsTransaction(tx)));
    return result as T;
  }

  close(): Promise<void> {
    return this.#sql.end({ timeout: 5 });
  }
}

class PostgresJsTransaction implements SqlClient {
  readonly #tx: TransactionSql;

  constructor(tx: TransactionSql) {
    this.#tx = tx;
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    // deno-lint-ignore no-explicit-any
    const rows = await this.#tx.unsafe(sql, params as any[]);
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
