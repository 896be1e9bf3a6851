/** A fresh, empty database on a server for one test, dropped afterwards. */
import { PostgresJsSqlClient } from "../../../adapters/postgres/postgresjs_client.ts";
import type { SqlClient } from "../../../adapters/postgres/sql_client.ts";

export interface FreshDatabase {
  url: string;
  /** A small pool onto the new database, for the test's own checks. */
  sql: SqlClient;
  drop(): Promise<void>;
}

/** `CREATE DATABASE reliability_<random>` on the server of `serverUrl`. */
export async function createFreshDatabase(serverUrl: string): Promise<FreshDatabase> {
  const name = `reliability_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new PostgresJsSqlClient(serverUrl, { max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const sql = new PostgresJsSqlClient(url, { max: 4 });
  return {
    url,
    sql,
    async drop() {
      await sql.close().catch(() => {});
      const again = new PostgresJsSqlClient(serverUrl, { max: 1 });
      try {
        await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}
