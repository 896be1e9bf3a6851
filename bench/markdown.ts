/**
 * The results as markdown, and their place in docs/benchmarks.md: between two marker
 * comments, so the notes written around them by hand survive every run.
 */
import { type BenchResults, kb } from "./results.ts";

export const START_MARKER = "<!-- bench:results:start -->";
export const END_MARKER = "<!-- bench:results:end -->";

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function loadTable(results: BenchResults): string {
  return table(
    [
      "scenario",
      "example",
      "conn.",
      "requests",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "errors",
      "vs baseline",
      "vs floor",
      "shop CPU µs/req",
    ],
    results.scenarios.map((s) => [
      s.label,
      `\`${s.example}\``,
      s.connections,
      s.requests,
      s.requestsPerSecond,
      s.p50Ms,
      s.p95Ms,
      s.p99Ms,
      s.id === "orders" ? `${s.errors} (+${s.conflicts} stock conflicts)` : s.errors,
      `${(s.ratioToBaseline * 100).toFixed(1)}%`,
      s.ratioToFloor === undefined ? "" : `${(s.ratioToFloor * 100).toFixed(1)}%`,
      s.shopCpuUsPerRequest ?? "",
    ]),
  );
}

function pageTable(results: BenchResults): string {
  return table(
    ["page", "HTML gzip", "JS files", "JS gzip", "CSS gzip"],
    results.pageWeight.map((p) => [
      `\`${p.path}\``,
      kb(p.htmlGzipBytes),
      p.jsFiles,
      kb(p.jsGzipBytes),
      kb(p.cssGzipBytes),
    ]),
  );
}

function lighthouseSection(results: BenchResults): string {
  if (!Array.isArray(results.lighthouse)) {
    return `Lighthouse did not run: ${results.lighthouse.skipped}`;
  }
  const runs = results.lighthouse[0]?.runs ?? 0;
  return [
    `Lighthouse 13, mobile (its 4x slower CPU), on the demo catalogue as \`deno task start\` ` +
    `makes it; \`/cart\` and \`/checkout\` with two books in the stored cart. Each figure is the ` +
    `median of ${runs} run${runs === 1 ? "" : "s"}; the host's benchmark index is Lighthouse's, ` +
    "per run.",
    "",
    table(
      [
        "page",
        "performance",
        "TBT ms",
        "LCP ms",
        "CLS",
        "accessibility",
        "scripting ms",
        "image bytes",
        "benchmark index",
      ],
      results.lighthouse.map((l) => [
        `\`${l.path}\``,
        l.performance,
        l.tbtMs,
        l.lcpMs,
        l.cls,
        l.accessibility +
        (l.accessibilityFailures.length > 0 ? ` (${l.accessibilityFailures.join(", ")})` : ""),
        l.scriptingMs,
        kb(l.imageBytes),
        l.benchmarkIndexes.join(", "),
      ]),
    ),
  ].join("\n");
}

/** Each scenario's slowest statement under load, and the run's slowest logged plans. */
function statementSection(results: BenchResults): string {
  if ("skipped" in results.statementLog) {
    return `Not logged: ${results.statementLog.skipped}`;
  }
  const rows = results.scenarios.flatMap((s) =>
    (s.slowest ?? []).slice(0, 1).map((st) => [
      s.label,
      st.maxMs,
      st.meanMs,
      st.calls,
      `\`${st.query.slice(0, 140).replaceAll("|", "\\|")}${st.query.length > 140 ? "…" : ""}\``,
    ])
  );
  const plans = results.statementLog.plans.map((p) =>
    `- ${p.durationMs} ms: \`${p.query.slice(0, 140).replaceAll("|", "\\|")}\` — ` +
    `${p.plan.split("\n")[0]}`
  );
  return [
    "The statement with the longest single run under each load (pg_stat_statements; its " +
    "counters reset after each warm-up), and the run's slowest plans (auto_explain; in full " +
    "in `bench-results/slow-statements.md`).",
    "",
    rows.length > 0
      ? table(["scenario", "max ms", "mean ms", "calls", "statement"], rows)
      : "No statement counted.",
    "",
    ...(plans.length > 0 ? plans : ["No plan was logged."]),
  ].join("\n");
}

function startupLine(results: BenchResults): string {
  if (!("freshMs" in results.startup)) return `Not measured: ${results.startup.skipped}`;
  const mix = results.startup.pageMix;
  const under = results.startup.underSearch;
  return `Fresh DATA_DIR ${(results.startup.freshMs / 1000).toFixed(2)} s; ` +
    `existing DATA_DIR ${(results.startup.existingMs / 1000).toFixed(2)} s.` +
    (mix
      ? ` The page mix of distinct URLs over its demo catalogue (PGlite), ${mix.connections} ` +
        `connections: ${mix.requestsPerSecond} req/s, p50 ${mix.p50Ms} ms, p99 ${mix.p99Ms} ms.`
      : "") +
    (under
      ? ` With ${under.books} generated books (bench/embedded_searches.ts), one client at a ` +
        `time: unique searches ${under.searchesAlone.requestsPerSecond} req/s, p50 ` +
        `${under.searchesAlone.p50Ms} ms, p99 ${under.searchesAlone.p99Ms} ms; distinct book ` +
        `pages p50 ${under.pagesAlone.p50Ms} ms, p99 ${under.pagesAlone.p99Ms} ms. Book pages ` +
        `while ${under.searchers} other clients search: p50 ${under.pagesBesideSearches.p50Ms} ms, ` +
        `p99 ${under.pagesBesideSearches.p99Ms} ms (the searches p99 ` +
        `${under.searchesBesidePages.p99Ms} ms).`
      : "");
}

/** The generated section: machine, catalogue, load, bytes, page weight, Lighthouse, targets. */
export function resultsMarkdown(results: BenchResults): string {
  const m = results.machine;
  const c = results.catalogue;
  const w = results.wire;
  return [
    `Measured ${results.date} (${results.mode} run) on ${m.cpus} CPUs (${m.cpuModel}), ` +
    `${m.memoryGb} GB memory, ${m.os}, Deno ${m.deno} (V8 ${m.v8}), ${results.postgres}. ` +
    `Server, load generator and PostgreSQL share this machine over loopback; the load ` +
    `average when the run began was ${m.loadAverage.join(", ")} (1, 5, 15 min).`,
    "",
    `Catalogue: ${c.books} books in ${c.categories} categories by ${c.authors} authors, ` +
    `${c.stationery} stationery items; ${results.campaigns} campaign rules running. ` +
    `Each load runs ${results.durationSeconds} s.`,
    "",
    "### Load",
    "",
    loadTable(results),
    "",
    `Server peak memory (VmHWM): ${results.serverPeakMemoryMb ?? "unknown"} MB.`,
    "",
    "### Slowest statements",
    "",
    statementSection(results),
    "",
    "### Bytes on the wire",
    "",
    table(["what", "JSON", "gzip"], [
      [
        "First page of the catalogue (`/api/books?page=1`)",
        kb(w.firstPageBytes),
        kb(w.firstPageGzipBytes),
      ],
      [
        `Whole catalogue as one JSON list (${w.books} books)`,
        kb(w.wholeCatalogueBytes),
        kb(w.wholeCatalogueGzipBytes),
      ],
    ]),
    "",
    "### Page weight",
    "",
    pageTable(results),
    "",
    "### Lighthouse (mobile)",
    "",
    lighthouseSection(results),
    "",
    "### Embedded start",
    "",
    startupLine(results),
    "",
    "### Targets",
    "",
    table(
      ["target", "measured", "met"],
      results.targets.map((t) => [t.target, t.measured, t.met ? "yes" : "**no**"]),
    ),
  ].join("\n");
}

/** The document with its generated section replaced (or appended when it has none). */
export function replaceResults(document: string, section: string): string {
  const block = `${START_MARKER}\n${section}\n${END_MARKER}`;
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start < 0 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, start) + block + document.slice(end + END_MARKER.length);
}
