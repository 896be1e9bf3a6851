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
import { refuseInFastTier, testTier } from "../../../tests/support/tier.ts";

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
  "payment_ledger",
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

/**
 * The test databases' buffers: PostgreSQL's default, 128 MB, is zeroed at every start and
 * touched page by page, for tables of a few hundred rows. With 16 MB one start from the
 * migrated dump took 1.7 s and 2.3 CPU s instead of 2.2 s and 2.9 (the process's peak memory
 * 400 MB instead of 540): a run starts one in every test file that uses PGlite.
 */
const TEST_SETTINGS = { shared_buffers: "16MB" };

async function startPglite(): Promise<PgliteState> {
  const dumps = await pgliteDumps();
  const db = await PgliteSqlClient.load(dumps.migrated, TEST_SETTINGS);
  const tables = await db.query<{ tablename: string }>(LIST_TABLES);
  return { migrated: db, emptyDump: dumps.empty, schemaTables: tables.map((t) => t.tablename) };
}

async function freshPglite(migrated: boolean): Promise<TestDatabase> {
  pglite ??= startPglite();
  const state = await pglite;
  if (!migrated) {
    const db = await PgliteSqlClient.load(state.emptyDump, TEST_SETTINGS);
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

/**
 * The migrated database a test file reuses on the server, emptied between its tests as the
 * PGlite instance is. Making a database from the template and dropping it again for each
 * test cost the server about a third of a second of work a test, the largest part of the
 * engine suites' time; emptying the few tables a test wrote costs a few milliseconds.
 */
interface ReusedDatabase {
  name: string;
  /** The schema as the template made it: a test that changed it gets another database. */
  schema: string;
  /** Tables holding rows in the template (the reference data), which stay as they are. */
  reference: Set<string>;
  /** Where each sequence stood in the template (null: no value taken yet). */
  sequences: Map<string, string | null>;
  busy: boolean;
}

let reused: Promise<ReusedDatabase> | undefined;

/**
 * The name every reused database starts with: the test runner drops them when the run ends
 * (scripts/run_tests.ts), as a test file cannot wait for work when its process ends.
 */
export const REUSED_PREFIX = "test_reused";

/**
 * A fingerprint of the schema: a new, changed or dropped table, column, index, constraint,
 * trigger or function writes its catalogue rows anew (a TRUNCATE does too), which shows in
 * their transaction ids. The test clusters run without autovacuum, whose statistics would
 * also write pg_class.
 */
const SCHEMA_FINGERPRINT = `SELECT concat_ws(':',
    (SELECT count(*) || '/' || max(xmin::text::bigint) FROM pg_class),
    (SELECT count(*) || '/' || max(xmin::text::bigint) FROM pg_attribute),
    (SELECT count(*) || '/' || max(xmin::text::bigint) FROM pg_constraint),
    (SELECT count(*) || '/' || max(xmin::text::bigint) FROM pg_trigger),
    (SELECT count(*) || '/' || max(xmin::text::bigint) FROM pg_proc)) AS schema`;

const PUBLIC_TABLES = `SELECT c.relname AS name FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'`;

/** The public schema's sequences and where each stands. */
const SEQUENCES = `SELECT sequencename AS name, last_value::text AS value,
    start_value::text AS start FROM pg_sequences WHERE schemaname = 'public'`;

/** Of `tables`, the ones holding at least one row. */
async function tablesWithRows(sql: SqlClient, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map((_, i) =>
    `SELECT $${i + 1}::text AS name WHERE EXISTS (SELECT 1 FROM "${tables[i]}")`
  );
  const rows = await sql.query<{ name: string }>(probes.join(" UNION ALL "), tables);
  return rows.map((row) => row.name);
}

/**
 * Puts the database back as the template made it, as far as a test's rows go: deletes the
 * rows of every table that was empty there, or is one of the shop's state tables (with
 * triggers and foreign keys off, so that nothing is written about the deletion), and sets
 * every sequence back where it stood.
 */
async function restoreRows(sql: SqlClient, shared: ReusedDatabase): Promise<void> {
  const [tables, sequences] = await Promise.all([
    sql.query<{ name: string }>(PUBLIC_TABLES),
    sql.query<{ name: string; value: string | null; start: string }>(SEQUENCES),
  ]);
  const candidates = tables.map((row) => row.name).filter((name) =>
    !shared.reference.has(name) || STATE_TABLES.includes(name)
  );
  const written = await tablesWithRows(sql, candidates);
  const moved = sequences.filter((row) => shared.sequences.get(row.name) !== row.value);
  if (written.length === 0 && moved.length === 0) return;
  await sql.transaction(async (tx) => {
    await tx.exec("SET LOCAL session_replication_role = replica");
    for (const table of written) await tx.exec(`DELETE FROM "${table}"`);
    for (const { name, start } of moved) {
      const was = shared.sequences.get(name) ?? null;
      // setval, not ALTER SEQUENCE ... RESTART, which writes the catalogue: a sequence no
      // value was taken from yet hands out its first value next.
      await tx.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        `"${name}"`,
        was ?? start,
        was !== null,
      ]);
    }
  });
}

/** A new database on the server, from the template unless `migrated` is false. */
async function createServerDatabase(
  state: ServerState,
  migrated: boolean,
  prefix = "test",
): Promise<string> {
  const name = randomName(prefix);
  await state.admin.exec(
    migrated ? `CREATE DATABASE ${name} TEMPLATE ${state.template}` : `CREATE DATABASE ${name}`,
  );
  return name;
}

/** Ends every session on database `name` but the admin's own. */
async function endSessions(state: ServerState, name: string): Promise<void> {
  await state.admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [name],
  );
}

/** Makes the file's reused database from the template and reads what it starts with. */
async function makeReused(state: ServerState): Promise<ReusedDatabase> {
  const name = await createServerDatabase(state, true, REUSED_PREFIX);
  const sql = new PostgresJsSqlClient(databaseUrl(state.cluster.url, name), { max: 1 });
  try {
    const all = (await sql.query<{ name: string }>(PUBLIC_TABLES)).map((row) => row.name);
    const reference = new Set(await tablesWithRows(sql, all));
    const sequences = new Map(
      (await sql.query<{ name: string; value: string | null }>(SEQUENCES)).map((row) =>
        [row.name, row.value] as const
      ),
    );
    const [{ schema }] = await sql.query<{ schema: string }>(SCHEMA_FINGERPRINT);
    return { name, schema, reference, sequences, busy: false };
  } finally {
    await sql.close();
  }
}

/**
 * The file's reused database, emptied, when no other test of the file holds it and the last
 * test left its schema as the template made it; otherwise undefined (a schema a test
 * changed is dropped, and the next test makes a new one).
 */
async function takeReused(state: ServerState): Promise<ReusedDatabase | undefined> {
  reused ??= makeReused(state);
  const shared = await reused;
  if (shared.busy) return undefined;
  shared.busy = true;
  await endSessions(state, shared.name);
  const sql = new PostgresJsSqlClient(databaseUrl(state.cluster.url, shared.name), { max: 1 });
  try {
    const [{ schema }] = await sql.query<{ schema: string }>(SCHEMA_FINGERPRINT);
    if (schema === shared.schema) {
      await restoreRows(sql, shared);
      return shared;
    }
  } finally {
    await sql.close();
  }
  reused = undefined;
  await state.admin.exec(`DROP DATABASE IF EXISTS ${shared.name} WITH (FORCE)`);
  return await takeReused(state);
}

async function freshServerDatabase(migrated: boolean): Promise<TestDatabase> {
  server ??= startServer();
  const state = await server;
  const shared = migrated ? await takeReused(state) : undefined;
  if (shared) {
    const url = databaseUrl(state.cluster.url, shared.name);
    const sql = new PostgresJsSqlClient(url, { max: 20 });
    return {
      sql,
      url,
      async close() {
        await sql.close();
        // Whatever else the test connected to it (a second pool, a shop) goes too.
        await endSessions(state, shared.name);
        shared.busy = false;
      },
    };
  }
  const name = await createServerDatabase(state, migrated);
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
  refuseInFastTier(`database engine (${engine})`);
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

/** One test per engine, `name [pglite]` and `name [postgres]`; without a server (and outside CI) the server's is ignored. */
function testOnEachEngine(
  name: string,
  fn: (sql: SqlClient) => Promise<void>,
  options: { migrated: boolean },
): void {
  for (const engine of ENGINES) {
    Deno.test({
      name: `${name} [${engine}]`,
      ignore: engine === "postgres" && !serverTestsEnabled(),
      sanitizeOps: false,
      sanitizeResources: false,
      fn: () => withDatabase(engine, (db) => fn(db.sql), options),
    });
  }
}

/**
 * Registers one test per engine, named `name [pglite]` and `name [postgres]`, each with a
 * fresh migrated database. Without a server (and outside CI) the server test is ignored.
 */
export function testOnBothEngines(name: string, fn: (sql: SqlClient) => Promise<void>): void {
  // The fast tier runs a suite's memory half; its engine half is the full run's.
  if (testTier() === "fast") return;
  testOnEachEngine(name, fn, { migrated: true });
}

/**
 * Registers a migration's upgrade test once per engine, named as testOnBothEngines names
 * them, each on an empty database: the test migrates it to before the migration it checks,
 * writes rows as the shop wrote them then, migrates the rest and reads them back. An upgrade
 * test has no memory half: its file belongs to the full run.
 */
export function testUpgradeOnBothEngines(
  name: string,
  fn: (sql: SqlClient) => Promise<void>,
): void {
  testOnEachEngine(name, fn, { migrated: false });
}

/**
 * Registers a test that opens an engine itself (through `withDatabase`): in the full run
 * only, as the fast tier starts no engine.
 */
export function testOnEngine(definition: Deno.TestDefinition): void {
  if (testTier() === "fast") return;
  Deno.test(definition);
}

/**
 * Registers a test that needs a real server (overlapping transactions). Ignored only
 * when no server is available outside CI.
 */
export function testOnServer(name: string, fn: (db: TestDatabase) => Promise<void>): void {
  if (testTier() === "fast") return;
  Deno.test({
    name: `${name} [postgres]`,
    ignore: !serverTestsEnabled(),
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () => withDatabase("postgres", fn),
  });
}
