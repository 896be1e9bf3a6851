/**
 * Cross-script searches beside same-script ones, on the embedded default (PGlite) and on a
 * PostgreSQL server: a generated catalogue with one book in fifty retitled in Sinhala or
 * Tamil script, then the same books looked for in their own script (same-script) and in
 * English letters as readers spell them (cross-script, through the sound key of migration
 * 0073), each term read `rounds` times through the catalogue's own listBooks (the page and
 * its count, as the storefront reads them). Prints p50 and p99 of each kind in ms.
 *
 *   deno run -A bench/cross_script_searches.ts [books=20000] [rounds=60]
 */
import { PgliteSqlClient } from "../adapters/postgres/pglite_client.ts";
import { migrate } from "../adapters/postgres/migrator.ts";
import { PostgresCatalogue } from "../adapters/postgres/catalogue.ts";
import type { SqlClient } from "../adapters/postgres/sql_client.ts";
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { openBenchDatabase } from "./database.ts";

/** Titles in their own script, and how their readers type them in English letters. */
export const CROSS_TERMS: readonly (readonly [string, string])[] = [
  ["ගම්පෙරළිය", "gamperaliya"],
  ["මඩොල් දූව", "madol duwa"],
  ["ගොළු හදවත", "golu hadawatha"],
  ["විරාගය", "viragaya"],
  ["பொன்னியின் செல்வன்", "ponniyin selvan"],
  ["குயில் பாட்டு", "kuyil pattu"],
];

async function retitle(sql: SqlClient): Promise<void> {
  const titles = CROSS_TERMS.map(([own]) => own);
  await sql.exec("SET statement_timeout = 0").catch(() => {});
  await sql.query(
    `UPDATE books SET title = ($1::text[])[1 + (id / 50) % $2] || ' ' || id WHERE id % 50 = 0`,
    [titles, titles.length],
  );
  await sql.exec("ANALYZE");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function timeTerms(catalogue: PostgresCatalogue, terms: string[], rounds: number) {
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < rounds; round++) {
    for (const q of terms) {
      const start = performance.now();
      const page = await catalogue.listBooks({ q, inStock: true, outOfStock: true }, {
        page: 1,
        pageSize: 24,
      });
      times.push(performance.now() - start);
      if (round === 0) found += page.total;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), found };
}

async function measure(name: string, sql: SqlClient, books: number, rounds: number) {
  const started = performance.now();
  await generateCatalogue(sql, {
    size: catalogueSize(books),
    images: { books: ["/covers/bench.png"], stationery: ["/covers/bench.png"] },
  });
  await retitle(sql);
  const loaded = (performance.now() - started) / 1000;
  const catalogue = new PostgresCatalogue(sql);
  const own = CROSS_TERMS.map(([term]) => term);
  const english = CROSS_TERMS.map(([, term]) => term);
  await timeTerms(catalogue, [...own, ...english], 2); // warm the caches and plans
  const same = await timeTerms(catalogue, own, rounds);
  const cross = await timeTerms(catalogue, english, rounds);
  const ms = (v: number) => v.toFixed(2);
  console.log(
    `${name}, ${books} books (generated in ${loaded.toFixed(0)} s): same-script p50 ${
      ms(same.p50)
    } ms, p99 ${ms(same.p99)} ms (found ${same.found}); cross-script p50 ${ms(cross.p50)} ms, p99 ${
      ms(cross.p99)
    } ms (found ${cross.found}); cross/same p50 ${(cross.p50 / same.p50).toFixed(2)}, p99 ${
      (cross.p99 / same.p99).toFixed(2)
    }`,
  );
}

if (import.meta.main) {
  const books = Number(Deno.args[0] ?? 20_000);
  const rounds = Number(Deno.args[1] ?? 60);
  const dir = await Deno.makeTempDir({ prefix: "pothgula-cross-script-" });
  const embedded = await PgliteSqlClient.open(dir);
  try {
    await migrate(embedded);
    await measure("PGlite (embedded)", embedded, books, rounds);
  } finally {
    await embedded.close();
    await Deno.remove(dir, { recursive: true });
  }
  const server = await openBenchDatabase();
  try {
    await measure(server.version, server.sql, books, rounds);
  } finally {
    await server.close();
  }
}
