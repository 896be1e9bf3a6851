/**
 * Slow statements must not stall the embedded shop's other requests beyond a bound (issue
 * 32, finding 10; issue 33: three searching clients beside one reading and ordering, and
 * bad input of any kind). PGlite runs one statement at a time for every request of the shop
 * and cannot cancel one (it keeps no statement_timeout: it never fires in WebAssembly), so
 * the bound is what one statement may read: a search the trigram indexes narrow to a few
 * matches is one statement; any other (a term of one letter, a term every title holds, a
 * term of 200 letters no index can narrow) counts and orders its matches SEARCH_SLICE ids a
 * statement, each slice letting the statements other requests wait to run go first
 * (adapters/postgres/turns.ts); a search that found nothing looks up the words of the
 * catalogue close to the typed ones (migration 0032), not every title. Between two
 * statements the event loop runs.
 *
 * Both tests assert on counts and ratios measured in the same run, not on wall-clock
 * figures a busy machine would miss.
 */
import assert from "node:assert/strict";
import { destination, fromAddress, type RealApp, realApp } from "./support/real_app.ts";
import { orderBody } from "./support/shop_api.ts";
import { recordFigures } from "./support/evidence.ts";
import { catalogueSize, generateCatalogue } from "../../bench/catalogue_generator.ts";
import { MAX_SUGGESTED_TERM } from "../../domain/catalogue/search.ts";

const BOOKS = 5_000;
/** Clients searching at once: each statement of theirs is one a read or an order may wait for. */
const SEARCHERS = 3;
/**
 * How much slower the fourth client's typical book read may be beside the three searchers
 * than alone, in the same run: it waits for the statement under way and the searchers'
 * statements queued before it, each bounded, not for a search. Before the slices and the
 * words tables the ratio was in the hundreds (a read waited for whole searches).
 */
const MEDIAN_READ_RATIO = 10;
/** The most any one read may take beside them: a share of the slowest search, or FLOOR_MS. */
const SHARE_OF_SEARCH = 0.5;
const FLOOR_MS = 100;
/**
 * The most any bad input's answer may take: this many times the broadest search's page (a
 * term nearly every product holds: every product read once, in slices), or FLOOR_MS; an
 * answer over it is asked again, and only one slow every time fails.
 */
const BROADEST_SEARCH_RATIO = 3;

/** `length` letters of `alphabet` and spaces from a fixed seed: a term no title holds. */
function gibberish(seed: number, length: number, alphabet = "abcdefghijklmnopqrstuvwxyz"): string {
  const letters = [...alphabet, " ", " "];
  let state = seed;
  const out: string[] = ["q"];
  while (out.length < length - 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out.push(letters[state % letters.length]);
  }
  return [...out, "q"].join("");
}

const SINHALA = "අආඉඊඋඌඑඒඔකගචජටඩතදනපබමයරලවසහළෆ";
const TAMIL = "அஆஇஈஉஊஎஏஐஒஓகஙசஞடணதநபமயரலவழளறன";

/** A shop on the embedded engine with BOOKS generated books beside its own one. */
async function shopWithBooks(): Promise<RealApp> {
  const r = await realApp({ stock: 1_000 });
  // The generator brings its own categories, "Novels" among them, and ISBNs from 978...1.
  await r.db.sql.exec(
    "UPDATE book_categories SET name = 'Novels (first)'; UPDATE books SET isbn13 = '9789999999991'",
  );
  await generateCatalogue(r.db.sql, {
    size: catalogueSize(BOOKS),
    images: { books: ["/uploads/a.png"], stationery: ["/uploads/b.png"] },
  });
  return r;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds an in-process request takes, its body read, and its status. */
async function timed(r: RealApp, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await r.app.request(path);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

Deno.test({
  name:
    "three clients' worst searches on the embedded engine hold a fourth's book reads and orders back by a few statements, not a search",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const r = await shopWithBooks();
    try {
      // Each term once: no answer comes from a cache. The longest a search takes in three
      // scripts, the longest that still gets suggestions, a short one, terms no index can
      // narrow (one letter, every title's "the", an emoji), and the last page of a broad
      // search sorted by title; each searching client its own.
      const termsOf = (client: number) =>
        [1, 2].flatMap((n) => {
          const seed = client * 100 + n;
          return [
            `/api/books?q=${encodeURIComponent(gibberish(seed, 200))}`,
            `/api/books?q=${encodeURIComponent(gibberish(seed + 10, 200, SINHALA))}`,
            `/api/books?q=${encodeURIComponent(gibberish(seed + 20, 200, TAMIL))}`,
            `/api/books?q=${encodeURIComponent(gibberish(seed + 30, MAX_SUGGESTED_TERM))}`,
            `/api/books?q=${encodeURIComponent(gibberish(seed + 40, 12))}`,
            `/api/books?q=${"aeiou"[(client + n) % 5]}&pageSize=${client + n}`,
            `/api/books?q=the&sort=price&order=${n === 1 ? "asc" : "desc"}&pageSize=${client + 1}`,
            `/api/books?q=${encodeURIComponent("📚".repeat(client + n))}`,
            `/api/books?q=e&sort=title&page=${200 + client * 10 + n}&pageSize=${n + 1}`,
          ];
        });
      const where = await destination(r);
      const book = { id: r.book.id, price: 1000, images: [] };
      const readAlone: number[] = [];
      for (let id = 2; id < 2 + 30; id++) {
        const read = await timed(r, `/api/books/${id}`);
        assert.equal(read.status, 200);
        readAlone.push(read.ms);
      }
      const reads: number[] = [];
      const orders: number[] = [];
      const searches: number[] = [];
      const searchPaths: string[] = [];
      let searching = SEARCHERS;
      const searcher = async (client: number) => {
        try {
          for (const path of termsOf(client)) {
            const search = await timed(r, path);
            assert.equal(search.status, 200, path);
            searches.push(search.ms);
            searchPaths.push(path);
          }
        } finally {
          searching--;
        }
      };
      // The fourth client reads book pages and places an order after every fifth read.
      const shopper = (async () => {
        for (let id = 100; searching > 0; id++) {
          const read = await timed(r, `/api/books/${id}`);
          assert.equal(read.status, 200);
          reads.push(read.ms);
          if (id % 5 === 0) {
            const placing = performance.now();
            const placed = await r.app.request("/api/orders", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({
                ...orderBody(book, where, `reader-${id}@example.lk`),
                phone: `077 ${String(1_000_000 + id)}`,
              }),
            }, fromAddress(`192.0.2.${id % 250}`));
            assert.equal(placed.status, 201, await placed.text());
            orders.push(performance.now() - placing);
          }
        }
      })();
      await Promise.all([...Array.from({ length: SEARCHERS }, (_, i) => searcher(i)), shopper]);
      const slowestSearch = Math.max(...searches);
      const worstRead = Math.max(...reads);
      const bound = Math.max(FLOOR_MS, SHARE_OF_SEARCH * slowestSearch);
      await recordFigures("slow_statement", {
        books: BOOKS,
        searchingClients: SEARCHERS,
        searches: searches.length,
        medianSearchMs: Math.round(median(searches)),
        slowestSearchMs: Math.round(slowestSearch),
        slowestSearches: searches.map((ms, i) => [ms, searchPaths[i]] as const)
          .sort((a, b) => b[0] - a[0]).slice(0, 4)
          .map(([ms, path]) => `${Math.round(ms)} ms ${decodeURIComponent(path).slice(0, 50)}`),
        medianReadAloneMs: Number(median(readAlone).toFixed(1)),
        reads: reads.length,
        medianReadMs: Number(median(reads).toFixed(1)),
        slowestReadMs: Math.round(worstRead),
        orders: orders.length,
        medianOrderMs: Math.round(median(orders)),
        slowestOrderMs: Math.round(Math.max(...orders)),
        boundMs: Math.round(bound),
      });
      // The fourth client got its work done while the three searched: a read for every
      // search of one client at least, and orders.
      assert.ok(reads.length >= termsOf(0).length, `${reads.length} reads beside the searches`);
      assert.ok(orders.length >= 2, `${orders.length} orders beside the searches`);
      assert.ok(
        median(reads) <= MEDIAN_READ_RATIO * median(readAlone),
        `a typical read took ${median(reads).toFixed(1)} ms beside the searches, ${
          median(readAlone).toFixed(1)
        } ms alone`,
      );
      assert.ok(
        worstRead <= bound,
        `a read waited ${Math.round(worstRead)} ms, the slowest search took ${
          Math.round(slowestSearch)
        } ms`,
      );
      assert.ok(
        median(orders) <= slowestSearch + FLOOR_MS,
        `a typical order took ${Math.round(median(orders))} ms beside searches of at most ${
          Math.round(slowestSearch)
        } ms`,
      );
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name:
    "bad input on the embedded engine (searches of 1 to 200 characters of any script, the last pages, every filter) answers 200 or 400, never 5xx, within the cost of the broadest search",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const r = await shopWithBooks();
    try {
      // The first page rendered and the first search compile their code: not measured.
      for (const path of ["/", "/?q=zz", "/api/books?q=zz", "/api/stationery?q=zz"]) {
        assert.equal((await timed(r, path)).status, 200);
      }
      // The broadest search: a page of a term nearly every product holds, each product
      // read once in slices; measured before and after the bad input, the slower kept.
      const broadestSearch = async (round: number) => {
        const times: number[] = [];
        for (const q of ["a", "e", "o"]) {
          const search = await timed(r, `/?q=${q}&page=${round + 1}`);
          assert.equal(search.status, 200);
          times.push(search.ms);
        }
        return median(times);
      };
      const broadestBefore = await broadestSearch(0);
      const { total } = await (await r.app.request("/api/books?pageSize=100")).json();
      const lastPage = Math.ceil(total / 100);
      const terms = [
        "a",
        "ක",
        "க",
        "📚",
        "%",
        "_",
        "\\",
        "'",
        "the",
        "of the",
        "ශ්‍රී",
        "பொன்னியின்",
        "ගම්පෙරළිය".repeat(22).slice(0, 200),
        "x".repeat(200),
        "📚🖊".repeat(50),
        gibberish(7, 200, SINHALA),
        gibberish(8, 200, TAMIL),
        gibberish(9, 200, `${SINHALA}${TAMIL}abc📚%_`),
      ];
      const filters = [
        "",
        "&categoryId=1",
        "&categoryId=999999",
        "&minPrice=100&maxPrice=2000",
        "&minPrice=2000&maxPrice=100",
        "&inStock=0&outOfStock=0",
        "&inStock=1&outOfStock=0",
        "&author=Nimal%20Perera",
        "&sort=title&order=desc",
        "&sort=category",
        "&sort=author&order=asc&categoryId=2&minPrice=500",
      ];
      const paths = [
        ...terms.flatMap((q) => [
          `/api/books?q=${encodeURIComponent(q)}`,
          `/api/stationery?q=${encodeURIComponent(q)}&sort=price`,
          `/?q=${encodeURIComponent(q)}`,
        ]),
        ...filters.flatMap((filter, i) => [
          `/api/books?pageSize=100&page=${lastPage}${filter}`,
          `/api/books?q=${"aeiou"[i % 5]}&page=${lastPage}&pageSize=100${filter}`,
          `/api/books?q=e&page=9999999${filter}`,
          `/?page=${lastPage * 10}${filter}`,
        ]),
      ];
      const badParameters = [
        "/api/books?q=" + "a".repeat(201),
        "/api/books?page=0",
        "/api/books?page=10000000",
        "/api/books?pageSize=101",
        "/api/books?sort=weight",
        "/api/books?minPrice=-1",
        "/api/stationery?sort=author",
      ];
      const answers: { path: string; status: number; ms: number }[] = [];
      for (const path of [...paths, ...badParameters]) {
        answers.push({ path, ...await timed(r, path) });
      }
      const broadest = Math.max(broadestBefore, await broadestSearch(1));
      const bound = Math.max(FLOOR_MS, BROADEST_SEARCH_RATIO * broadest);
      // An answer over the bound is asked again, twice, and its quickest time kept: a
      // statement that costs too much costs it every time, while a moment when the machine
      // was busy with other work does not come back.
      for (const answer of answers) {
        for (let again = 0; again < 2 && answer.ms > bound; again++) {
          answer.ms = Math.min(answer.ms, (await timed(r, answer.path)).ms);
        }
      }
      const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
      await recordFigures("bad_input_embedded", {
        books: BOOKS,
        requests: answers.length,
        answered400: answers.filter((a) => a.status === 400).length,
        broadestSearchMs: Math.round(broadest),
        medianMs: Number(median(answers.map((a) => a.ms)).toFixed(1)),
        slowestMs: Math.round(slowest.ms),
        slowest: [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5)
          .map((a) => `${Math.round(a.ms)} ms ${a.path.slice(0, 60)}`),
        boundMs: Math.round(bound),
      });
      for (const { path, status } of answers) {
        assert.ok(status === 200 || status === 400, `${status} for ${path}`);
      }
      for (const path of badParameters) {
        assert.equal(answers.find((a) => a.path === path)?.status, 400, path);
      }
      assert.ok(
        slowest.ms <= bound,
        `${slowest.path} took ${Math.round(slowest.ms)} ms, the broadest search ${
          Math.round(broadest)
        } ms`,
      );
    } finally {
      await r.close();
    }
  },
});
