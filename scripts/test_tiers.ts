/**
 * Which test file runs where. Every `*_test.ts(x)` of the shop is in one group:
 *
 * - `domain`: domain/, run with no permissions at all (any stray I/O fails it); both tiers.
 * - `fast`: everything that needs no browser, no database engine and no process of its
 *   own; both tiers. In the fast tier the engine suites register their memory half only.
 * - `full`: the files that start Chromium, PGlite or a PostgreSQL server, the shop as a
 *   process, or any other program: the full run alone.
 *
 * A file is `full` by its path: a name that says what it starts (`_browser_test`,
 * `_e2e_test`, `_postgres_test`), or a folder whose tests all start one (tests/reliability,
 * adapters/postgres). The fast tier runs without the permission to start programs and
 * with helpers that refuse a browser or an engine (tests/support/tier.ts), so a file that
 * starts one under another name fails there and is named here.
 */

export type TestGroup = "domain" | "fast" | "full";

/** Paths whose tests start a browser, an engine or a process. */
const FULL_ONLY: readonly RegExp[] = [
  // Chromium.
  /_browser_test\.tsx?$/,
  /_e2e_test\.tsx?$/,
  // The SQL adapters on PGlite and a server, and suites named for an engine.
  /^adapters\/postgres\//,
  /_postgres_test\.tsx?$/,
  // The shop and its servers as processes: crashes, limits, faults, scale-out.
  /^tests\//,
  // The benchmark's own run, its load client and the shop it starts.
  /^bench\/(bench_quick|load|floor_routes|campaigns|embedded_searches|slow_statements)_test\.ts$/,
  // The web build's own output, read through Vite.
  /^web\/i18n\/server_words_test\.ts$/,
  // Backups, the admin task and the embedded database's files and lock: PGlite or a process.
  /^scripts\/(backup_restore|admin_task|start_lock|supervise)_test\.ts$/,
  /^adapters\/embedded\//,
  // The engine half of contract suites that start PGlite outside testOnBothEngines.
  /^adapters\/storage\/postgres_image_storage_test\.ts$/,
  /^adapters\/mail\/outbox_(once|repositories|upgrade)_test\.ts$/,
  /^adapters\/demo\//,
  /^http\/limits_test\.ts$/,
];

/** The group of a test file, by its path from the project's root. */
export function groupOf(path: string): TestGroup {
  if (path.startsWith("domain/")) return "domain";
  return FULL_ONLY.some((pattern) => pattern.test(path)) ? "full" : "fast";
}

/** Whether `path` names a test file. */
export function isTestFile(path: string): boolean {
  return /_test\.tsx?$/.test(path);
}

const SKIPPED_DIRS = new Set([".git", "node_modules", "dist", "data", "test-artifacts"]);

/** Every test file under `root`, as paths from it, sorted. */
export async function testFiles(root: URL): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(new URL(dir, root))) {
      if (entry.isDirectory) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(`${dir}${entry.name}/`);
      } else if (entry.isFile && isTestFile(entry.name)) {
        found.push(`${dir}${entry.name}`);
      }
    }
  }
  await walk("");
  return found.sort();
}

/**
 * Orders files so that the longest start first (by `costs`, seconds a file took in a
 * measured full run): a file that takes minutes then never starts last and holds up the
 * end. A file with no measurement yet counts as `unknownCost`.
 */
export function byCost(
  files: readonly string[],
  costs: Readonly<Record<string, number>>,
  unknownCost = 10,
): string[] {
  const cost = (file: string) => costs[file] ?? unknownCost;
  return [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
}

/**
 * How many files of the full run go at once (`DENO_JOBS` for `deno test --parallel`): one more
 * than the machine has cores, unless `DENO_JOBS` says. The full run's files wait a good part
 * of their time (for a shop or a browser to answer, an order to lapse, a mail to arrive), and
 * with one file a core a core stood idle 10-15% of a run (docs/test-times.md).
 */
export function fullRunJobs(cores: number, denoJobs: string | undefined): string {
  const asked = denoJobs?.trim();
  if (asked && /^[1-9]\d*$/.test(asked)) return asked;
  return String(Math.max(1, Math.floor(cores)) + 1);
}
