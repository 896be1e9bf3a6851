/**
 * The storefront's filters as pure predicates. The repositories express the same rules
 * in SQL; these are the reference (and run in the browser and in in-memory fakes).
 */
import type { Book, BookFilter, StationeryFilter, StationeryItem } from "./model.ts";
import { holdsTerm, isbnTerm } from "./search.ts";

/** Matches everything: no search, no category, no price range, both stock boxes ticked. */
export const DEFAULT_STATIONERY_FILTER: Readonly<StationeryFilter> = Object.freeze({
  inStock: true,
  outOfStock: true,
});

/** Matches every book. */
export const DEFAULT_BOOK_FILTER: Readonly<BookFilter> = DEFAULT_STATIONERY_FILTER;

/** The slider's range on both lists: LKR 0 to 5,000. */
export const PRICE_SLIDER_MIN_CENTS = 0;
export const PRICE_SLIDER_MAX_CENTS = 500_000;

/** The fields both kinds of product share with the filter. */
interface Filterable {
  title: string;
  categoryId: number;
  priceCents: number;
  stock: number;
}

/**
 * Whether a book passes the filter: the title or the author holds the trimmed search term
 * (ignoring case, compared as search.ts's `searchKey`: NFC, no zero-width joiners) or the
 * ISBN-13 holds it without hyphens and spaces, the category and author are unset or equal
 * (author exactly), the price lies in
 * the inclusive range, and a ticked stock box admits it. With neither box ticked, nothing
 * passes.
 *
 * @example matchesBookFilter(book, { q: "gam", inStock: true, outOfStock: false })
 */
export function matchesBookFilter(book: Book, filter: BookFilter): boolean {
  const searched = matchesTitle(book.title, filter.q) || matchesTitle(book.author, filter.q) ||
    matchesIsbn(book.isbn13, filter.q);
  return searched && matchesCommon(book, { ...filter, q: undefined }) &&
    (filter.author === undefined || filter.author === book.author);
}

/**
 * Whether the search term, without its hyphens and spaces, is part of the ISBN-13.
 *
 * @example matchesIsbn("9789550000001", "978-955") // true
 */
export function matchesIsbn(isbn13: string, q: string | undefined): boolean {
  const digits = isbnTerm(q);
  return digits !== "" && isbn13.includes(digits);
}

/** Whether a stationery item passes the filter; the rules are those of the books, without author. */
export function matchesStationeryFilter(item: StationeryItem, filter: StationeryFilter): boolean {
  return matchesCommon(item, filter);
}

function matchesCommon(product: Filterable, filter: StationeryFilter): boolean {
  return matchesTitle(product.title, filter.q) &&
    (filter.categoryId === undefined || filter.categoryId === product.categoryId) &&
    matchesPrice(product.priceCents, filter) &&
    matchesStock(product.stock, filter);
}

/**
 * Case-insensitive substring of the trimmed term, both compared by `searchKey`; an empty or
 * blank term matches all.
 */
export function matchesTitle(title: string, q: string | undefined): boolean {
  return holdsTerm(title, q);
}

function matchesPrice(priceCents: number, filter: StationeryFilter): boolean {
  return (filter.minPriceCents === undefined || priceCents >= filter.minPriceCents) &&
    (filter.maxPriceCents === undefined || priceCents <= filter.maxPriceCents);
}

/** In stock means above 0, out of stock exactly 0; each ticked box admits its side. */
export function matchesStock(
  stock: number,
  filter: Pick<StationeryFilter, "inStock" | "outOfStock">,
): boolean {
  return stock > 0 ? filter.inStock : filter.outOfStock;
}
