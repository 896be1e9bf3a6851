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
  CATEGORY_COLUMNS,
  categoryFromRow,
  type CategoryRow,
  escapeLike,
  filterCondition,
  idsSource,
  type ProductTable,
  searchKeySql,
  type SqlCondition,
  STATIONERY_TABLE,
} from "./catalogue_rows.ts";
import { orderByOf, type OrderKey, orderKeysOf } from "./catalogue_order.ts";
import { searchTerm, SUGGESTION_THRESHOLD } from "../../domain/catalogue/search.ts";
import { searchesBeyondTitle } from "../../domain/catalogue/filter.ts";
import { hasIndicLetters, soundTerm } from "../../domain/catalogue/script_sound.ts";
import {
  listingTotal,
  SEARCH_COUNT_STEP,
  searchCountBound,
} from "../../domain/catalogue/search_count.ts";

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
 * Ids one statement of a search reads at most on the embedded engine, whatever the
 * catalogue's size and the term: a search there counts and orders its matches SEARCH_SLICE
 * ids at a time, each slice a turn that lets the statements other requests wait to run go
 * first, so no search holds the one thread for longer than a slice (a term the trigram
 * indexes cannot narrow, "a" or a Sinhala letter, reads every product once; docs/benchmarks.md,
 * item 36). A PostgreSQL server runs the one statement.
 */
export const SEARCH_SLICE = 1_000;

/**
 * Matches the planner may expect of a search that the embedded engine runs as one statement
 * (through the trigram indexes); more, or a read of every product, go in slices.
 */
export const NARROW_MATCHES = SEARCH_SLICE / 4;

/** A node of `EXPLAIN (FORMAT JSON)`: what #narrow reads of it. */
interface PlanNode {
  "Node Type": string;
  "Plan Rows": number;
  Plans?: PlanNode[];
}

/**
 * Products a search's words may hold (by the catalogue's words: migration 0032) above which
 * a server reads the search's page from the start of each group by id and counts its matches
 * up to the bound, rather than visiting every match through the trigram indexes: a term
 * most products hold ("the", "a") costs a page and a thousand rows instead of every row,
 * while a term a few thousand hold is cheaper read through its indexes (docs/benchmarks.md,
 * item 43).
 */
export const BROAD_SEARCH = 5_000;

/** The largest id an `integer` column holds: the open top of a search's last slice. */
const MAX_ID = 2_147_483_647;

/** Words of a term a suggestion looks up: a title or a name is typed in fewer. */
const TYPED_WORDS = 8;
/** The catalogue's words close to a typed word that a suggestion reads texts of. */
const CLOSE_WORDS = 4;
/** Texts a suggestion reads for each searched column and way of combining the words. */
const CANDIDATE_TEXTS = 50;

/** Two values of one order key: numbers, booleans (false first), text by code point. */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === "string" && typeof b === "string") return byCodePoint(a, b);
  return Number(a) - Number(b);
}

/**
 * Text in the order of its code points, as `COLLATE "C"` sorts it: at the first code unit
 * that differs, the code points there (a lead surrogate's whole pair, which sorts above every
 * other code unit's letter).
 */
function byCodePoint(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.codePointAt(i)! - b.codePointAt(i)!;
  }
  return a.length - b.length;
}

export interface PostgresCatalogueOptions {
  /** Remembered totals; without it every listing counts. */
  totals?: TotalsMemo;
  /**
   * Remembered heads of searches; without it every page of a search visits all its matches
   * again (docs/benchmarks.md, item 26).
   */
  searchHeads?: Memo<SearchHead>;
  /** Ids a search's statement reads at most on a serial engine; SEARCH_SLICE by default. */
  searchSlice?: number;
  /**
   * Matches the planner may expect of a search a serial engine runs as one statement;
   * NARROW_MATCHES by default (0: every search in slices).
   */
  narrowMatches?: number;
  /** Matches a search's head keeps; SEARCH_HEAD by default. */
  searchHead?: number;
  /** The step of a search's count bound; SEARCH_COUNT_STEP by default (search_count.ts). */
  searchCountStep?: number;
  /**
   * Words' products above which a server's search reads by id; BROAD_SEARCH by default (-1:
   * every search, Infinity: none).
   */
  broadSearch?: number;
}

/** The catalogue reads, filtered, sorted and paged in SQL; oldest product first by default. */
export class PostgresCatalogue implements Catalogue {
  readonly #sql: SqlClient;
  readonly #totals: TotalsMemo | undefined;
  readonly #heads: Memo<SearchHead> | undefined;
  readonly #slice: number;
  readonly #narrowMatches: number;
  readonly #head: number;
  readonly #countStep: number;
  readonly #broadSearch: number;

  constructor(sql: SqlClient, options: PostgresCatalogueOptions = {}) {
    this.#sql = sql;
    this.#totals = options.totals;
    this.#heads = options.searchHeads;
    this.#slice = options.searchSlice ?? SEARCH_SLICE;
    this.#narrowMatches = options.narrowMatches ?? NARROW_MATCHES;
    this.#head = options.searchHead ?? SEARCH_HEAD;
    this.#countStep = options.searchCountStep ?? SEARCH_COUNT_STEP;
    this.#broadSearch = options.broadSearch ?? BROAD_SEARCH;
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
    const order = orderKeysOf(a, query.sort);
    const term = searchTerm(query.filter.q);
    // A search without a sort of its own, of a kind found by more than its title (a book by
    // its author or ISBN-13 too), puts the products whose title holds the term first, each
    // group oldest first. Its pattern is the last parameter of the statements below.
    const titleFirst = searchesBeyondTitle(product.kind) && query.sort === undefined &&
      term !== "";
    const orderParams = titleFirst ? [`%${escapeLike(term)}%`] : [];
    const orderKeys = (last: number): OrderKey[] =>
      titleFirst
        ? [
          { sql: `(${searchKeySql(`${a}.title`)} LIKE $${last})`, descending: true },
          { sql: `${a}.id`, descending: false },
        ]
        : order.keys;
    const orderBy = (last: number) => orderByOf(orderKeys(last));
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
    // A search's total is exact up to its page's bound, "at least the bound" past it
    // (domain/catalogue/search_count.ts); a count that read every match is capped alike.
    const done = (items: T[], counted: number): Page<T> => ({
      items,
      page: page.page,
      pageSize: page.pageSize,
      ...listingTotal(counted, page, { searching: term !== "", step: this.#countStep }),
    });
    const end = offsetOf(page) + page.pageSize;
    const headKey = `${source}|${where}|${JSON.stringify([...params, ...orderParams])}|${
      orderBy(n + 2)
    }`;
    // A search's first `limit` matches and their count, in one statement.
    const matches = async (limit: number): Promise<SearchHead> => {
      const rows = await this.#sql.query<{ id: number; listing_total: number }>(
        `SELECT ${a}.id, count(*) OVER () AS listing_total FROM ${source} WHERE ${where}
         ORDER BY ${orderBy(n + 2)} LIMIT $${n + 1}`,
        [...params, limit, ...orderParams],
      );
      const total = rows.length === 0 ? 0 : Number(rows[0].listing_total);
      return { ids: rows.map((r) => r.id), total };
    };
    if (term !== "" && this.#sql.serial) {
      // One thread for the whole shop: a search the trigram indexes narrow to a few matches
      // is one statement; any other is counted and ordered in slices.
      // A catalogue of one slice (the demo's) is one statement whatever the term.
      const window = async (offset: number, count: number): Promise<SearchHead> => {
        const [{ top }] = await this.#sql.query<{ top: number | null }>(
          `SELECT max(id) AS top FROM ${product.searchTable}`,
        );
        if ((top ?? 0) <= this.#slice || await this.#narrow(source, where, params)) {
          const { ids, total } = await matches(offset + count);
          return { ids: ids.slice(offset), total };
        }
        return await this.#matchesInSlices(
          product,
          { source, where, params },
          {
            keys: orderKeys(params.length + 4),
            params: orderParams,
          },
          { offset, count },
          top ?? 0,
        );
      };
      const head = this.#heads && end <= this.#head
        ? await this.#heads.getOrLoad(headKey, () => window(0, this.#head))
        : undefined;
      if (head) {
        return done(await this.#byIds(product, head.ids.slice(offsetOf(page), end)), head.total);
      }
      // The page's window counts the matches as it finds them; a remembered total is kept
      // for the filter as on a server, so every page of one search answers one total.
      let found: SearchHead | undefined;
      const total = await this.#total(ids, condition, async () => {
        found = await window(offsetOf(page), page.pageSize);
        return found.total;
      });
      found ??= await window(offsetOf(page), page.pageSize);
      return done(await this.#byIds(product, found.ids), total);
    }
    if (term !== "" && order.keys.length === 1 && await this.#broad(product, term)) {
      // A broad search in the order of its ids, or of its title matches first, each group by
      // id: its page is read from the start of each group and its matches counted up to the
      // bound, so a term most products hold no longer visits every match (item 43).
      const bounded = (offset: number, count: number, counting: number) =>
        this.#boundedMatches(
          { source, where, params, id: `${a}.id`, descending: order.keys[0].descending },
          titleFirst ? `${searchKeySql(`${a}.title`)} LIKE $${n + 1}` : undefined,
          { offset, count, bound: counting, params: orderParams },
        );
      const head = this.#heads && end <= this.#head
        ? await this.#heads.getOrLoad(
          `${headKey}|${this.#countStep}`,
          () => bounded(0, this.#head, searchCountBound(0, this.#head, this.#countStep)),
        )
        : undefined;
      if (head) {
        return done(await this.#byIds(product, head.ids.slice(offsetOf(page), end)), head.total);
      }
      const found = await bounded(
        offsetOf(page),
        page.pageSize,
        searchCountBound(offsetOf(page), page.pageSize, this.#countStep),
      );
      return done(await this.#byIds(product, found.ids), found.total);
    }
    if (term !== "" && this.#heads && end <= this.#head) {
      // A search visits every match to count them and rank them (item 24): its first
      // matches are found once and kept with their count, and each page within them reads
      // its products by id. The products' rows are read fresh, so a price or stock shown
      // is never older than the page; which products match may be as old as the memo.
      const head = await this.#heads.getOrLoad(headKey, () => matches(this.#head));
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

  /**
   * A search's matches from `wanted.offset`, `wanted.count` of them, in the order of their ids
   * (`first`, when given, puts the matches it holds first, each group by id), and their count
   * up to `wanted.bound + 1`. Each group is read from its start by id and stops at the page's
   * end; the count stops past the bound: a term half the catalogue holds reads a page's worth
   * and a thousand rows, not every match. `first` names its pattern as the parameter after the
   * condition's. One statement, and a second only for a page past the first group's end.
   */
  async #boundedMatches(
    listing: { source: string; where: string; params: unknown[]; id: string; descending: boolean },
    first: string | undefined,
    wanted: { offset: number; count: number; bound: number; params: unknown[] },
  ): Promise<SearchHead> {
    const { source, where, params, id } = listing;
    const n = params.length;
    const direction = listing.descending ? "DESC" : "ASC";
    const end = wanted.offset + wanted.count;
    const limit = `$${n + wanted.params.length + 1}`;
    const counted = `(SELECT count(*) FROM (SELECT 1 FROM ${source} WHERE ${where}
      LIMIT $${n + wanted.params.length + 2}) AS counted)`;
    const [row] = await this.#sql.query<{ total: number; ids: number[] }>(
      `SELECT ${counted} AS total, ARRAY(SELECT ${id} FROM ${source}
         WHERE ${where}${first ? ` AND ${first}` : ""} ORDER BY ${id} ${direction}
         LIMIT ${limit}) AS ids`,
      [...params, ...wanted.params, end, wanted.bound + 1],
      // Where the matches lie decides the plan: a term most products hold is read in id
      // order and stops early, a rare one through its trigram indexes.
      { planEachTime: true },
    );
    const total = Number(row.total);
    const firsts = row.ids.map(Number);
    // A page past the last match (the count is exact within the bound) reads no more.
    if (total <= wanted.bound && wanted.offset >= total) return { ids: [], total };
    if (!first || firsts.length >= end || total <= firsts.length) {
      return { ids: firsts.slice(wanted.offset, end), total };
    }
    // Every match of the first group is known: the page goes on into the others.
    const skip = Math.max(0, wanted.offset - firsts.length);
    const rest = await this.#sql.query<{ id: number }>(
      `SELECT ${id} AS id FROM ${source} WHERE ${where} AND NOT (${first})
        ORDER BY ${id} ${direction} LIMIT ${limit} OFFSET $${n + wanted.params.length + 2}`,
      [...params, ...wanted.params, end - firsts.length - skip, skip],
      { planEachTime: true },
    );
    return {
      ids: [...firsts.slice(wanted.offset), ...rest.map((r) => Number(r.id))],
      total,
    };
  }

  /**
   * Whether a search is broad: the catalogue's words holding the term are held by more than
   * `#broadSearch` products (an over-count: a product holding two of them counts twice), or
   * the term is too short for a trigram (every word may hold it). An ISBN's digits are not
   * among the words: such a term is read through its index as before.
   */
  async #broad(product: { wordsTable: string }, term: string): Promise<boolean> {
    if (this.#broadSearch === Number.POSITIVE_INFINITY || /^[\d\s-]+$/.test(term)) return false;
    if ([...term].length < 3) return true;
    const [{ uses }] = await this.#sql.query<{ uses: number | null }>(
      `SELECT sum(uses) AS uses FROM ${product.wordsTable} WHERE word LIKE $1`,
      [`%${escapeLike(term)}%`],
    );
    return Number(uses ?? 0) > this.#broadSearch;
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

  /**
   * Whether the planner reads a search's matches through the indexes alone (no product read
   * unless the trigram indexes name it) and expects at most `#narrowMatches` of them: then its
   * one statement stays within what a slice costs. The plan is asked for with the search's
   * own values (one planning, no execution).
   */
  async #narrow(source: string, where: string, params: unknown[]): Promise<boolean> {
    const [row] = await this.#sql.query<{ "QUERY PLAN": unknown }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source} WHERE ${where}`,
      params,
    );
    const plan = row?.["QUERY PLAN"];
    const [{ Plan: top }] = (typeof plan === "string" ? JSON.parse(plan) : plan) as [
      { Plan: PlanNode },
    ];
    const scans = (node: PlanNode): boolean =>
      node["Node Type"] === "Seq Scan" || (node.Plans ?? []).some(scans);
    return !scans(top) && top["Plan Rows"] <= this.#narrowMatches;
  }

  /**
   * The matches of a search from `wanted.offset`, `wanted.count` of them, in `order.keys`'s
   * order, and how many match, its ids up to `top`, read `#slice` ids a statement (each slice a background turn
   * on a serial engine). Each slice answers its own first matches with their keys and its
   * count; the slices' firsts are merged here by the same keys (text by code point, as
   * `COLLATE "C"` orders it). Past the first `#head`, the matches are counted first: a
   * page past the last reads none, and a page nearer the end than the start is read from
   * the end in the reverse order. `order.keys` name their pattern as the statement's fifth
   * parameter after the condition's.
   */
  async #matchesInSlices(
    product: { searchTable: string; alias: string },
    listing: { source: string; where: string; params: unknown[] },
    order: { keys: OrderKey[]; params: unknown[] },
    wanted: { offset: number; count: number },
    top: number,
  ): Promise<SearchHead> {
    const a = product.alias;
    const n = listing.params.length;
    const reader = this.#sql.background ?? this.#sql;
    const inSlice = `${listing.where} AND ${a}.id > $${n + 1} AND ${a}.id <= $${n + 2}`;
    const slices: [number, number][] = [];
    // The last slice is open above: a product added since `top` was read is still counted.
    for (let low = 0; low < top; low += this.#slice) {
      slices.push([low, low + this.#slice >= top ? MAX_ID : low + this.#slice]);
    }
    /** The first `limit` matches in the order of `keys`, and the count of them all. */
    const firsts = async (keys: OrderKey[], limit: number) => {
      const columns = keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
      const found: Row[] = [];
      let total = 0;
      for (const [low, high] of slices) {
        const rows = await reader.query<Row & { slice_total: number }>(
          `SELECT ${columns}, count(*) OVER () AS slice_total FROM ${listing.source}
            WHERE ${inSlice} ORDER BY ${orderByOf(keys)} LIMIT $${n + 3}`,
          [...listing.params, low, high, limit, ...order.params],
        );
        total += rows.length === 0 ? 0 : Number(rows[0].slice_total);
        found.push(...rows);
      }
      found.sort((x, y) => {
        for (const [i, key] of keys.entries()) {
          const by = compareKeys(x[`k${i}`], y[`k${i}`]);
          if (by !== 0) return key.descending ? -by : by;
        }
        return 0;
      });
      const last = keys.length - 1;
      return { ids: found.slice(0, limit).map((row) => Number(row[`k${last}`])), total };
    };
    const { offset, count } = wanted;
    const end = offset + count;
    if (end <= this.#head) {
      const { ids, total } = await firsts(order.keys, end);
      return { ids: ids.slice(offset), total };
    }
    let total = 0;
    for (const [low, high] of slices) {
      const [{ matches }] = await reader.query<{ matches: number }>(
        `SELECT count(*) AS matches FROM ${listing.source} WHERE ${inSlice}`,
        [...listing.params, low, high],
      );
      total += Number(matches);
    }
    if (offset >= total) return { ids: [], total };
    if (end <= total - offset) {
      return { ids: (await firsts(order.keys, end)).ids.slice(offset), total };
    }
    const reversed = order.keys.map((key) => ({ ...key, descending: !key.descending }));
    const fromEnd = await firsts(reversed, total - offset);
    return { ids: fromEnd.ids.slice(Math.max(0, total - end)).reverse(), total };
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

  /**
   * Titles and authors (and a book's translators) close to the term, best first: pg_trgm's
   * word similarity at or above SUGGESTION_THRESHOLD, as the domain's closestTexts. Scoring
   * every text cost a read of the whole catalogue for a long term (it shares a trigram with
   * nearly every title); the texts scored are now only those holding words of the catalogue
   * close to the typed words (migration 0032's words tables, trigram-indexed): first the
   * texts holding a close word of every typed word, then of any, CANDIDATE_TEXTS a column.
   * A word of one or two letters ("of", "a") finds no texts: its trigram index cannot
   * narrow it, and nearly every text holds it. A book's title and author are offered by
   * sound too, across scripts (#closeInSound); each text at its better score.
   */
  async suggest(kind: ProductKind, q: string, limit: number): Promise<string[]> {
    const term = searchTerm(q);
    if (term === "") return [];
    const [written, sounding] = await Promise.all([
      this.#closeInWriting(kind, term, limit),
      kind === "book" ? this.#closeInSound(term, limit) : [],
    ]);
    const best = new Map<string, number>();
    for (const { text, score } of [...written, ...sounding]) {
      best.set(text, Math.max(best.get(text) ?? 0, Number(score)));
    }
    return [...best].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]))
      .slice(0, limit).map(([text]) => text);
  }

  /**
   * Titles and authors whose sound key is close to the term's (the domain's
   * suggestionScore): the books whose kept key (migration 0073, trigram-indexed) holds a
   * run of words that close, each title and author then scored alone. A term in English
   * letters looks only among books written in Sinhala or Tamil ("~ "), as a search does.
   */
  async #closeInSound(term: string, limit: number): Promise<{ text: string; score: number }[]> {
    const sound = soundTerm(term);
    if (sound === "") return [];
    const books = hasIndicLetters(term) ? "" : `AND search_sound LIKE '~ %'`;
    return await this.#sql.query<{ text: string; score: number }>(
      `SELECT text, max(word_similarity($1::text, sound_key(text))) AS score
         FROM (SELECT title, author FROM book_search
                WHERE NOT archived AND $1::text <% search_sound ${books}
                LIMIT ${CANDIDATE_TEXTS}) AS book
        CROSS JOIN LATERAL (VALUES (book.title), (book.author)) AS t(text)
        WHERE word_similarity($1::text, sound_key(text)) >= ${SUGGESTION_THRESHOLD}
        GROUP BY text ORDER BY score DESC, text COLLATE "C" LIMIT $2`,
      [sound, limit],
    );
  }

  /** Titles and authors (and translators) written close to the term, with their scores. */
  async #closeInWriting(
    kind: ProductKind,
    term: string,
    limit: number,
  ): Promise<{ text: string; score: number }[]> {
    const product = kind === "book" ? BOOK_TABLE : STATIONERY_TABLE;
    const close = await this.#sql.query<{ typed: string; word: string }>(
      `SELECT t.word AS typed, c.word
         FROM (SELECT word FROM search_words($1) AS word LIMIT ${TYPED_WORDS}) AS t
        CROSS JOIN LATERAL (
          SELECT w.word FROM ${product.wordsTable} w
           WHERE t.word <% w.word AND length(w.word) >= 3
           ORDER BY word_similarity(t.word, w.word) DESC, w.uses DESC, w.word
           LIMIT ${CLOSE_WORDS}) AS c`,
      [term],
    );
    if (close.length === 0) return [];
    const wordsOf = new Map<string, string[]>();
    for (const { typed, word } of close) wordsOf.set(typed, [...wordsOf.get(typed) ?? [], word]);
    const params: unknown[] = [term, limit];
    const param = (value: unknown) => `$${params.push(value)}`;
    const groups = [...wordsOf.values()].map((words) => words.map((w) => `%${escapeLike(w)}%`));
    const patterns = groups.map((group) => group.map(param));
    const candidates = product.searchedColumns.flatMap((column) => {
      const key = searchKeySql(column);
      const holds = patterns.map((group) =>
        `(${group.map((pattern) => `${key} LIKE ${pattern}`).join(" OR ")})`
      );
      const read = (condition: string) =>
        `(SELECT ${column} AS text, ${key} AS key FROM ${product.searchTable}
           WHERE NOT archived AND ${condition} LIMIT ${CANDIDATE_TEXTS})`;
      return holds.length === 1
        ? [read(holds[0])]
        : [read(holds.join(" AND ")), read(`(${holds.join(" OR ")})`)];
    });
    return await this.#sql.query<{ text: string; score: number }>(
      `SELECT text, max(score) AS score FROM (
         SELECT text, word_similarity($1, key) AS score
           FROM (${candidates.join(" UNION ALL ")}) AS candidate) AS scored
        WHERE score >= ${SUGGESTION_THRESHOLD}
        GROUP BY text ORDER BY max(score) DESC, text COLLATE "C" LIMIT $2`,
      params,
    );
  }

  async listCategories(): Promise<Category[]> {
    const rows = await this.#sql.query<CategoryRow>(
      `SELECT ${CATEGORY_COLUMNS} FROM book_categories ORDER BY id`,
    );
    return rows.map(categoryFromRow);
  }

  async listStationeryCategories(): Promise<Category[]> {
    const rows = await this.#sql.query<CategoryRow>(
      `SELECT ${CATEGORY_COLUMNS} FROM stationery_categories ORDER BY id`,
    );
    return rows.map(categoryFromRow);
  }
}
