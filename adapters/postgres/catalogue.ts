import type { Catalogue } from "../../domain/ports.ts";
import type {
  Book,
  BookFilter,
  CatalogueSort,
  Category,
  Page,
  PageRequest,
  ProductKind,
  StationeryFilter,
  StationeryItem,
  StationerySort,
} from "../../domain/catalogue/model.ts";
import type { Row, SqlClient } from "./sql_client.ts";
import {
  BOOK_TABLE,
  categoryFromRow,
  escapeLike,
  filterCondition,
  idsSource,
  type ProductTable,
  searchKeySql,
  type SqlCondition,
  STATIONERY_TABLE,
} from "./catalogue_rows.ts";
import { orderOf } from "./catalogue_order.ts";
import { searchTerm, SUGGESTION_THRESHOLD } from "../../domain/catalogue/search.ts";
import { searchesBeyondTitle } from "../../domain/catalogue/filter.ts";

/** Rows to skip before a page; pages count from 1. */
function offsetOf(page: PageRequest): number {
  return (Math.max(1, page.page) - 1) * page.pageSize;
}

/**
 * Where answers may be remembered for a while (adapters/cache's TtlCache fits): `load` is
 * called only when `getOrLoad` finds nothing under the key. Each key names exactly what
 * was read: the table, the WHERE clause, its parameters and, for a search's head, the order.
 */
export interface Memo<V> {
  getOrLoad(key: string, load: () => Promise<V>): Promise<V>;
}

/** Where listing totals may be remembered: a count is asked for only on a miss. */
export type TotalsMemo = Memo<number>;

/**
 * The first matches of a search, in the listing's order, and how many match in all. `ids`
 * holds the first SEARCH_HEAD of them (all of them when there are fewer).
 */
export interface SearchHead {
  ids: number[];
  total: number;
}

/**
 * Matches a search's head keeps: 20 pages of the storefront's 10, two of the API's largest.
 * A page that ends within them is read by id from the head; one past them, as before.
 */
export const SEARCH_HEAD = 200;

/**
 * The products one statement of `suggest` reads at most on the embedded engine: the bound
 * of a suggestion's statement there, whatever the catalogue's size
 * (tests/reliability/slow_statement_test.ts).
 */
export const SUGGEST_SLICE = 250;

/** Text in the order of its code points, as `COLLATE "C"` sorts it. */
function byCodePoint(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export interface PostgresCatalogueOptions {
  /** Remembered totals; without it every listing counts. */
  totals?: TotalsMemo;
  /**
   * Remembered heads of searches; without it every page of a search visits all its matches
   * again (docs/benchmarks.md, item 26).
   */
  searchHeads?: Memo<SearchHead>;
}

/** The catalogue reads, filtered, sorted and paged in SQL; oldest product first by default. */
export class PostgresCatalogue implements Catalogue {
  readonly #sql: SqlClient;
  readonly #totals: TotalsMemo | undefined;
  readonly #heads: Memo<SearchHead> | undefined;

  constructor(sql: SqlClient, options: PostgresCatalogueOptions = {}) {
    this.#sql = sql;
    this.#totals = options.totals;
    this.#heads = options.searchHeads;
  }

  /**
   * The exact number of products a WHERE clause over `source` (a table and its alias)
   * matches, from the memo when it has it. `along` may count them another way first (a
   * page that counts its matches); when it answers undefined, they are counted here.
   */
  #total(
    source: string,
    condition: SqlCondition,
    along?: () => Promise<number | undefined>,
  ): Promise<number> {
    const count = async () => {
      const known = await along?.();
      if (known !== undefined) return known;
      const [row] = await this.#sql.query<{ total: number }>(
        `SELECT count(*) AS total FROM ${source} WHERE ${condition.where}`,
        condition.params,
      );
      return row.total;
    };
    if (!this.#totals) return count();
    const key = `${source}|${condition.where}|${JSON.stringify(condition.params)}`;
    return this.#totals.getOrLoad(key, count);
  }

  /**
   * One page and the total of a filtered listing. The page's ids are found first, from the
   * product table alone (index-only on the listing indexes of migration 0005), and only
   * those rows are read and joined: a deep page no longer reads every row it skips. The
   * count needs no category join either (category_id is a non-null foreign key). Only a
   * sort by category name joins the categories to find the page's ids. A search finds them
   * in the product's search copy (`idsSource`).
   */
  async #page<T extends { id: number }>(
    product: ProductTable<T>,
    query: { filter: BookFilter; sort?: CatalogueSort },
    page: PageRequest,
  ): Promise<Page<T>> {
    const condition = filterCondition(product, query.filter);
    const { where, params } = condition;
    const n = params.length;
    const a = product.alias;
    const order = orderOf(a, query.sort);
    const term = searchTerm(query.filter.q);
    // A search without a sort of its own, of a kind found by more than its title (a book by
    // its author or ISBN-13 too), puts the products whose title holds the term first, each
    // group oldest first. Its pattern is the last parameter of the statements below.
    const titleFirst = searchesBeyondTitle(product.kind) && query.sort === undefined &&
      term !== "";
    const orderParams = titleFirst ? [`%${escapeLike(term)}%`] : [];
    const orderBy = (last: number) =>
      titleFirst ? `(${searchKeySql(`${a}.title`)} LIKE $${last}) DESC, ${a}.id` : order.orderBy;
    const ids = idsSource(product, query.filter);
    const source = idsSource(product, query.filter, { category: order.needsCategory });
    // When the total must be counted, the page's own statement counts it: a search by a
    // window over the matches its scan visits anyway (item 17), any other listing by its
    // count of an index, a subquery run once beside the page (item 28). One statement, one
    // round trip to the database, instead of a page and a count apart.
    const counting = term === ""
      ? { page: "", row: `, (SELECT count(*) FROM ${ids} WHERE ${where}) AS listing_total` }
      : { page: ", count(*) OVER () AS listing_total", row: ", page.listing_total" };
    const pageRows = (counted: boolean) =>
      this.#sql.query<Row & { listing_total?: number }>(
        `SELECT ${product.columns}${counted ? counting.row : ""} FROM ${product.from}
         JOIN (SELECT ${a}.id${counted ? counting.page : ""}
               FROM ${source} WHERE ${where}
               ORDER BY ${orderBy(n + 3)} LIMIT $${n + 1} OFFSET $${n + 2}) AS page
           ON page.id = ${a}.id
         ORDER BY ${orderBy(n + 3)}`,
        [...params, page.pageSize, offsetOf(page), ...orderParams],
      );
    const done = (items: T[], total: number): Page<T> => ({
      items,
      page: page.page,
      pageSize: page.pageSize,
      total,
    });
    const end = offsetOf(page) + page.pageSize;
    if (term !== "" && this.#heads && end <= SEARCH_HEAD) {
      // A search visits every match to count them and rank them (item 24): its first
      // matches are found once and kept with their count, and each page within them reads
      // its products by id. The products' rows are read fresh, so a price or stock shown
      // is never older than the page; which products match may be as old as the memo.
      const head = await this.#heads.getOrLoad(
        `${source}|${where}|${JSON.stringify([...params, ...orderParams])}|${orderBy(n + 2)}`,
        async () => {
          const rows = await this.#sql.query<{ id: number; listing_total: number }>(
            `SELECT ${a}.id, count(*) OVER () AS listing_total FROM ${source} WHERE ${where}
             ORDER BY ${orderBy(n + 2)} LIMIT $${n + 1}`,
            [...params, SEARCH_HEAD, ...orderParams],
          );
          const total = rows.length === 0 ? 0 : Number(rows[0].listing_total);
          return { ids: rows.map((r) => r.id), total };
        },
      );
      return done(await this.#byIds(product, head.ids.slice(offsetOf(page), end)), head.total);
    }
    // A remembered total leaves the page alone to read. A page past the end has no row to
    // carry the count: counted apart.
    let read: Awaited<ReturnType<typeof pageRows>> | undefined;
    const total = await this.#total(ids, condition, async () => {
      read = await pageRows(true);
      return read.length === 0 ? undefined : Number(read[0].listing_total);
    });
    return done((read ?? await pageRows(false)).map(product.fromRow), total);
  }

  /** The products on sale with these ids, in the order of `ids`. */
  async #byIds<T extends { id: number }>(
    product: ProductTable<T>,
    ids: number[],
  ): Promise<T[]> {
    if (ids.length === 0) return [];
    const a = product.alias;
    const rows = await this.#sql.query(
      `SELECT ${product.columns} FROM ${product.from}
        WHERE ${a}.id = ANY($1::integer[]) AND NOT ${a}.archived`,
      [ids],
    );
    const byId = new Map(rows.map((row) => {
      const item = product.fromRow(row);
      return [item.id, item];
    }));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  listBooks(filter: BookFilter, page: PageRequest, sort?: CatalogueSort): Promise<Page<Book>> {
    return this.#page(BOOK_TABLE, { filter, sort }, page);
  }

  /** One product on sale by id. */
  async #find<T>(product: ProductTable<T>, id: number): Promise<T | undefined> {
    const a = product.alias;
    const rows = await this.#sql.query(
      `SELECT ${product.columns} FROM ${product.from} WHERE ${a}.id = $1 AND NOT ${a}.archived`,
      [id],
    );
    return rows.length > 0 ? product.fromRow(rows[0]) : undefined;
  }

  findBook(id: number): Promise<Book | undefined> {
    return this.#find(BOOK_TABLE, id);
  }

  async listAuthors(): Promise<string[]> {
    const rows = await this.#sql.query<{ author: string }>(
      "SELECT DISTINCT author FROM books WHERE NOT archived ORDER BY author",
    );
    return rows.map((r) => r.author);
  }

  listStationery(
    filter: StationeryFilter,
    page: PageRequest,
    sort?: StationerySort,
  ): Promise<Page<StationeryItem>> {
    return this.#page(STATIONERY_TABLE, { filter, sort }, page);
  }

  findStationery(id: number): Promise<StationeryItem | undefined> {
    return this.#find(STATIONERY_TABLE, id);
  }

  async listIds(kind: ProductKind, page: PageRequest): Promise<Page<number>> {
    const table = kind === "book" ? "books" : "stationery_items";
    const alias = kind === "book" ? "b" : "s";
    // Index-only on the on-sale id indexes of migration 0005, the count remembered.
    const [rows, total] = await Promise.all([
      this.#sql.query<{ id: number }>(
        `SELECT id FROM ${table} WHERE NOT archived ORDER BY id LIMIT $1 OFFSET $2`,
        [page.pageSize, offsetOf(page)],
      ),
      this.#total(`${table} ${alias}`, { where: `NOT ${alias}.archived`, params: [] }),
    ]);
    return { items: rows.map((r) => r.id), page: page.page, pageSize: page.pageSize, total };
  }

  async suggest(kind: ProductKind, q: string, limit: number): Promise<string[]> {
    const term = searchTerm(q);
    if (term === "") return [];
    const product = kind === "book" ? BOOK_TABLE : STATIONERY_TABLE;
    if (this.#sql.serial) return await this.#suggestInSlices(product, term, limit);
    // `<%` is word similarity above pg_trgm's threshold (0.6 unless set), answered by the
    // trigram indexes of the search copies (migration 0019).
    const closeTo = (table: string, column: string) =>
      `SELECT ${column} AS text, word_similarity($1, ${searchKeySql(column)}) AS score
         FROM ${table} WHERE NOT archived AND $1 <% ${searchKeySql(column)}`;
    // Each text the kind's search looks in (SEARCH_FIELDS): a book's title and author.
    const union = product.searchedColumns.map((column) => closeTo(product.searchTable, column))
      .join(" UNION ALL ");
    const rows = await this.#sql.query<{ text: string }>(
      `SELECT text FROM (${union}) AS found
        GROUP BY text ORDER BY max(score) DESC, text COLLATE "C" LIMIT $2`,
      [term, limit],
    );
    return rows.map((r) => r.text);
  }

  /**
   * `suggest` on an engine that runs one statement at a time for the whole shop (PGlite):
   * `<%` (word similarity at or above SUGGESTION_THRESHOLD, pg_trgm's default) computed row
   * by row, SUGGEST_SLICE products a statement. A long term shares a trigram with nearly
   * every title, so the one indexed statement read every row: seconds on the embedded
   * engine, while every other request of the shop waited behind it.
   */
  async #suggestInSlices(
    product: { searchTable: string; searchedColumns: string[] },
    term: string,
    limit: number,
  ): Promise<string[]> {
    const closeTo = (column: string) =>
      `SELECT ${column} AS text, word_similarity($1, ${searchKeySql(column)}) AS score
         FROM ${product.searchTable} WHERE NOT archived AND id > $2 AND id <= $3`;
    const union = product.searchedColumns.map(closeTo).join(" UNION ALL ");
    const [{ top }] = await this.#sql.query<{ top: number | null }>(
      `SELECT max(id) AS top FROM ${product.searchTable}`,
    );
    const best = new Map<string, number>();
    for (let low = 0; low < (top ?? 0); low += SUGGEST_SLICE) {
      // Each slice lets the statements other requests wait to run go first.
      const rows = await (this.#sql.background ?? this.#sql).query<{ text: string; score: number }>(
        `SELECT text, max(score) AS score FROM (${union}) AS found
          WHERE score >= ${SUGGESTION_THRESHOLD}
          GROUP BY text ORDER BY max(score) DESC, text COLLATE "C" LIMIT $4`,
        [term, low, low + SUGGEST_SLICE, limit],
      );
      for (const { text, score } of rows) best.set(text, Math.max(score, best.get(text) ?? 0));
    }
    return [...best].sort(([a, x], [b, y]) => y - x || byCodePoint(a, b)).slice(0, limit)
      .map(([text]) => text);
  }

  async listCategories(): Promise<Category[]> {
    const rows = await this.#sql.query<Category>(
      "SELECT id, name FROM book_categories ORDER BY id",
    );
    return rows.map(categoryFromRow);
  }

  async listStationeryCategories(): Promise<Category[]> {
    const rows = await this.#sql.query<Category>(
      "SELECT id, name FROM stationery_categories ORDER BY id",
    );
    return rows.map(categoryFromRow);
  }
}
