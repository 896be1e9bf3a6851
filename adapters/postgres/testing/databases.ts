/**
 * Fresh, migrated databases for the repository contract suites, on both engines.
 *
 * - PGlite: one migrated in-memory instance per test file, emptied between tests
 *   (every table but the migrations and the location data is truncated, identities
 *   restarted, tables a test made dropped); an empty instance is loaded from a dump.
 * - PostgreSQL server (TEST_DATABASE_URL, else a throwaway cluster): a migrated template
 *   database, named by the migrations' checksums, is made once; each test gets
 *   `CREATE DATABASE test_<random> TEMPLATE ...`, dropped at the end of the test.
 *
 * With CI=true a missing server fails the server half instead of skipping it.
 */
import { PgliteSqlClient } from "../pglite_client.ts";
import { PostgresJsSqlClient } from "../postgresjs_client.ts";
import { checksumOf, migrate, readMigrations } from "../migrator.ts";
import type { SqlClient } from "../sql_client.ts";
import { startTestCluster, type TestCluster } from "./cluster.ts";
import { serverAvailableSync } from "./server_probe.ts";

export type Engine = "pglite" | "postgres";

export const ENGINES: readonly Engine[] = ["pglite", "postgres"];

export interface TestDatabase {
  sql: SqlClient;
  /** The server URL of this database (postgres engine only). */
  url?: string;
  close(): Promise<void>;
}

/** Tables that hold the shop's state; the reference data stays. */
const STATE_TABLES = [
  "book_categories",
  "stationery_categories",
  "books",
  "stationery_items",
  "orders",
  "order_counts",
  "order_items",
  "order_adjustments",
  "vouchers",
  "voucher_ledger",
  "mail_outbox",
  "order_slips",
  "idempotency_keys",
  "admin_users",
  "customer_accounts",
  "stored_images",
  "rate_limit_events",
  "sessions",
  "password_resets",
  "stock_adjustments",
  "campaigns",
  "order_offers",
  "discount_codes",
  "discount_code_uses",
  "sales_days",
  "sales_item_days",
  "sales_item_periods",
  "audit_entries",
];

interface PgliteState {
  migrated: PgliteSqlClient;
  emptyDump: Blob;
  /** The tables of the migrated schema; any other table a test made is dropped. */
  schemaTables: string[];
}

const LIST_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1";

let pglite: Promise<PgliteState> | undefined;

/**
 * Dumps of an empty and a migrated PGlite database, kept in the temp directory between
 * test files and runs (each file runs in its own isolate): loading a dump takes well under
 * a second, creating a database several.
 */
async function pgliteDumps(): Promise<{ empty: Blob; migrated: Blob }> {
  const migrations = await readMigrations();
  const key = (await checksumOf(migrations.map((m) => m.checksum).join(""))).slice(0, 16);
  const dir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/pothgula-pglite-cache`;
  const paths = { empty: `${dir}/empty.tar`, migrated: `${dir}/migrated-${key}.tar` };
  try {
    return {
      empty: new Blob([await Deno.readFile(paths.empty)]),
      migrated: new Blob([await Deno.readFile(paths.migrated)]),
    };
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const db = await PgliteSqlClient.open();
  try {
    const empty = await db.dump();
    await migrate(db, { migrations });
    const migrated = await db.dump();
    await Deno.mkdir(dir, { recursive: true });
    await writeAtomically(paths.empty, empty);
    await writeAtomically(paths.migrated, migrated);
    return { empty, migrated };
  } finally {
    await db.close();
  }
}

async function writeAtomically(path: string, blob: Blob): Promise<void> {
  const partial = `${path}.${crypto.randomUUID()}.partial`;
  await Deno.writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
  await Deno.rename(partial, path);
}

async function startPglite(): Promise<PgliteState> {
  const dumps = await pgliteDumps();
  const db = await PgliteSqlClient.load(dumps.migrated);
  const tables = await db.query<{ tablename: string }>(LIST_TABLES);
  return { migrated: db, emptyDump: dumps.empty, schemaTables: tables.map((t) => t.tablename) };
}

async function freshPglite(migrated: boolean): Promise<TestDatabase> {
  pglite ??= startPglite();
  const state = await pglite;
  if (!migrated) {
    const db = await PgliteSqlClient.load(state.emptyDump);
    return { sql: db, close: () => db.close() };
  }
  const tables = await state.migrated.query<{ tablename: string }>(LIST_TABLES);
  const extra = tables.map((t) => t.tablename).filter((t) => !state.schemaTables.includes(t));
  if (extra.length > 0) {
    await state.migrated.exec(`DROP TABLE ${extra.map((t) => `"${t}"`).join(", ")} CASCADE`);
  }
  await state.migrated.exec(`TRUNCATE ${STATE_TABLES.join(", ")} RESTART IDENTITY CASCADE`);
  // The shared instance lives until the process ends; closing a test's handle is a no-op.
  return { sql: state.migrated, close: () => Promise.resolve() };
}

interface ServerState {
  cluster: TestCluster;
  admin: PostgresJsSqlClient;
  template: string;
}

let server: Promise<ServerState> | undefined;

function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function randomName(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

/** Makes the migrated template once per set of migrations; concurrent runs share it. */
async function ensureTemplate(admin: SqlClient, clusterUrl: string): Promise<string> {
  const migrations = await readMigrations();
  const key = await checksumOf(migrations.map((m) => m.checksum).join(""));
  const template = `pothgula_template_${key.slice(0, 16)}`;
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
  if (found.length > 0) return template;
  const building = randomName("pothgula_building");
  await admin.exec(`CREATE DATABASE ${building}`);
  const db = new PostgresJsSqlClient(databaseUrl(clusterUrl, building), { max: 1 });
  try {
    await migrate(db, { migrations });
  } finally {
    await db.close();
  }
  try {
    await admin.exec(`ALTER DATABASE ${building} RENAME TO ${template}`);
  } catch (error) {
    // Another test process finished the same template first.
    await admin.exec(`DROP DATABASE IF EXISTS ${building}`);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (exists.length === 0) throw error;
  }
  return template;
}

async function startServer(): Promise<ServerState> {
  const cluster = await startTestCluster({ required: true });
  if (!cluster) throw new Error("No PostgreSQL server for the tests");
  const admin = new PostgresJsSqlClient(cluster.url, { max: 2 });
  const template = await ensureTemplate(admin, cluster.url);
  if (!Deno.env.get("TEST_DATABASE_URL")) {
    // The cluster was started here: stop it when the test process ends.
    globalThis.addEventListener("unload", () => cluster.stopSync?.());
  }
  return { cluster, admin, template };
}

async function freshServerDatabase(migrated: boolean): Promise<TestDatabase> {
  server ??= startServer();
  const state = await server;
  const name = randomName("test");
  await state.admin.exec(
    migrated ? `CREATE DATABASE ${name} TEMPLATE ${state.template}` : `CREATE DATABASE ${name}`,
  );
  const url = databaseUrl(state.cluster.url, name);
  const sql = new PostgresJsSqlClient(url, { max: 20 });
  return {
    sql,
    url,
    async close() {
      await sql.close();
      await state.admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A database of its own for one test: migrated unless `migrated` is false. */
export function freshDatabase(
  engine: Engine,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  return engine === "pglite" ? freshPglite(migrated) : freshServerDatabase(migrated);
}

/** Whether the server half runs: always in CI (where a missing server fails). */
export function serverTestsEnabled(): boolean {
  return Deno.env.get("CI") === "true" || serverAvailableSync();
}

/** Runs `fn` on a fresh migrated database of `engine`, closing it afterwards. */
export async function withDatabase<T>(
  engine: Engine,
  fn: (db: TestDatabase) => Promise<T>,
  options: { migrated?: boolean } = {},
): Promise<T> {
  const db = await freshDatabase(engine, options);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * Registers one test per engine, named `name [pglite]` and `name [postgres]`, each with a
 * fresh migrated database. Without a server (and outside CI) the server test is ignored.
 */
export function testOnBothEngines(name: string, fn: (sql: SqlClient) => Promise<void>): void {
  for (const engine of ENGINES) {
    Deno.test({
      name: `${name} [${engine}]`,
      ignore: engine === "postgres" && !serverTestsEnabled(),
      sanitizeOps: false,
      sanitizeResources: false,
      fn: () => withDatabase(engine, (db) => fn(db.sql)),
    });
  }
}

/**
 * Registers a test that needs a real server (overlapping transactions). Ignored only
 * when no server is available outside CI.
 */
export function testOnServer(name: string, fn: (db: TestDatabase) => Promise<void>): void {
  Deno.test({
    name: `${name} [postgres]`,
    ignore: !serverTestsEnabled(),
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () => withDatabase("postgres", fn),
  });
}
