import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { parseDate, parseNumber, PG_TYPES, type Row, type SqlClient } from "./sql_client.ts";

/** Options PGlite is always opened with: pg_trgm loaded, our type parsers. */
function pgliteOptions() {
  return {
    extensions: { pg_trgm },
    parsers: {
      [PG_TYPES.int8]: parseNumber,
      [PG_TYPES.numeric]: parseNumber,
      [PG_TYPES.date]: parseDate,
    },
  };
}

/**
 * PostgreSQL compiled to WebAssembly, in this process. It is one connection: PGlite runs
 * every query and transaction under its own mutex, so concurrent callers queue up and
 * never interleave inside another caller's transaction.
 */
export class PgliteSqlClient implements SqlClient {
  readonly #db: PGlite;
  readonly serial = true;

  constructor(db: PGlite) {
    this.#db = db;
  }

  /** Opens (or creates) the data directory `dataDir`, or an in-memory database when absent. */
  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    const db = await PGlite.create({ ...pgliteOptions(), ...(dataDir ? { dataDir } : {}) });
    return new PgliteSqlClient(db);
  }

  /** An in-memory database started from a dump made by `dump()`. */
  static async load(dump: Blob): Promise<PgliteSqlClient> {
    const db = await PGlite.create({ ...pgliteOptions(), loadDataDir: dump });
    return new PgliteSqlClient(db);
  }

  /** The whole data directory as an uncompressed tarball. */
  dump(): Promise<Blob> {
    return this.#db.dumpDataDir("none");
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.#db.query<T>(sql, params);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.#db.exec(script);
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => fn(new PgliteTransaction(tx)));
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

class PgliteTransaction implements SqlClient {
  readonly #tx: Transaction;
  readonly serial = true;

  constructor(tx: Transaction) {
    this.#tx = tx;
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.#tx.query<T>(sql, params);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.#tx.exec(script);
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return fn(this);
  }

  close(): Promise<void> {
    return Promise.reject(new Error("A transaction cannot close the database"));
  }
}
