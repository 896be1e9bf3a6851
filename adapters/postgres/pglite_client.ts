import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { parseDate, parseNumber, PG_TYPES, type Row, type SqlClient } from "./sql_client.ts";
import { Turns } from "./turns.ts";

/** PostgreSQL's default is 0.0025 (docs/benchmarks.md, item 36). */
export const PGLITE_CPU_OPERATOR_COST = 0.025;

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
 * PostgreSQL compiled to WebAssembly, in this process. It is one connection: every query
 * and transaction takes its turn (turns.ts), so concurrent callers queue up and never
 * interleave inside another caller's transaction; background statements let the others
 * waiting go first.
 */
export class PgliteSqlClient implements SqlClient {
  readonly #db: PGlite;
  readonly #turns = new Turns();
  readonly serial = true;
  readonly background: Pick<SqlClient, "query">;

  constructor(db: PGlite) {
    this.#db = db;
    this.background = {
      query: <T = Row>(sql: string, params: unknown[] = []) =>
        this.#turns.run(async () => (await this.#db.query<T>(sql, params)).rows, true),
    };
  }

  /** Opens (or creates) the data directory `dataDir`, or an in-memory database when absent. */
  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    const db = await PGlite.create({ ...pgliteOptions(), ...(dataDir ? { dataDir } : {}) });
    return await PgliteSqlClient.#started(db);
  }

  /**
   * An in-memory database started from a dump made by `dump()`, with the server settings
   * given (`{ shared_buffers: "16MB" }`) on top of PGlite's own start parameters.
   */
  static async load(
    dump: Blob,
    settings: Readonly<Record<string, string>> = {},
  ): Promise<PgliteSqlClient> {
    const startParams = [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ];
    const db = await PGlite.create({ ...pgliteOptions(), loadDataDir: dump, startParams });
    return await PgliteSqlClient.#started(db);
  }

  /**
   * The session's planner costs for WebAssembly: every page is in memory, and an operator
   * evaluated on a row (a LIKE of a search) costs about ten times what PostgreSQL's defaults
   * assume against a page read. With the defaults, a search of a rare term read all 10,000
   * books' texts (36 ms) rather than the few its trigram indexes named (0.6 ms).
   */
  static async #started(db: PGlite): Promise<PgliteSqlClient> {
    await db.exec(`SET cpu_operator_cost = ${PGLITE_CPU_OPERATOR_COST}`);
    return new PgliteSqlClient(db);
  }

  /** The whole data directory as an uncompressed tarball. */
  dump(): Promise<Blob> {
    return this.#turns.run(() => this.#db.dumpDataDir("none"));
  }

  query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.#turns.run(async () => (await this.#db.query<T>(sql, params)).rows);
  }

  exec(script: string): Promise<void> {
    return this.#turns.run(async () => {
      await this.#db.exec(script);
    });
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.#turns.run(() => this.#db.transaction((tx) => fn(new PgliteTransaction(tx))));
  }

  close(): Promise<void> {
    return this.#turns.run(() => this.#db.close());
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
