/**
 * Searches of terms most books hold, as the catalogue's own reads answer them: the shortest
 * pieces a shopper types ("a", "e", "of", "an") and common syllables ("the", "per", "ran"),
 * each on twelve distinct pages of ten (1, 8, 15, ... 78), on a generated catalogue of
 * 100,000 books. Each search is read two ways: every match through the trigram indexes
 * (`broadSearch: Infinity`), and the shop's way (a broad term read by id and counted up to
 * the bound; docs/benchmarks.md, item 43). Two rounds, the first from a cold cache. Prints a
 * Markdown table for docs/benchmarks.md.
 *
 *   deno run -A bench/broad_searches.ts [--books 100000]
 */
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { openBenchDatabase } from "./database.ts";
import { PostgresCatalogue } from "../adapters/postgres/catalogue.ts";

const TERMS = ["a", "e", "of", "an", "er", "ra", "the", "per", "sil", "ran", "ere", "jay", "lan"];
const PAGES = 12;

function flag(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
}

const db = await openBenchDatabase();
try {
  const books = flag("books", 100_000);
  await generateCatalogue(db.sql, {
    size: catalogueSize(books),
    images: { books: ["/static/cover.jpg"], stationery: ["/static/item.jpg"] },
  });
  const never = { broadSearch: Number.POSITIVE_INFINITY };
  const ways = {
    "every match, through the trigram indexes": new PostgresCatalogue(db.sql, never),
    "broad terms by id, counted up to the bound (the shop)": new PostgresCatalogue(db.sql),
  };
  const rows: string[] = [];
  for (const round of [1, 2]) {
    for (const [way, catalogue] of Object.entries(ways)) {
      const times: number[] = [];
      const slowest: string[] = [];
      for (const q of TERMS) {
        let worst = 0;
        for (let n = 0; n < PAGES; n++) {
          const started = performance.now();
          await catalogue.listBooks(
            { inStock: true, outOfStock: true, q },
            { page: 1 + 7 * n, pageSize: 10 },
          );
          const ms = performance.now() - started;
          times.push(ms);
          worst = Math.max(worst, ms);
        }
        slowest.push(`${q} ${worst.toFixed(0)}`);
      }
      times.sort((x, y) => x - y);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
      rows.push(
        `| ${round} | ${way} | ${at(0.5).toFixed(1)} | ${at(0.9).toFixed(1)} | ${
          at(0.99).toFixed(1)
        } | ${slowest.join(", ")} |`,
      );
    }
  }
  console.log(`\n${books} books, ${TERMS.length} terms x ${PAGES} pages of 10, ms:\n`);
  console.log("| round | read | p50 | p90 | p99 | slowest page of each term |");
  console.log("| ----- | ---- | --- | --- | --- | ------------------------- |");
  for (const row of rows) console.log(row);
} finally {
  await db.close();
}
