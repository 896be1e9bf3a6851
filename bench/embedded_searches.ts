/**
 * The embedded default with a large catalogue, under searches: unique searches alone, book
 * pages alone, then book pages while three other clients search (issue 33's stall). The
 * catalogue is generated into a DATA_DIR's embedded database before the shop starts on it.
 */
import { PgliteSqlClient } from "../adapters/postgres/pglite_client.ts";
import { migrate } from "../adapters/postgres/migrator.ts";
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { TITLE_ADJECTIVES, TITLE_NOUNS } from "./catalogue_words.ts";
import { type LoadRequest, type LoadResult, runLoad } from "./load.ts";

export interface EmbeddedSearchResult {
  books: number;
  /** Clients searching beside the one reading book pages. */
  searchers: number;
  searchesAlone: LoadResult;
  pagesAlone: LoadResult;
  pagesBesideSearches: LoadResult;
  searchesBesidePages: LoadResult;
}

/** Letters from a fixed seed: a word no title holds (a typo's worth of a search). */
export function nonsenseWord(seed: number, length: number): string {
  let state = seed;
  let out = "";
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += "abcdefghijklmnopqrstuvwxyz"[state % 26];
  }
  return out;
}

/**
 * `count` distinct searches as shoppers type them: every other one two words of the
 * catalogue's titles with a letter of a third (most find books), the others a word no
 * title holds (nothing found: the shop looks for suggestions).
 */
export function uniqueSearches(count: number, seed: number): string[] {
  const terms = new Set<string>();
  for (let n = 0; terms.size < count; n++) {
    const s = seed * 1_000_003 + n;
    terms.add(
      n % 2 === 0
        ? `${TITLE_ADJECTIVES[s % TITLE_ADJECTIVES.length]} ${
          TITLE_NOUNS[Math.floor(s / 7) % TITLE_NOUNS.length]
        } ${nonsenseWord(s, 1)}`.toLowerCase()
        : nonsenseWord(s, 6 + (s % 9)),
    );
  }
  return [...terms];
}

const get = (path: string): LoadRequest => ({ method: "GET", path });

/**
 * Writes a migrated embedded database with `books` generated books into `dataDir` (as the
 * shop keeps it: `<dataDir>/pglite`) and answers the ids of the books on sale.
 */
export async function prepareEmbeddedCatalogue(dataDir: string, books: number): Promise<number[]> {
  const sql = await PgliteSqlClient.open(`${dataDir}/pglite`);
  try {
    await migrate(sql);
    // Not vacuumed or analysed here: the shop's own upkeep does it when it starts
    // (adapters/embedded/upkeep.ts), as it would after any large import.
    await generateCatalogue(sql, {
      size: catalogueSize(books),
      images: { books: ["/uploads/none.png"], stationery: ["/uploads/none.png"] },
      vacuum: false,
    });
    const rows = await sql.query<{ id: number }>(
      "SELECT id FROM books WHERE NOT archived ORDER BY id",
    );
    return rows.map((r) => r.id);
  } finally {
    await sql.close();
  }
}

/**
 * Waits for the shop's first round of database upkeep (its /healthz counts them), which
 * vacuums and analyses the generated tables; at most a minute.
 */
async function upkeepDone(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = await (await fetch(`${baseUrl}/healthz`)).json();
    if ((health?.jobs?.upkeep?.rounds ?? 0) >= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The shop's database upkeep did not finish a round within a minute");
}

/**
 * The loads, against a shop on that database at `baseUrl`. Every URL is asked once per
 * load (distinct searches and books; the alone and beside loads use different ones), so no
 * answer comes from a cache.
 */
export async function measureEmbeddedSearches(
  baseUrl: string,
  options: { books: number; bookIds: number[]; durationSeconds: number; searchers: number },
): Promise<EmbeddedSearchResult> {
  const { bookIds, durationSeconds, searchers } = options;
  const half = Math.floor(bookIds.length / 2);
  const pages = (ids: number[]) => ids.map((id) => get(`/books/${id}`));
  const searches = (seed: number) =>
    uniqueSearches(3_000, seed).map((q) => get(`/api/books?q=${encodeURIComponent(q)}`));
  const load = (requests: LoadRequest[], connections: number) =>
    runLoad({
      baseUrl,
      requests,
      connections,
      threads: 1,
      durationSeconds,
      maxRequestsPerThread: 1_000_000,
    });
  await upkeepDone(baseUrl);
  // Warm up the process (JIT, the page shell) on URLs none of the loads asks.
  await runLoad({
    baseUrl,
    requests: [...searches(9).slice(0, 50), ...pages(bookIds.slice(-50))],
    connections: 2,
    threads: 1,
    durationSeconds: 1,
    maxRequestsPerThread: 0,
  });
  const searchesAlone = await load(searches(1), 1);
  const pagesAlone = await load(pages(bookIds.slice(0, half)), 1);
  const [pagesBesideSearches, searchesBesidePages] = await Promise.all([
    load(pages(bookIds.slice(half)), 1),
    load(searches(2), searchers),
  ]);
  return {
    books: options.books,
    searchers,
    searchesAlone,
    pagesAlone,
    pagesBesideSearches,
    searchesBesidePages,
  };
}
