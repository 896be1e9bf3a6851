/**
 * Fills an empty shop database with a large synthetic catalogue in a few set-based
 * statements (generate_series), so 100,000 books take seconds, not minutes. Every value
 * is a pure function of the row number, so two runs of the same size give the same shop.
 */
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { upkeepStatement } from "../adapters/embedded/upkeep.ts";
import {
  BOOK_CATEGORIES,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  LAST_NAMES,
  PUBLISHERS,
  STATIONERY_BRANDS,
  STATIONERY_CATEGORIES,
  STATIONERY_WORDS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
} from "./catalogue_words.ts";

export interface CatalogueSize {
  books: number;
  stationery: number;
  authors: number;
  categories: number;
  /** Books and stationery items (the first ids) kept with ample stock for the order load. */
  hotItems: number;
}

/** Stock of the items the order load buys: it never runs out during a run. */
export const AMPLE_STOCK = 1_000_000;

/**
 * The catalogue for a number of books, in the proportions of the default
 * (100,000 books, 5,000 authors, 40 categories, 20,000 stationery items).
 *
 * @example catalogueSize(100_000) // { books: 100000, stationery: 20000, authors: 5000, categories: 40, hotItems: 1000 }
 */
export function catalogueSize(books: number): CatalogueSize {
  if (!Number.isSafeInteger(books) || books < 100) {
    throw new Error(`The catalogue needs at least 100 books, not "${books}"`);
  }
  const authors = Math.min(FIRST_NAMES.length * LAST_NAMES.length, Math.ceil(books / 20));
  return {
    books,
    stationery: Math.ceil(books / 5),
    authors,
    categories: BOOK_CATEGORIES.length,
    hotItems: Math.min(1000, Math.floor(books / 10)),
  };
}

/** A well spread, non-negative pseudo-random integer of the row number `i` and a salt. */
const hash = (salt: number) => `abs(hashint4(i * 7919 + ${salt}))`;
/** An element of a text[] parameter, chosen by hash. */
const pick = (param: string, salt: number) =>
  `(${param}::text[])[1 + ${hash(salt)} % cardinality(${param}::text[])]`;

/** ISBN-13 check digit of a 12-digit text, computed in SQL. */
const ISBN_CHECK =
  `(10 - (SELECT sum(substr(d, k, 1)::int * (CASE WHEN k % 2 = 1 THEN 1 ELSE 3 END))
  FROM generate_series(1, 12) AS k) % 10) % 10`;

const INSERT_BOOKS = `
INSERT INTO books (title, author, price_cents, stock, category_id, isbn13, language, binding,
  publisher, publishing_date, edition, weight_grams, description, images, preorder,
  preorder_date, preordered_stock)
SELECT
  ${pick("$1", 1)} || ' ' || ${pick("$2", 2)} ||
    CASE WHEN ${hash(3)} % 3 = 0 THEN ' of the ' || ${pick("$2", 4)} ELSE '' END,
  ($3::text[])[1 + (i - 1) % $4::int],
  (200 + ${hash(5)} % 4800) * 100 + (CASE WHEN ${hash(6)} % 4 = 0 THEN 50 ELSE 0 END),
  CASE WHEN i <= $5::int THEN ${AMPLE_STOCK}
       WHEN ${hash(7)} % 10 = 0 THEN 0 ELSE 1 + ${hash(8)} % 300 END,
  ($6::int[])[1 + ${hash(9)} % cardinality($6::int[])],
  d || ${ISBN_CHECK},
  (ARRAY['Sinhala', 'Sinhala', 'English', 'English', 'Tamil', 'Hindi'])[1 + ${hash(10)} % 6],
  (ARRAY['Paperback', 'Paperback', 'Hardcover'])[1 + ${hash(11)} % 3],
  ${pick("$7", 12)},
  DATE '1995-01-01' + ${hash(13)} % 11000,
  (ARRAY['1st', '2nd', '3rd', 'Revised'])[1 + ${hash(14)} % 4],
  150 + ${hash(15)} % 1100,
  CASE WHEN ${hash(16)} % 8 = 0 THEN NULL
       ELSE ${pick("$8", 17)} || ' ' || ${pick("$8", 18)} END,
  ARRAY[${pick("$9", 19)}, ${pick("$9", 20)}],
  i > $5::int AND ${hash(21)} % 50 = 0,
  CASE WHEN i > $5::int AND ${hash(21)} % 50 = 0
       THEN DATE '2030-01-01' + ${hash(22)} % 300 END,
  CASE WHEN i > $5::int AND ${hash(21)} % 50 = 0 THEN ${hash(23)} % 200 ELSE 0 END
FROM generate_series(1, $10::int) AS g(i)
CROSS JOIN LATERAL (SELECT '978' || lpad(i::text, 9, '0') AS d) AS isbn`;

const INSERT_STATIONERY = `
INSERT INTO stationery_items (title, price_cents, stock, weight_grams, category_id, image)
SELECT
  ${pick("$1", 31)} || ' ' || ${pick("$2", 32)} || ' No. ' || i,
  (20 + ${hash(33)} % 2500) * 100,
  CASE WHEN i <= $3::int THEN ${AMPLE_STOCK}
       WHEN ${hash(34)} % 10 = 0 THEN 0 ELSE 1 + ${hash(35)} % 500 END,
  10 + ${hash(36)} % 900,
  ($4::int[])[1 + ${hash(37)} % cardinality($4::int[])],
  ${pick("$5", 38)}
FROM generate_series(1, $6::int) AS g(i)`;

/** Every first-name and last-name pair, `count` of them, as distinct author names. */
export function authorNames(count: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
    names.push(`${first} ${last}`);
  }
  return names;
}

export interface CatalogueImages {
  /** URL paths of stored book covers, used round robin. */
  books: string[];
  stationery: string[];
}

async function insertCategories(sql: SqlClient, table: string, names: string[]): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `INSERT INTO ${table} (name) SELECT unnest($1::text[]) RETURNING id`,
    [names],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Writes the catalogue into an empty, migrated database and refreshes the planner's
 * statistics. Books and stationery items 1..`hotItems` get AMPLE_STOCK and are never
 * pre-orders, so the order load can buy them by COD.
 */
export async function generateCatalogue(
  sql: SqlClient,
  options: {
    size: CatalogueSize;
    images: CatalogueImages;
    /** False leaves the vacuum and analyse to the shop (the embedded database's upkeep). */
    vacuum?: boolean;
  },
): Promise<void> {
  const { size, images } = options;
  await sql.transaction(async (tx) => {
    // Flushed at commit even on a server running with synchronous_commit=off: until its
    // commit is on disk, VACUUM may not mark the new rows all-visible, and without the
    // visibility map every count becomes a sequential scan.
    await tx.exec("SET LOCAL synchronous_commit = on");
    const bookCategories = await insertCategories(
      tx,
      "book_categories",
      BOOK_CATEGORIES.slice(0, size.categories),
    );
    const stationeryCategories = await insertCategories(
      tx,
      "stationery_categories",
      STATIONERY_CATEGORIES,
    );
    await tx.query(INSERT_BOOKS, [
      TITLE_ADJECTIVES,
      TITLE_NOUNS,
      authorNames(size.authors),
      size.authors,
      size.hotItems,
      bookCategories,
      PUBLISHERS,
      DESCRIPTION_SENTENCES,
      images.books,
      size.books,
    ]);
    await tx.query(INSERT_STATIONERY, [
      STATIONERY_BRANDS,
      STATIONERY_WORDS,
      size.hotItems,
      stationeryCategories,
      images.stationery,
      size.stationery,
    ]);
  });
  // Every table the load wrote, the search copies and word counts its triggers filled
  // included: a shop's server vacuums and analyses them on its own (autovacuum) within a
  // minute of such a load, the bench's server (autovacuum off) only when asked.
  if (options.vacuum ?? true) await vacuumTablesWithRows(sql);
}

const TABLES_WITH_ROWS = `
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0
  ORDER BY c.relname`;

/** Of the tables named, those with pages a vacuum has not marked all-visible. */
const TABLES_NOT_ALL_VISIBLE = `
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relname = ANY($1::text[]) AND c.relallvisible < c.relpages
  ORDER BY c.relname`;

/** Vacuums a table needs at most to have all its pages marked all-visible. */
const VACUUM_PASSES = 3;

/**
 * Vacuums and analyses the tables that hold rows, and leaves the empty ones as a new shop
 * has them, never analysed. Autovacuum never visits a table nothing has written; a table
 * analysed while empty has its statements planned for an empty table, and the plans kept
 * for it read it whole as it fills: every order's foreign-key checks read the orders so,
 * and the rate limiter its events, under the order load (docs/benchmarks.md, item 55).
 * A table whose pages one vacuum left unmarked (which ones changed from run to run) is
 * vacuumed again, so that counts and index-only reads find every page all-visible in
 * every run. Returns the tables it vacuumed.
 */
export async function vacuumTablesWithRows(sql: SqlClient): Promise<string[]> {
  const names = (await sql.query<{ name: string }>(TABLES_WITH_ROWS)).map((r) => r.name);
  for (const table of names) {
    await sql.exec(upkeepStatement({ table, vacuum: true, analyse: true }));
  }
  for (let pass = 1; pass < VACUUM_PASSES; pass++) {
    const unmarked = await sql.query<{ name: string }>(TABLES_NOT_ALL_VISIBLE, [names]);
    if (unmarked.length === 0) break;
    for (const { name } of unmarked) {
      await sql.exec(upkeepStatement({ table: name, vacuum: true, analyse: false }));
    }
  }
  return names;
}
