/**
 * `deno task bench`: the catalogue at scale, order throughput and page weight, measured
 * side by side against a bare route in the same server.
 *
 *   deno task bench                 100,000 books, 10 s a load, Lighthouse, embedded start
 *   deno task bench --books 20000   another catalogue size
 *   deno task bench --quick         a tiny run for CI (well under a minute)
 *
 * Other flags: --duration S, --connections N, --order-connections N, --no-lighthouse,
 * --lighthouse-runs N (each phone page's runs, 3 by default: the median is reported),
 * --no-startup, --no-docs, --only ID[,ID] (those scenarios and the baseline), --campaigns N
 * (campaign rules running during the loads: 1,000 by default, 0 for none).
 * BENCH_DATABASE_URL names a PostgreSQL server on which the bench
 * may create and drop its own database; without it a throwaway cluster is started.
 * Results go to bench-results/ (JSON); a full run also rewrites the results section of
 * docs/benchmarks.md and docs/benchmarks.json.
 */
import { ensureWebBuild } from "./web_build_check.ts";
import { runBench } from "../bench/run.ts";
import { parseBenchFlags } from "../bench/flags.ts";
import { replaceResults, resultsMarkdown } from "../bench/markdown.ts";
import { PROJECT_DIR } from "../bench/shop_process.ts";

async function main(): Promise<void> {
  const { options, writeDocs } = parseBenchFlags(Deno.args);
  await ensureWebBuild();
  const outDir = Deno.env.get("BENCH_RESULTS_DIR") ?? `${PROJECT_DIR}bench-results`;
  await Deno.mkdir(outDir, { recursive: true });
  const results = await runBench({ ...options, outDir, log: (line) => console.log(line) });
  const json = JSON.stringify(results, null, 2) + "\n";
  const stamp = results.date.replaceAll(":", "-").slice(0, 19);
  await Deno.writeTextFile(`${outDir}/${results.mode}-${stamp}.json`, json);
  await Deno.writeTextFile(`${outDir}/latest.json`, json);
  const section = resultsMarkdown(results);
  console.log(`\n${section}\n`);
  if (writeDocs) {
    const doc = `${PROJECT_DIR}docs/benchmarks.md`;
    const current = await Deno.readTextFile(doc).catch(() => "# Benchmarks\n");
    await Deno.writeTextFile(doc, replaceResults(current, section));
    await Deno.writeTextFile(`${PROJECT_DIR}docs/benchmarks.json`, json);
    // The project's format check covers docs/: leave the files as `deno fmt` would.
    await new Deno.Command(Deno.execPath(), {
      args: ["fmt", "--quiet", doc, `${PROJECT_DIR}docs/benchmarks.json`],
      cwd: PROJECT_DIR,
    }).output();
    console.log(`Wrote ${doc} and docs/benchmarks.json`);
  }
  console.log(`Results: ${outDir}/latest.json`);
}

if (import.meta.main) await main();
