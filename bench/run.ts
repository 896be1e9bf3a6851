/**
 * One benchmark run, end to end: a fresh database with a generated catalogue, the shop
 * in its own process against it, every load scenario from a second process, bytes on the
 * wire, page weight, then Lighthouse on the phone pages and the embedded start, each on the
 * demo shop as a newcomer starts it. Returns the results; writing
 * them is the caller's.
 */
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { type BenchDatabase, openBenchDatabase } from "./database.ts";
import { campaignRules, insertCampaigns } from "./campaigns.ts";
import {
  type LoggedPlan,
  parseLoggedPlans,
  plansMarkdown,
  resetStatementCounters,
  slowestPlans,
  takeSlowestStatements,
} from "./slow_statements.ts";
import { storeCatalogueImages } from "./images.ts";
import { measurePhonePages, phonePageResult } from "./lighthouse_phone.ts";
import { runLoad } from "./load.ts";
import { describeMachine } from "./machine.ts";
import { weighPage } from "./page_weight.ts";
import {
  type BenchResults,
  checkTargets,
  type ScenarioResult,
  scenarioResult,
  withFloorRatios,
} from "./results.ts";
import { buildScenarios } from "./scenarios.ts";
import { freePort, PROJECT_DIR, startShop } from "./shop_process.ts";
import { measureStartup, onNewcomersShop } from "./startup.ts";
import { measureWireBytes } from "./wire_bytes.ts";

export interface RunOptions {
  mode: "full" | "quick";
  books: number;
  durationSeconds: number;
  /**
   * Each thread's requests in a warm-up, which ends at this many or after its second,
   * whichever is first (0: the whole second).
   */
  warmupRequests: number;
  connections: number;
  orderConnections: number;
  lighthouse: boolean;
  /** Lighthouse's runs of each phone page (their median is reported). */
  lighthouseRuns: number;
  startup: boolean;
  /** Campaign rules running while the shop is measured (bench/campaigns.ts). */
  campaigns: number;
  /** Only these scenarios (by id), besides the baseline; every one when absent. */
  only?: string[];
  /** Where the server log goes. */
  outDir: string;
  log: (line: string) => void;
}

const STOREFRONT_PAGES = ["/", "/books/{id}", "/cart", "/checkout"];

/** The embedded default's catalogue under searches: the size a shop on it may reach. */
const EMBEDDED_SEARCH_BOOKS = 10_000;

/** A short warm-up before each measured load: JIT, pools and caches settle. */
const WARMUP_SECONDS = 1;

/** The baseline and the scenarios named in `only` (every one without it); an unknown id is refused. */
export function onlyScenarios<T extends { id: string }>(scenarios: T[], only?: string[]): T[] {
  if (!only) return scenarios;
  const known = new Set(scenarios.map((s) => s.id));
  const unknown = only.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown scenario ${unknown.join(", ")}; the scenarios: ${[...known].join(", ")}`,
    );
  }
  return scenarios.filter((s) => s.id === "baseline" || only.includes(s.id));
}

async function timed<T>(log: (line: string) => void, what: string, fn: () => Promise<T>) {
  const started = performance.now();
  const value = await fn();
  log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

async function optional<T>(
  enabled: boolean,
  why: string,
  fn: () => Promise<T>,
): Promise<T | { skipped: string }> {
  if (!enabled) return { skipped: why };
  try {
    return await fn();
  } catch (error) {
    return { skipped: (error as Error).message.split("\n")[0] };
  }
}

/** Runs the benchmark and returns its results. */
/**
 * The run's slowest plans from the server's log (auto_explain), written to
 * `slow-statements.md` in the results folder; the five slowest are also in the results.
 */
async function writeSlowPlans(
  db: BenchDatabase,
  outDir: string,
  log: (line: string) => void,
): Promise<LoggedPlan[]> {
  if (!db.statementLog.available || !db.statementLog.plans || !db.serverLog) return [];
  const text = await Deno.readTextFile(db.serverLog).catch(() => "");
  const plans = slowestPlans(parseLoggedPlans(text), 10);
  await Deno.writeTextFile(
    `${outDir}/slow-statements.md`,
    `# The run's slowest statements and their plans\n\n${plansMarkdown(plans)}`,
  );
  log(`slow-statement log: ${plans.length} plans in ${outDir}/slow-statements.md`);
  return plans.slice(0, 5);
}

export async function runBench(options: RunOptions): Promise<BenchResults> {
  const { log } = options;
  const machine = await describeMachine();
  const size = catalogueSize(options.books);
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-bench-data-" });
  const db = await timed(log, "database created and migrated", openBenchDatabase);
  try {
    // The full run's covers are photo-sized uploads, as a shop owner's phone takes them.
    const images = await timed(
      log,
      "cover images stored",
      () => storeCatalogueImages(`${dataDir}/uploads`, 12, { photos: options.mode === "full" }),
    );
    await timed(
      log,
      `catalogue generated (${size.books} books)`,
      () => generateCatalogue(db.sql, { size, images }),
    );
    if (options.campaigns > 0) {
      await timed(log, `${options.campaigns} campaign rules running`, async () => {
        const books = await db.sql.query<{ id: number }>(
          "SELECT id FROM books WHERE NOT archived ORDER BY id",
        );
        const categories = await db.sql.query<{ id: number }>(
          "SELECT id FROM book_categories ORDER BY id",
        );
        await insertCampaigns(
          db.sql,
          campaignRules(options.campaigns, {
            bookIds: books.map((b) => b.id),
            categoryIds: categories.map((c) => c.id),
          }),
        );
      });
    }
    const shop = await timed(log, "shop started", () =>
      startShop({
        // Through the server's socket, as a shop on the same machine connects
        // (docs/deployment.md; item 64).
        databaseUrl: db.socketUrl ?? db.url,
        dataDir,
        port: freePort(),
        adminEmail: "bench@pothgula.lk",
        adminPassword: crypto.randomUUID(),
        logFile: `${options.outDir}/server.log`,
      }));
    try {
      const scenarios = onlyScenarios(
        await buildScenarios(db.sql, {
          books: size.books,
          connections: options.connections,
          orderConnections: options.orderConnections,
        }),
        options.only,
      );
      const measured: ScenarioResult[] = [];
      let baselineRps = 0;
      const statements = db.statementLog.available;
      for (const scenario of scenarios) {
        const load = { baseUrl: shop.url, requests: scenario.requests, threads: 2 };
        await runLoad({
          ...load,
          connections: scenario.connections,
          durationSeconds: WARMUP_SECONDS,
          maxRequestsPerThread: options.warmupRequests,
        });
        // The statement counters start with the measured load.
        if (statements) await resetStatementCounters(db.sql);
        const cpuBefore = await shop.cpuSeconds();
        const result = await runLoad({
          ...load,
          connections: scenario.connections,
          durationSeconds: options.durationSeconds,
          maxRequestsPerThread: 1_000_000,
          pauseMs: scenario.pauseMs,
        });
        if (scenario.id === "baseline") baselineRps = result.requestsPerSecond;
        const cpuAfter = await shop.cpuSeconds();
        const figures = scenarioResult(scenario, {
          load: result,
          baselineRps,
          shopCpuSeconds: cpuBefore === undefined || cpuAfter === undefined
            ? undefined
            : cpuAfter - cpuBefore,
        });
        if (statements) figures.slowest = await takeSlowestStatements(db.sql, 3);
        measured.push(figures);
        log(
          `${scenario.id}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, ` +
            `p99 ${figures.p99Ms} ms, ${figures.errors} errors`,
        );
      }
      const slowPlans = await writeSlowPlans(db, options.outDir, log);
      const peakKb = await shop.peakMemoryKb();
      const wire = await measureWireBytes(db.sql, { baseUrl: shop.url });
      const [{ id: bookId }] = await db.sql.query<{ id: number }>(
        "SELECT id FROM books WHERE NOT archived ORDER BY id LIMIT 1",
      );
      const paths = STOREFRONT_PAGES.map((p) => p.replace("{id}", String(bookId)));
      const pageWeight = await Promise.all(
        paths.map((path) => weighPage(shop.url, { path, distDir: `${PROJECT_DIR}dist` })),
      );
      await shop.stop();
      // Issue 50's five phone pages, the cart filled, on the demo catalogue as a newcomer
      // starts it (the bench's own shop is a catalogue of generated books without covers).
      const lighthouse = await optional(
        options.lighthouse,
        "not asked for (--quick or --no-lighthouse)",
        () =>
          timed(
            log,
            "lighthouse on the phone pages",
            () =>
              onNewcomersShop(async (baseUrl) =>
                (await measurePhonePages(baseUrl, options.lighthouseRuns, log)).map(
                  phonePageResult,
                )
              ),
          ),
      );
      const startup = await optional(
        options.startup,
        "not asked for (--quick or --no-startup)",
        () =>
          timed(
            log,
            "embedded start, its page mix, and 10,000 books under searches",
            () =>
              measureStartup({
                pageMix: {
                  connections: options.connections,
                  durationSeconds: options.durationSeconds,
                },
                underSearch: {
                  books: EMBEDDED_SEARCH_BOOKS,
                  searchers: 3,
                  durationSeconds: options.durationSeconds,
                },
              }),
          ),
      );
      const results: Omit<BenchResults, "targets"> = {
        date: new Date().toISOString(),
        mode: options.mode,
        machine,
        postgres: db.version,
        catalogue: size,
        campaigns: options.campaigns,
        durationSeconds: options.durationSeconds,
        scenarios: withFloorRatios(measured),
        statementLog: db.statementLog.available
          ? { plans: slowPlans }
          : { skipped: db.statementLog.reason },
        serverPeakMemoryMb: peakKb === undefined ? null : Math.round(peakKb / 1024),
        wire,
        pageWeight,
        lighthouse,
        startup,
      };
      return { ...results, targets: checkTargets(results) };
    } finally {
      await shop.stop();
    }
  } finally {
    await db.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
