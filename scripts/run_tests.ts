/**
 * Runs every test of the shop and prints one closing line `N passed, M failed`.
 *
 * 1. The domain's tests run with no permissions at all: any stray I/O fails them.
 * 2. Everything else runs with the permissions it needs, against a throwaway
 *    PostgreSQL cluster started here (or TEST_DATABASE_URL), so every adapter suite
 *    runs on both PGlite and a real server. With CI=true a missing server binary or
 *    browser fails the run instead of skipping. Test files run as many at a time as there
 *    are cores (`--parallel`; DENO_JOBS sets another number): most of the suite waits on browsers,
 *    child shops and timers, and every test takes its own port, database and folders.
 *
 * Extra arguments are passed to `deno test` for the second group (a file filter, say).
 */
import { ensureWebBuild } from "./web_build_check.ts";
import { startTestCluster } from "../adapters/postgres/testing/cluster.ts";

interface Counts {
  passed: number;
  failed: number;
  ignored: number;
}

const SUMMARY =
  /^(ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/m;

async function runDenoTest(
  label: string,
  args: string[],
  env: Record<string, string>,
): Promise<Counts> {
  console.log(`\n== ${label}: deno ${args.join(" ")}`);
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const decoder = new TextDecoder();
  let tail = "";
  for await (const chunk of child.stdout) {
    const text = decoder.decode(chunk, { stream: true });
    await Deno.stdout.write(chunk);
    tail = (tail + text).slice(-4000);
  }
  const status = await child.status;
  const match = SUMMARY.exec(tail.split("\n").filter((l) => /passed/.test(l)).pop() ?? "");
  if (!match) {
    // A run that could not even start its tests (type error, crash) counts as one failure.
    return { passed: 0, failed: status.success ? 0 : 1, ignored: 0 };
  }
  const counts = {
    passed: Number(match[2]),
    failed: Number(match[3]),
    ignored: Number(match[4] ?? 0),
  };
  if (!status.success && counts.failed === 0) counts.failed = 1;
  return counts;
}

async function main(): Promise<number> {
  const ci = Deno.env.get("CI") === "true";
  const extra = Deno.args;
  await ensureWebBuild();

  const totals: Counts = { passed: 0, failed: 0, ignored: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.ignored += c.ignored;
  };

  if (extra.length === 0) {
    add(await runDenoTest("domain (no permissions)", ["test", "--no-prompt", "domain/"], {}));
  }

  const cluster = await startTestCluster({ required: ci });
  try {
    const env: Record<string, string> = {};
    if (cluster) env.TEST_DATABASE_URL = cluster.url;
    const targets = extra.length > 0 ? extra : ["--ignore=domain/", "."];
    add(
      await runDenoTest("adapters, http, web and journeys", [
        "test",
        "-A",
        "--parallel",
        ...targets,
      ], env),
    );
  } finally {
    await cluster?.stop();
  }

  if (ci && totals.ignored > 0) {
    console.log(`${totals.ignored} tests were ignored: nothing may be skipped in CI`);
    totals.failed += totals.ignored;
  }
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed === 0 ? 0 : 1;
}

Deno.exit(await main());
