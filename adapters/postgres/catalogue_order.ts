/**
 * ORDER BY clauses of the catalogue listings, taken from a fixed map so that no request
 * text ever reaches the SQL. The rules are domain/catalogue/sorting.ts's: text columns
 * compare lower-cased by code point (`COLLATE "C"`, the same on every server locale),
 * and the id breaks ties in the same direction.
 */
import {
  type BookSortKey,
  type CatalogueSort,
  DEFAULT_SORT,
  type SortDirection,
  STATIONERY_SORT_KEYS,
} from "../../domain/catalogue/model.ts";

interface SortColumn {
  /** The expression over the product alias (`c` is the category). */
  sql(alias: string): string;
  /** Whether the category table must be joined to order by it. */
  needsCategory: boolean;
}

const COLUMNS: Readonly<Record<BookSortKey, SortColumn>> = {
  id: { sql: (a) => `${a}.id`, needsCategory: false },
  title: { sql: (a) => `lower(${a}.title) COLLATE "C"`, needsCategory: false },
  author: { sql: (a) => `lower(${a}.author) COLLATE "C"`, needsCategory: false },
  price: { sql: (a) => `${a}.price_cents`, needsCategory: false },
  stock: { sql: (a) => `${a}.stock`, needsCategory: false },
  category: { sql: () => `lower(c.name) COLLATE "C"`, needsCategory: true },
  isbn13: { sql: (a) => `${a}.isbn13 COLLATE "C"`, needsCategory: false },
};

const DIRECTIONS: Readonly<Record<SortDirection, string>> = { asc: "ASC", desc: "DESC" };

/** An ORDER BY list (without the keywords) and whether it reads the category's name. */
export interface SqlOrder {
  orderBy: string;
  needsCategory: boolean;
}

/** One expression a listing is ordered by, over its alias, and its direction. */
export interface OrderKey {
  sql: string;
  descending: boolean;
}

/**
 * The expressions of a listing's order over `alias`, the id last: what orderOf writes, for
 * a reader that merges pages ordered apart (a search in slices on the embedded engine).
 *
 * @example orderKeysOf("b", { by: "price", direction: "desc" }) // [{ sql: "b.price_cents", descending: true }, { sql: "b.id", descending: true }]
 */
export function orderKeysOf(
  alias: "b" | "s",
  sort: CatalogueSort = DEFAULT_SORT,
): { keys: OrderKey[]; needsCategory: boolean } {
  const allowed = alias === "b" || (STATIONERY_SORT_KEYS as readonly string[]).includes(sort.by);
  if (!Object.hasOwn(COLUMNS, sort.by) || !allowed) {
    throw new RangeError(`Cannot sort this listing by "${sort.by}"`);
  }
  if (!Object.hasOwn(DIRECTIONS, sort.direction)) {
    throw new RangeError(`Unknown sort direction "${sort.direction}"`);
  }
  const column = COLUMNS[sort.by];
  const descending = sort.direction === "desc";
  const id = { sql: `${alias}.id`, descending };
  return {
    keys: sort.by === "id" ? [id] : [{ sql: column.sql(alias), descending }, id],
    needsCategory: column.needsCategory,
  };
}

/** An ORDER BY list (without the keywords) of `keys`. */
export function orderByOf(keys: OrderKey[]): string {
  return keys.map((key) => `${key.sql} ${DIRECTIONS[key.descending ? "desc" : "asc"]}`).join(", ");
}

/**
 * The ORDER BY list of a listing over `alias` (books b or stationery s).
 *
 * @example orderOf("b", { by: "price", direction: "desc" }).orderBy // "b.price_cents DESC, b.id DESC"
 */
export function orderOf(alias: "b" | "s", sort: CatalogueSort = DEFAULT_SORT): SqlOrder {
  const { keys, needsCategory } = orderKeysOf(alias, sort);
  return { orderBy: orderByOf(keys), needsCategory };
}
