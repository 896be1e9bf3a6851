/** What one benchmark run produced, and how it compares with the shop's targets. */
import type { CatalogueSize } from "./catalogue_generator.ts";
import type { PhonePageResult } from "./lighthouse_phone.ts";
import type { LoadResult } from "./load.ts";
import type { Machine } from "./machine.ts";
import type { PageWeight } from "./page_weight.ts";
import type { StartupResult } from "./startup.ts";
import type { LoggedPlan, SlowStatement } from "./slow_statements.ts";

export interface ScenarioResult extends LoadResult {
  id: string;
  label: string;
  example: string;
  connections: number;
  /** Responses that are neither 2xx nor an expected stock conflict, plus socket errors. */
  errors: number;
  /** 409 answers (stock conflicts), counted apart for the order load. */
  conflicts: number;
  /** requests/s divided by the baseline's requests/s. */
  ratioToBaseline: number;
  /** The statements with the longest single runs under this load, when the server counts them. */
  slowest?: SlowStatement[];
  /** The scenario measuring the least these requests can cost, and this one's share of it. */
  floor?: string;
  ratioToFloor?: number;
  /** Each connection's pause between requests (a paced load), in ms. */
  pauseMs?: number;
  /**
   * The shop process's CPU (user and system) over the measured load, in µs a request: what
   * a request costs the server whatever the hour's speed, beside the database's and the
   * load generator's share of the same cores.
   */
  shopCpuUsPerRequest?: number;
}

/** Each scenario's share of its floor's requests/s, where it names a floor that ran. */
export function withFloorRatios(scenarios: ScenarioResult[]): ScenarioResult[] {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  return scenarios.map((s) => {
    const floor = s.floor ? byId.get(s.floor) : undefined;
    if (!floor || floor.requestsPerSecond <= 0) return s;
    return {
      ...s,
      ratioToFloor: Math.round(s.requestsPerSecond / floor.requestsPerSecond * 1000) / 1000,
    };
  });
}

export interface WireBytes {
  books: number;
  firstPageBytes: number;
  firstPageGzipBytes: number;
  wholeCatalogueBytes: number;
  wholeCatalogueGzipBytes: number;
}

export interface BenchResults {
  date: string;
  mode: "full" | "quick";
  machine: Machine;
  postgres: string;
  catalogue: CatalogueSize;
  /** Campaign rules running during the loads. */
  campaigns: number;
  durationSeconds: number;
  scenarios: ScenarioResult[];
  /** The run's slowest plans (auto_explain), or why the log did not run. */
  statementLog: { plans: LoggedPlan[] } | { skipped: string };
  serverPeakMemoryMb: number | null;
  wire: WireBytes;
  pageWeight: PageWeight[];
  /** Issue 50's phone pages, `/cart` and `/checkout` with the cart filled. */
  lighthouse: PhonePageResult[] | { skipped: string };
  startup: StartupResult | { skipped: string };
  targets: TargetCheck[];
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

/** A scenario's figures from its load result and the baseline's requests/s. */
export function scenarioResult(
  scenario: { id: string; label: string; example: string; connections: number },
  options: { load: LoadResult; baselineRps: number; shopCpuSeconds?: number },
): ScenarioResult {
  const { load, baselineRps, shopCpuSeconds } = options;
  let errors = load.socketErrors;
  let conflicts = 0;
  for (const [status, count] of Object.entries(load.statuses)) {
    if (status === "409") conflicts += count;
    else if (!/^2\d\d$/.test(status)) errors += count;
  }
  return {
    ...scenario,
    ...load,
    errors,
    conflicts,
    ratioToBaseline: baselineRps > 0
      ? Math.round(load.requestsPerSecond / baselineRps * 1000) / 1000
      : 0,
    ...(shopCpuSeconds !== undefined && load.requests > 0
      ? { shopCpuUsPerRequest: Math.round(shopCpuSeconds * 1e6 / load.requests) }
      : {}),
  };
}

const LISTING = ["books_page1", "books_search", "books_filtered", "books_deep_page"];

/** The pages everyone opens: [scenario, share of the baseline's requests/s, p99 in ms]. */
const DISTINCT_TARGETS: [string, number, number][] = [
  ["home_html", 0.3, 15],
  ["book_html_hot", 0.3, 15],
];

/** What people load, at saturation: [scenario, share of its own floor's requests/s, p99 in ms]. */
const FLOOR_TARGETS: [string, number, number][] = [
  ["listing_html_distinct", 0.7, 100],
  ["api_books_distinct", 0.7, 60],
  ["book_html_random", 0.75, 30],
];

/** Paced loads: [scenario, least requests/s the pace must reach, p99 in ms]. */
const PACED_TARGETS: [string, number, number][] = [
  ["listing_html_paced", 800, 50],
  ["listing_html_paced_light", 300, 30],
];

const pct = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;

/** Every target of the shop next to its measured figure. */
export function checkTargets(results: Omit<BenchResults, "targets">): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const byId = new Map(results.scenarios.map((s) => [s.id, s]));
  for (const id of LISTING) {
    const s = byId.get(id);
    if (!s) continue;
    checks.push({
      target: `${s.label}: at least 40% of the baseline's requests/s`,
      measured: `${s.requestsPerSecond} req/s = ${pct(s.ratioToBaseline)}`,
      met: s.ratioToBaseline >= 0.4,
    });
    checks.push({
      target: `${s.label}: p99 under 30 ms at ${s.connections} connections`,
      measured: `p99 ${s.p99Ms} ms, ${s.errors} errors`,
      met: s.p99Ms < 30 && s.errors === 0,
    });
  }
  for (const [id, ratio, p99] of DISTINCT_TARGETS) {
    const s = byId.get(id);
    if (!s) continue;
    checks.push({
      target: `${s.label}: at least ${pct(ratio)} of the baseline, p99 under ${p99} ms`,
      measured: `${s.requestsPerSecond} req/s = ${pct(s.ratioToBaseline)}, p99 ${s.p99Ms} ms, ` +
        `${s.errors} errors`,
      met: s.ratioToBaseline >= ratio && s.p99Ms < p99 && s.errors === 0,
    });
  }
  for (const [id, ratio, p99] of FLOOR_TARGETS) {
    const s = byId.get(id);
    if (!s) continue;
    const share = s.ratioToFloor === undefined ? "no floor measured" : `${pct(s.ratioToFloor)}`;
    checks.push({
      target: `${s.label}: at least ${pct(ratio)} of its floor, p99 under ${p99} ms`,
      measured: `${s.requestsPerSecond} req/s = ${share} of the floor, p99 ${s.p99Ms} ms, ` +
        `${s.errors} errors`,
      met: (s.ratioToFloor ?? 0) >= ratio && s.p99Ms < p99 && s.errors === 0,
    });
  }
  for (const [id, rate, p99] of PACED_TARGETS) {
    const s = byId.get(id);
    if (!s) continue;
    checks.push({
      target: `${s.label}: at least ${rate} req/s with p99 under ${p99} ms`,
      measured: `${s.requestsPerSecond} req/s, p99 ${s.p99Ms} ms, ${s.errors} errors`,
      met: s.requestsPerSecond >= rate && s.p99Ms < p99 && s.errors === 0,
    });
  }
  const orders = byId.get("orders");
  if (orders) {
    checks.push({
      target: "Orders: at least 300 orders/s, no errors but stock conflicts",
      measured: `${orders.requestsPerSecond} orders/s, ${orders.errors} errors, ` +
        `${orders.conflicts} conflicts`,
      met: orders.requestsPerSecond >= 300 && orders.errors === 0,
    });
  }
  const listing = results.pageWeight.find((p) => p.path === "/");
  if (listing) {
    checks.push({
      target: "Listing page JavaScript under 90 KB gzip",
      measured: `${kb(listing.jsGzipBytes)} in ${listing.jsFiles} files`,
      met: listing.jsGzipBytes < 90 * 1024,
    });
  }
  if (Array.isArray(results.lighthouse)) {
    for (const l of results.lighthouse) {
      const filled = l.path === "/cart" || l.path === "/checkout" ? " (cart filled)" : "";
      checks.push({
        target:
          `Lighthouse mobile on ${l.path}${filled}: 95+, blocking time under 200 ms, accessibility 100`,
        measured: `${l.performance}, TBT ${l.tbtMs} ms, accessibility ${l.accessibility}`,
        met: l.performance >= 95 && l.tbtMs < 200 && l.accessibility === 100,
      });
    }
  }
  const front = Array.isArray(results.lighthouse)
    ? results.lighthouse.find((l) => l.path === "/")
    : undefined;
  if (front) {
    checks.push({
      target: "Images on the first screen of / on a phone under 150 KB",
      measured: kb(front.imageBytes),
      met: front.imageBytes < 150 * 1024,
    });
  }
  const mix = "freshMs" in results.startup ? results.startup.pageMix : undefined;
  if (mix) {
    const errors = loadErrors(mix);
    checks.push({
      target: `Embedded default, page mix: p99 under 100 ms at ${mix.connections} connections`,
      measured: `${mix.requestsPerSecond} req/s, p99 ${mix.p99Ms} ms, ${errors} errors`,
      met: mix.p99Ms < 100 && errors === 0,
    });
  }
  const under = "freshMs" in results.startup ? results.startup.underSearch : undefined;
  if (under) {
    const searched = under.searchesAlone;
    checks.push({
      target: `Embedded default, ${under.books} books: unique searches p99 under 30 ms`,
      measured: `p50 ${searched.p50Ms} ms, p99 ${searched.p99Ms} ms, ${
        loadErrors(searched)
      } errors`,
      met: searched.p99Ms < 30 && loadErrors(searched) === 0,
    });
    const beside = under.pagesBesideSearches;
    const errors = loadErrors(beside) + loadErrors(under.searchesBesidePages);
    checks.push({
      target:
        `Embedded default, ${under.books} books: book pages p99 under 50 ms while ${under.searchers} ` +
        "clients search",
      measured: `p99 ${beside.p99Ms} ms (alone ${under.pagesAlone.p99Ms} ms), ${errors} errors`,
      met: beside.p99Ms < 50 && errors === 0,
    });
  }
  if ("freshMs" in results.startup) {
    for (const [key, label] of [["freshMs", "fresh"], ["existingMs", "existing"]] as const) {
      checks.push({
        target: `Embedded start to first answer under 6 s (${label} DATA_DIR)`,
        measured: `${(results.startup[key] / 1000).toFixed(2)} s`,
        met: results.startup[key] < 6000,
      });
    }
  }
  return checks;
}

/** A load's answers that were not 2xx, and its socket errors. */
export function loadErrors(load: Pick<LoadResult, "socketErrors" | "statuses">): number {
  return load.socketErrors +
    Object.entries(load.statuses).filter(([s]) => !/^2/.test(s)).reduce((n, [, c]) => n + c, 0);
}

/** Bytes as KB with one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
