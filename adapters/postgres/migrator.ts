/**
 * Applies migrations/NNNN_name.sql in order, each exactly once and in its own
 * transaction, recording its name and SHA-256 checksum in schema_migrations. Every step
 * holds a transaction-scoped advisory lock, so two servers starting at once never
 * migrate together: the second waits, then finds the work done.
 */
import type { SqlClient } from "./sql_client.ts";
import { sha256Hex } from "../../domain/sha256.ts";

/** The migrations that ship with the code, next to it in the project. */
export const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);

/** Arbitrary, fixed: the advisory lock key of the shop's migrations. */
const MIGRATION_LOCK_KEY = 72_617_301;

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  /** The files applied by this run, in order (empty when the schema was up to date). */
  applied: string[];
}

/** Raised when the database does not match the migration files (an applied file changed). */
export class MigrationMismatchError extends Error {
  override name = "MigrationMismatchError";
}

/** Hex SHA-256 of the text with line endings normalised, so a CRLF checkout still matches. */
export function checksumOf(sql: string): Promise<string> {
  return sha256Hex(sql.replaceAll("\r\n", "\n"));
}

/** The migration files of `dir`, in name order. */
export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && MIGRATION_FILE.test(entry.name)) names.push(entry.name);
  }
  names.sort();
  return await Promise.all(names.map(async (name) => {
    const sql = await Deno.readTextFile(new URL(name, dir));
    return { name, sql, checksum: await checksumOf(sql) };
  }));
}

async function lockAndEnsureTable(tx: SqlClient): Promise<Map<string, string>> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const rows = await tx.query<{ name: string; checksum: string }>(
    "SELECT name, checksum FROM schema_migrations",
  );
  return new Map(rows.map((r) => [r.name, r.checksum]));
}

/** Refuses when an applied migration's file changed or is missing from this version. */
export function verifyApplied(applied: Map<string, string>, migrations: Migration[]): void {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  for (const [name, checksum] of applied) {
    const file = byName.get(name);
    if (!file) {
      throw new MigrationMismatchError(
        `Migration "${name}" was applied to this database but is not among the migration files: the database is newer than this version of the shop`,
      );
    }
    if (file.checksum !== checksum) {
      throw new MigrationMismatchError(
        `Migration "${name}" was changed after it was applied (recorded checksum ${checksum}, file now ${file.checksum}): restore the file and put the change in a new migration`,
      );
    }
  }
}

/**
 * Brings the database to the latest schema. Throws MigrationMismatchError, naming the
 * file, when an applied migration's file was edited.
 */
export async function migrate(
  sql: SqlClient,
  options: { migrations?: Migration[] } = {},
): Promise<MigrateResult> {
  const migrations = options.migrations ?? await readMigrations();
  const applied: string[] = [];
  await sql.transaction(async (tx) => verifyApplied(await lockAndEnsureTable(tx), migrations));
  for (const migration of migrations) {
    const ran = await sql.transaction(async (tx) => {
      const done = await lockAndEnsureTable(tx);
      if (done.has(migration.name)) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return { applied };
}
