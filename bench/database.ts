/**
 * The benchmark's own database: created on a PostgreSQL server (BENCH_DATABASE_URL, else
 * a throwaway cluster), migrated by the shop's migrator, dropped at the end.
 */
import { migrate, PostgresJsSqlClient, type SqlClient } from "../adapters/postgres/mod.ts";
import { startTestCluster } from "../adapters/postgres/testing/cluster.ts";
import { startStatementLog, type StatementLog } from "./slow_statements.ts";

export interface BenchDatabase {
  url: string;
  /**
   * The same database through the server's Unix socket, when the bench started the server:
   * how a shop on the same machine connects (docs/deployment.md).
   */
  socketUrl?: string;
  sql: SqlClient;
  /** `PostgreSQL 15.x` */
  version: string;
  /** Whether the slow-statement log runs on this server (bench/slow_statements.ts). */
  statementLog: StatementLog;
  /** The server's log, where auto_explain writes plans, when the bench started the server. */
  serverLog?: string;
  close(): Promise<void>;
}

/** The same server URL naming another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/**
 * A server URL naming the server's socket folder instead (libpq's `?host=/folder`).
 *
 * @example throughSocket("postgres://postgres@127.0.0.1:5433/shop", "/tmp/pg")
 *   // "postgres://postgres@localhost:5433/shop?host=%2Ftmp%2Fpg"
 */
export function throughSocket(serverUrl: string, folder: string): string {
  const url = new URL(serverUrl);
  url.hostname = "localhost";
  url.searchParams.set("host", folder);
  return url.href;
}

/** Creates, migrates and returns a new database; `close` drops it (and stops a cluster started here). */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const given = Deno.env.get("BENCH_DATABASE_URL");
  const cluster = given ? undefined : await startTestCluster({ required: true });
  const serverUrl = given ?? cluster!.url;
  const name = `pothgula_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new PostgresJsSqlClient(serverUrl, { max: 1 });
  try {
    // A database name is an identifier, never a parameter: it is made of hex digits here.
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl, name);
    // No statement limit: writing 100,000 books runs statements (and the search copies',
    // words' and audit trail's triggers) far longer than a shopper's request may.
    const sql = new PostgresJsSqlClient(url, { max: 4, statementTimeoutMs: 0 });
    const [{ version }] = await sql.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    ).finally(() => {}).then(async (rows) => {
      await migrate(sql);
      return rows;
    }).catch(async (error) => {
      await sql.close();
      throw error;
    });
    const statementLog = await startStatementLog(sql, name);
    return {
      url,
      ...(cluster?.socketFolder ? { socketUrl: throughSocket(url, cluster.socketFolder) } : {}),
      sql,
      version: `PostgreSQL ${version.split(" ")[0]}`,
      statementLog,
      serverLog: cluster?.logFile,
      async close() {
        await sql.close();
        try {
          await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.close();
          await cluster?.stop();
        }
      },
    };
  } catch (error) {
    await admin.close();
    await cluster?.stop();
    throw error;
  }
}
