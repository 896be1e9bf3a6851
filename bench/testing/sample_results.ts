/** Results of a made-up run, for the report and target tests. */
import { type BenchResults, scenarioResult } from "../results.ts";
import type { LoadResult } from "../load.ts";

export function load(rps: number, statuses: Record<string, number>, p99Ms = 10): LoadResult {
  return {
    requests: rps,
    seconds: 1,
    requestsPerSecond: rps,
    p50Ms: 1,
    p95Ms: 5,
    p99Ms,
    maxMs: 50,
    socketErrors: 0,
    statuses,
    bytes: 0,
    tool: "wrk",
  };
}

export const scenario = (id: string) => ({ id, label: id, example: `GET /${id}`, connections: 32 });

export function sampleResults(): Omit<BenchResults, "targets"> {
  const baselineRps = 10_000;
  return {
    date: "2026-01-01T00:00:00.000Z",
    mode: "quick",
    machine: {
      cpus: 2,
      cpuModel: "Xeon",
      memoryGb: 24,
      os: "linux",
      deno: "2.9",
      v8: "15",
      loadAverage: [0.5, 0.4, 0.3],
    },
    postgres: "PostgreSQL 15.14",
    catalogue: { books: 2000, stationery: 400, authors: 100, categories: 40, hotItems: 200 },
    campaigns: 1000,
    durationSeconds: 1,
    scenarios: [
      scenarioResult(scenario("baseline"), { load: load(10_000, { "200": 10 }), baselineRps }),
      scenarioResult(scenario("books_page1"), { load: load(5000, { "200": 5 }), baselineRps }),
      {
        ...scenarioResult(scenario("books_deep_page"), {
          load: load(1000, { "200": 5 }, 45),
          baselineRps,
        }),
        slowest: [{
          query: "SELECT id FROM books ORDER BY title OFFSET $1 LIMIT $2",
          calls: 40,
          meanMs: 30.5,
          maxMs: 61.25,
          totalMs: 1220,
        }],
      },
      scenarioResult(scenario("orders"), {
        load: load(400, { "201": 390, "409": 10 }),
        baselineRps,
      }),
    ],
    statementLog: {
      plans: [{
        durationMs: 61.25,
        query: "SELECT id FROM books ORDER BY title OFFSET 99000 LIMIT 24",
        plan: "Limit  (cost=9000.00..9002.00 rows=24 width=4)\n  ->  Sort",
      }],
    },
    serverPeakMemoryMb: 200,
    wire: {
      books: 2000,
      firstPageBytes: 5000,
      firstPageGzipBytes: 1000,
      wholeCatalogueBytes: 900_000,
      wholeCatalogueGzipBytes: 100_000,
    },
    pageWeight: [{
      path: "/",
      htmlGzipBytes: 4000,
      jsFiles: 3,
      jsGzipBytes: 95 * 1024,
      hydratedJsFiles: 3,
      hydratedJsGzipBytes: 95 * 1024,
      cssGzipBytes: 3000,
      files: {},
    }],
    lighthouse: [{
      path: "/",
      performance: 97,
      lcpMs: 1200,
      tbtMs: 10,
      cls: 0,
      imageBytes: 90_000,
      accessibility: 100,
      scriptingMs: 80,
      renderingMs: 400,
      accessibilityFailures: [],
      runs: 3,
      benchmarkIndexes: [2700, 2650, 2710],
    }],
    startup: {
      freshMs: 4000,
      existingMs: 7000,
      underSearch: {
        books: 10_000,
        searchers: 3,
        searchesAlone: load(40, { "200": 400 }, 45),
        pagesAlone: load(200, { "200": 2000 }, 12),
        pagesBesideSearches: load(100, { "200": 1000 }, 40),
        searchesBesidePages: load(30, { "200": 299, "503": 1 }, 120),
      },
    },
  };
}
