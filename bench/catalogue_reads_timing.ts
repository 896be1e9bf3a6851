/**
 * Times the catalogue's read hot path on PGlite, a quick check beside `deno task bench`:
 * 10,000 books read by id and 1,000 listing pages of 100 through PostgresCatalogue (over
 * 20,000 generated books), and the row-to-book mapping alone (1,000,000 rows), each three
 * times. Run: deno run -A bench/catalogue_reads_timing.ts
 */
import { PgliteSqlClient } from "../adapters/postgres/pglite_client.ts";
import { migrate } from "../adapters/postgres/migrator.ts";
import { PostgresCatalogue } from "../adapters/postgres/catalogue.ts";
import { BOOK_TABLE } from "../adapters/postgres/catalogue_rows.ts";
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";

const BOOKS = 20_000;
const sql = await PgliteSqlClient.open();
await migrate(sql);
await generateCatalogue(sql, {
  size: catalogueSize(BOOKS),
  images: { books: ["/uploads/a.png", "/uploads/b.png"], stationery: ["/uploads/c.png"] },
});
const memo = new Map<string, Promise<number>>();
const catalogue = new PostgresCatalogue(sql, {
  totals: {
    getOrLoad(key, load) {
      if (!memo.has(key)) memo.set(key, load());
      return memo.get(key)!;
    },
  },
});
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const filter = { inStock: true, outOfStock: true };

async function byId(n: number) {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const book = await catalogue.findBook(1 + Math.floor(random() * BOOKS));
    if (!book) throw new Error("missing");
  }
  return performance.now() - t;
}

async function pages(n: number) {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const page = await catalogue.listBooks(filter, {
      page: 1 + Math.floor(random() * 200),
      pageSize: 100,
    });
    if (page.items.length !== 100) throw new Error("short page");
  }
  return performance.now() - t;
}

const rows = await sql.query(
  `SELECT ${BOOK_TABLE.columns} FROM ${BOOK_TABLE.from} ORDER BY b.id LIMIT 10000`,
);
function mapping(times: number) {
  const t = performance.now();
  let n = 0;
  // deno-lint-ignore no-explicit-any
  for (let i = 0; i < times; i++) for (const row of rows) n += (BOOK_TABLE.fromRow as any)(row).id;
  if (n === 0) throw new Error("none");
  return performance.now() - t;
}

await byId(1000);
await pages(100);
mapping(10);
const results: Record<string, number[]> = { byId: [], pages: [], mapping: [] };
for (let run = 0; run < 3; run++) {
  results.byId.push(await byId(10_000));
  results.pages.push(await pages(1_000));
  results.mapping.push(mapping(100));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
console.log(JSON.stringify({
  "10,000 books by id (ms)": results.byId.map(Math.round),
  "1,000 listing pages of 100 (ms)": results.pages.map(Math.round),
  "1,000,000 rows mapped (ms)": results.mapping.map(Math.round),
  medians: {
    byId: Math.round(median(results.byId)),
    pages: Math.round(median(results.pages)),
    mapping: Math.round(median(results.mapping)),
  },
}));
await sql.close();
