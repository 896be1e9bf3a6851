import { PgliteSqlClient } from "./pglite_client.ts";
import { PostgresJsSqlClient } from "./postgresjs_client.ts";
import type { SqlClient } from "./sql_client.ts";

export interface DatabaseOptions {
  /** A PostgreSQL server (postgres://...); when absent, PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Where the embedded database lives: its files go to `<dataDir>/pglite`. */
  dataDir: string;
}

/**
 * Opens the shop's database: a pooled connection to `databaseUrl` when given, else the
 * embedded PGlite database under `dataDir` (created on first use).
 */
export async function openDatabase(options: DatabaseOptions): Promise<SqlClient> {
  if (options.databaseUrl) {
    const client = new PostgresJsSqlClient(options.databaseUrl);
    // Fail at start, with the server's own message, rather than on the first request.
    try {
      await client.query("SELECT 1");
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    return client;
  }
  const dir = `${options.dataDir.replace(/\/+$/, "")}/pglite`;
  await Deno.mkdir(dir, { recursive: true });
  return await PgliteSqlClient.open(dir);
}
