/**
 * The order of catalogue listings as pure functions. The repositories say the same in SQL
 * (`lower(title) COLLATE "C"`, then the id); these are the reference, used by the
 * in-memory catalogue.
 */
import { type BookSortKey, type CatalogueSort, DEFAULT_SORT } from "./model.ts";

/** What a listing can be ordered by: books have every key, stationery no author or ISBN-13. */
export interface Sortable {
  id: number;
  title: string;
  priceCents: number;
  stock: number;
  categoryName: string;
  author?: string;
  isbn13?: string;
}

/**
 * Orders two texts by their Unicode code points, as PostgreSQL's "C" collation does
 * (plain `<` compares UTF-16 units, which puts emoji before some BMP letters).
 *
 * @example compareCodePoints("Zebra", "apple") // negative: upper case comes first
 */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  while (true) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

/**
 * Orders two texts ignoring case: the way titles, authors and category names sort.
 *
 * @example compareText("apple", "Zebra") // negative
 */
export function compareText(a: string, b: string): number {
  return compareCodePoints(a.toLowerCase(), b.toLowerCase());
}

function compareKey(a: Sortable, b: Sortable, by: BookSortKey): number {
  switch (by) {
    case "id":
      return a.id - b.id;
    case "title":
      return compareText(a.title, b.title);
    case "author":
      return compareText(a.author ?? "", b.author ?? "");
    case "price":
      return a.priceCents - b.priceCents;
    case "stock":
      return a.stock - b.stock;
    case "category":
      return compareText(a.categoryName, b.categoryName);
    case "isbn13":
      return compareCodePoints(a.isbn13 ?? "", b.isbn13 ?? "");
  }
}

/**
 * A comparator for `sort`: the column first, then the id, both in the sort's direction,
 * so that the descending order is exactly the ascending one reversed.
 */
export function comparatorOf(sort: CatalogueSort): (a: Sortable, b: Sortable) => number {
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => sign * (compareKey(a, b, sort.by) || a.id - b.id);
}

/** A sorted copy of `items`; without a sort, in id order. */
export function sortProducts<T extends Sortable>(
  items: readonly T[],
  sort: CatalogueSort = DEFAULT_SORT,
): T[] {
  return [...items].sort(comparatorOf(sort));
}
