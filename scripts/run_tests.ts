/**
 * Runs the shop's tests and prints one closing line `N passed, M failed`.
 *
 * - `deno task test:fast` (`--fast`): the fast tier, the step-by-step check. The domain's
 *   tests with no permissions at all (any stray I/O fails them), then every file of the
 *   fast group (scripts/test_tiers.ts) without the permission to start programs and with
 *   POTHGULA_TEST_TIER=fast: the contract suites on the memory adapters, the HTTP app on
 *   memory ports, the wire contract and the architecture rules. No browser, no database
 *   engine, no process.
 * - `deno task test`: every test, what CI runs. The domain's, then every other file in one
 *   `deno test --parallel` against a throwaway PostgreSQL cluster started here (or
 *   TEST_DATABASE_URL), so every adapter suite runs on PGlite and on a real server, and in
 *   Chromium. The files start longest first, by the times of the last measured run
 *   (scripts/test_costs.json), so that no walk of minutes starts last and holds up the end;
 *   one more runs at once than the machine has cores (DENO_JOBS sets another number).
 *   With CI=true a missing server binary or browser fails the run instead of skipping.
 *
 * Options: `--no-check` leaves out the type check of the test files (`.ci/run` passes it
 * right after `deno task check` has checked every file); `--times` writes the per-file
 * times of this run to docs/test-times.md and scripts/test_costs.json. Other arguments are
 * test files or folders (and `deno test` flags) to run instead of the whole tier.
 */
import { ensureWebBuild } from "./web_build_check.ts";
import { startTestCluster } from "../adapters/postgres/testing/cluster.ts";
import { PostgresJsSqlClient } from "../adapters/postgres/postgresjs_client.ts";
import { REUSED_PREFIX } from "../adapters/postgres/testing/databases.ts";
import { byCost, fullRunJobs, groupOf, testFiles } from "./test_tiers.ts";
import { type FileTimes, fileTimes, keptSection, timesTable } from "./test_times.ts";
import { TIER_VARIABLE } from "../tests/support/tier.ts";
import { SHARED_BROWSER_VARIABLE, startSharedBrowser } from "../tests/support/browser.ts";
import { pinnedDenoVersion } from "./toolchain.ts";
import { isTemplateStale } from "../adapters/embedded/template.ts";

interface Counts {
  passed: number;
  failed: number;
  ignored: number;
}

const ROOT = new URL("../", import.meta.url);
const COSTS = new URL("scripts/test_costs.json", ROOT);
const TIMES_DOC = new URL("docs/test-times.md", ROOT);

const SUMMARY =
  /^(ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/m;

interface Run extends Counts {
  /** Everything the run printed on its standard output. */
  output: string;
  seconds: number;
}

async function runDenoTest(
  label: string,
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  console.log(`\n== ${label}: deno ${args.slice(0, 8).join(" ")}${args.length > 8 ? " ..." : ""}`);
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for await (const chunk of child.stdout) {
    chunks.push(decoder.decode(chunk, { stream: true }));
    await Deno.stdout.write(chunk);
  }
  const status = await child.status;
  const output = chunks.join("");
  const seconds = (performance.now() - started) / 1000;
  const match = SUMMARY.exec(
    output.slice(-4000).split("\n").filter((l) => /passed/.test(l)).pop() ?? "",
  );
  if (!match) {
    // A run that could not even start its tests (type error, crash) counts as one failure.
    return { passed: 0, failed: status.success ? 0 : 1, ignored: 0, output, seconds };
  }
  const run = {
    passed: Number(match[2]),
    failed: Number(match[3]),
    ignored: Number(match[4] ?? 0),
    output,
    seconds,
  };
  if (!status.success && run.failed === 0) run.failed = 1;
  return run;
}

async function readCosts(): Promise<Record<string, number>> {
  try {
    return JSON.parse(await Deno.readTextFile(COSTS));
  } catch {
    return {};
  }
}

/** Drops the databases the test files reused on a server this run did not start. */
async function dropReusedDatabases(url: string): Promise<void> {
  const admin = new PostgresJsSqlClient(url, { max: 1 });
  try {
    const rows = await admin.query<{ name: string }>(
      "SELECT datname AS name FROM pg_database WHERE datname LIKE $1",
      [`${REUSED_PREFIX}%`],
    );
    for (const { name } of rows) await admin.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

async function writeTimes(times: FileTimes[], label: string): Promise<void> {
  const costs = Object.fromEntries(
    [...times].sort((a, b) => a.file.localeCompare(b.file)).map((t) => [t.file, t.seconds]),
  );
  await Deno.writeTextFile(COSTS, JSON.stringify(costs, null, 2) + "\n");
  // The hand-written section on what the time is spent on stays; the table is the run's.
  const previous = await Deno.readTextFile(TIMES_DOC).catch(() => "");
  await Deno.writeTextFile(TIMES_DOC, timesTable(times, label, keptSection(previous)));
  console.log(`wrote ${COSTS.pathname} and ${TIMES_DOC.pathname}`);
}

/**
 * Builds the embedded database templates (scripts/embedded_template.ts) in a process of
 * their own when they are missing or stale. A failure is reported, not fatal: a shop
 * without a template creates its database, as `deno task start` would have built it.
 */
async function embeddedTemplate(): Promise<void> {
  const root = decodeURIComponent(ROOT.pathname).replace(/\/+$/, "");
  if (!await isTemplateStale(root, `${root}/dist/embedded`)) return;
  const built = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/embedded_template.ts"],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(built.stdout) + new TextDecoder().decode(built.stderr);
  if (built.success) {
    console.log(said.trim());
  } else {
    console.warn(`The embedded template could not be built; each shop creates its own:\n${said}`);
  }
}

async function main(): Promise<number> {
  const ci = Deno.env.get("CI") === "true";
  const flags = new Set(Deno.args.filter((a) => ["--fast", "--no-check", "--times"].includes(a)));
  const extra = Deno.args.filter((a) => !flags.has(a));
  const fast = flags.has("--fast");
  const check = flags.has("--no-check") ? ["--no-check"] : [];

  const pinned = await pinnedDenoVersion();
  if (Deno.version.deno !== pinned) {
    const message = `Deno ${Deno.version.deno} runs the tests; the shop is pinned to ${pinned} ` +
      "(.deno-version): run them with `npx -y deno@$(cat .deno-version) task test`";
    if (ci) {
      console.error(message);
      return 1;
    }
    console.warn(message);
  }
  await ensureWebBuild();

  const totals: Counts = { passed: 0, failed: 0, ignored: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.ignored += c.ignored;
  };
  const all = await testFiles(ROOT);
  const started = performance.now();
  // The whole run starts the shop (main.ts) some twenty times: each new DATA_DIR is then a
  // copy of the embedded template (4 CPU s a start, not 15 to create and fill a database),
  // built here beside the domain's tests, which use one core.
  const template = !fast && extra.length === 0
    ? embeddedTemplate().catch((error) => console.warn(`No embedded template: ${error.message}`))
    : Promise.resolve();

  if (extra.length === 0) {
    add(
      await runDenoTest(
        "domain (no permissions)",
        ["test", "--no-prompt", ...check, "domain/"],
        {},
      ),
    );
  }

  if (fast) {
    const targets = extra.length > 0 ? extra : all.filter((f) => groupOf(f) === "fast");
    add(
      await runDenoTest("fast tier (no browser, no engine, no process)", [
        "test",
        "--allow-all",
        "--deny-run",
        "--parallel",
        ...check,
        ...targets,
      ], { [TIER_VARIABLE]: "fast" }),
    );
  } else {
    await template;
    const cluster = await startTestCluster({ required: ci });
    // One Chromium for every browser suite of the run: each file connects rather than
    // starting its own. One that cannot start leaves each suite to start its own, and fail.
    const browser = await startSharedBrowser().catch((error) => {
      console.warn(`No shared browser (${error.message}): each suite starts its own`);
      return undefined;
    });
    if (browser) {
      console.log(`One Chromium for the run's browser suites, from: ${browser.source}`);
    }
    const run = await (async () => {
      try {
        const env: Record<string, string> = {
          [TIER_VARIABLE]: "full",
          DENO_JOBS: fullRunJobs(navigator.hardwareConcurrency, Deno.env.get("DENO_JOBS")),
        };
        if (cluster) env.TEST_DATABASE_URL = cluster.url;
        if (cluster?.socketFolder) env.TEST_DATABASE_SOCKET_FOLDER = cluster.socketFolder;
        if (browser) env[SHARED_BROWSER_VARIABLE] = browser.wsEndpoint;
        const targets = extra.length > 0
          ? extra
          : byCost(all.filter((f) => groupOf(f) !== "domain"), await readCosts());
        return await runDenoTest(`every other file, longest first, ${env.DENO_JOBS} at a time`, [
          "test",
          "-A",
          "--parallel",
          ...check,
          ...targets,
        ], env);
      } finally {
        await browser?.close();
        if (cluster && !cluster.stopSync) await dropReusedDatabases(cluster.url).catch(() => {});
        await cluster?.stop();
      }
    })();
    add(run);
    const times = fileTimes(run.output);
    await Deno.mkdir(new URL("test-artifacts/", ROOT), { recursive: true });
    await Deno.writeTextFile(
      new URL("test-artifacts/test-times.json", ROOT),
      JSON.stringify(times, null, 2) + "\n",
    );
    if (flags.has("--times")) {
      await writeTimes(
        times,
        `${run.seconds.toFixed(0)} s for this group on ${navigator.hardwareConcurrency} cores`,
      );
    }
  }

  if (ci && totals.ignored > 0) {
    console.log(`${totals.ignored} tests were ignored: nothing may be skipped in CI`);
    totals.failed += totals.ignored;
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\n${fast ? "fast tier" : "every test"} in ${minutes.toFixed(1)} min`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed === 0 ? 0 : 1;
}

Deno.exit(await main());
