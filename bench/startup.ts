/**
 * The embedded default's start: `deno task start` with no DATABASE_URL, timed from the
 * command to the first answered request, on a fresh DATA_DIR and again on the same one;
 * then, while that second shop runs, the page mix of distinct URLs over its demo catalogue;
 * then a shop on a large generated catalogue under searches (bench/embedded_searches.ts).
 */
import { freePort, PROJECT_DIR, waitForAnswer } from "./shop_process.ts";
import { ensureEmbeddedTemplate } from "../scripts/embedded_template.ts";
import { type CatalogueShape, pageMix } from "./distinct_urls.ts";
import { type LoadResult, runLoad } from "./load.ts";
import {
  type EmbeddedSearchResult,
  measureEmbeddedSearches,
  prepareEmbeddedCatalogue,
} from "./embedded_searches.ts";

export interface StartupResult {
  /** A new DATA_DIR: create the embedded database, migrate, load the demo catalogue. */
  freshMs: number;
  /** The same DATA_DIR again. */
  existingMs: number;
  /** The page mix (bench/distinct_urls.ts) against the embedded default, when measured. */
  pageMix?: LoadResult & { connections: number };
  /** A large generated catalogue on the embedded default, under searches, when measured. */
  underSearch?: EmbeddedSearchResult;
}

export interface StartupOptions {
  /** The page mix's load: connections and seconds; none when absent. */
  pageMix?: { connections: number; durationSeconds: number };
  /** The searches' loads (bench/embedded_searches.ts); none when absent. */
  underSearch?: { books: number; searchers: number; durationSeconds: number };
}

/** The demo catalogue's books and categories, as the API lists them. */
async function demoShape(baseUrl: string): Promise<CatalogueShape> {
  const books = await (await fetch(`${baseUrl}/api/books?pageSize=100`)).json();
  const categories = await (await fetch(`${baseUrl}/api/categories`)).json();
  return {
    bookIds: books.data.map((b: { id: number }) => b.id),
    categoryIds: categories.data.map((c: { id: number }) => c.id),
    pages: Math.max(1, Math.ceil(books.total / 10)),
  };
}

/** The shop's own settings are left out: the embedded default is what is measured. */
const SHOP_SETTINGS =
  /^(DATABASE_URL|SEED_DEMO|ADMIN_EMAIL|ADMIN_PASSWORD|JWT_SECRET|SMTP_URL|PORT|DATA_DIR)$/;

function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !SHOP_SETTINGS.test(name)),
  );
}

async function timeStart(
  dataDir: string,
  whileUp?: (baseUrl: string) => Promise<void>,
  env: Record<string, string> = {},
): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "start"],
    cwd: PROJECT_DIR,
    env: { ...inheritedEnv(), ...env, PORT: String(port), DATA_DIR: dataDir, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "null",
    // Its own process group: `deno task` runs the server as a child, stopped with it.
    detached: true,
  }).spawn();
  try {
    await waitForAnswer(`http://127.0.0.1:${port}/`, {
      timeoutMs: 120_000,
      exited: child.status,
    });
    const ms = Math.round(performance.now() - started);
    await whileUp?.(`http://127.0.0.1:${port}`);
    return ms;
  } finally {
    try {
      Deno.kill(-child.pid, "SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    // PGlite flushes on close; give the group a moment before the next start.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Runs `whileUp` against the demo shop as a newcomer starts it (`deno task start` on a new
 * DATA_DIR), then stops it.
 */
export async function onNewcomersShop<T>(whileUp: (baseUrl: string) => Promise<T>): Promise<T> {
  await ensureEmbeddedTemplate();
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-newcomer-" });
  try {
    let result: { value: T } | undefined;
    await timeStart(dataDir, async (baseUrl) => {
      result = { value: await whileUp(baseUrl) };
    });
    return result!.value;
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

/**
 * Times a fresh start, then a start on the data the first one left. The web build and the
 * embedded database templates are made first: they are built once per checkout and change
 * of code, like the cached dependencies, not at every start.
 */
export async function measureStartup(options: StartupOptions = {}): Promise<StartupResult> {
  await ensureEmbeddedTemplate();
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-start-" });
  try {
    const freshMs = await timeStart(dataDir);
    let mix: StartupResult["pageMix"];
    const existingMs = await timeStart(dataDir, async (baseUrl) => {
      if (!options.pageMix) return;
      const { connections, durationSeconds } = options.pageMix;
      const requests = pageMix(await demoShape(baseUrl), 5_000, 5);
      const load = { baseUrl, requests, connections, threads: 2 };
      await runLoad({ ...load, durationSeconds: 1, maxRequestsPerThread: 0 });
      const result = await runLoad({ ...load, durationSeconds, maxRequestsPerThread: 1_000_000 });
      mix = { ...result, connections };
    });
    const underSearch = options.underSearch
      ? await measureUnderSearch(options.underSearch)
      : undefined;
    return {
      freshMs,
      existingMs,
      ...(mix ? { pageMix: mix } : {}),
      ...(underSearch ? { underSearch } : {}),
    };
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

/** A shop started on a DATA_DIR holding `books` generated books, and the searches' loads. */
async function measureUnderSearch(
  options: NonNullable<StartupOptions["underSearch"]>,
): Promise<EmbeddedSearchResult> {
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-embedded-search-" });
  try {
    const bookIds = await prepareEmbeddedCatalogue(dataDir, options.books);
    let result: EmbeddedSearchResult | undefined;
    await timeStart(dataDir, async (baseUrl) => {
      result = await measureEmbeddedSearches(baseUrl, { ...options, bookIds });
    }, { SEED_DEMO: "0" });
    return result!;
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
