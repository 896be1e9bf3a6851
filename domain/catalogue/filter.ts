/**
 * The storefront's filters as pure predicates. The repositories express the same rules
 * in SQL; these are the reference (and run in the browser and in in-memory fakes).
 */
import type { Book, BookFilter, ProductKind, StationeryFilter, StationeryItem } from "./model.ts";
import { holdsTerm, isbnTerm, searchTerm } from "./search.ts";
import { hasIndicLetters, soundKey, soundTerm } from "./script_sound.ts";
import { type Fields, fieldsOf } from "../records/fields.ts";
import { BOOK_FIELDS } from "./book_record.ts";
import { STATIONERY_FIELDS } from "./stationery_record.ts";

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

/** What a search looks in, for each kind of product. */
export interface SearchFields {
  /**
   * The text fields that may hold the term, each compared by search.ts's `searchKey`;
   * the title first.
   */
  texts: readonly string[];
  /** Whether the ISBN-13 may hold the term's digits (hyphens and spaces left out). */
  isbn: boolean;
}

/** The fields a kind's declaration marks `search`: its texts and whether its ISBN-13. */
function searchFieldsOf(fields: Fields): SearchFields {
  const searched = fieldsOf(fields).filter(([, field]) => field.search);
  return {
    texts: searched.filter(([, field]) => field.kind === "text").map(([name]) => name),
    isbn: searched.some(([, field]) => field.kind === "isbn13"),
  };
}

/**
 * A book is found by its title, its author or its ISBN-13; a stationery item by its title
 * (the fields their declarations mark `search`). The repositories search the same fields.
 */
export const SEARCH_FIELDS: Readonly<Record<ProductKind, SearchFields>> = Object.freeze({
  book: searchFieldsOf(BOOK_FIELDS),
  stationery: searchFieldsOf(STATIONERY_FIELDS),
});

/** Whether a search finds more than the products whose title holds the term. */
export function searchesBeyondTitle(kind: ProductKind): boolean {
  const fields = SEARCH_FIELDS[kind];
  return fields.isbn || fields.texts.some((text) => text !== "title");
}

/** Each kind's product and the filter its list takes. */
export interface FilteredKinds {
  book: { product: Book; filter: BookFilter };
  stationery: { product: StationeryItem; filter: StationeryFilter };
}

/**
 * The fields of a product the filter reads; a stationery item has no author or ISBN-13,
 * and the searched texts are named by SEARCH_FIELDS.
 */
interface Filterable {
  [field: string]: unknown;
  title: string;
  author?: string;
  isbn13?: string;
  categoryId: number;
  priceCents: number;
  stock: number;
}

/**
 * Whether a product passes the storefront's filter: one of its kind's search fields
 * (SEARCH_FIELDS) holds the trimmed search term, the category and author are unset or
 * equal (author exactly; only books have one), the price lies in the inclusive range, and
 * a ticked stock box admits it. With neither box ticked, nothing passes.
 *
 * @example matchesFilter("book", book, { q: "gam", inStock: true, outOfStock: false })
 */
export function matchesFilter<K extends ProductKind>(
  kind: K,
  product: FilteredKinds[K]["product"],
  filter: FilteredKinds[K]["filter"],
): boolean {
  const found: Filterable = product;
  const wanted: BookFilter = filter;
  return matchesSearch(kind, found, wanted.q) &&
    (wanted.categoryId === undefined || wanted.categoryId === found.categoryId) &&
    (found.author === undefined || wanted.author === undefined || wanted.author === found.author) &&
    matchesPrice(found.priceCents, wanted) &&
    matchesStock(found.stock, wanted);
}

/** Whether one of the kind's search fields holds the term; a blank term matches all. */
function matchesSearch(kind: ProductKind, product: Filterable, q: string | undefined): boolean {
  const fields = SEARCH_FIELDS[kind];
  return fields.texts.some((text) => matchesTitle(String(product[text] ?? ""), q)) ||
    (fields.isbn && matchesIsbn(product.isbn13 ?? "", q)) ||
    (kind === "book" && matchesSound(`${product.title} ${product.author ?? ""}`, q));
}

/**
 * Whether a book's title and author sound like the term in any script (script_sound.ts):
 * "gamperaliya" finds ගම්පෙරළිය, මඩොල් දූව finds Madol Doova.
 *
 * @example matchesSound("ගම්පෙරළිය මාර්ටින් වික්‍රමසිංහ", "gamperaliya") // true
 */
export function matchesSound(text: string, q: string | undefined): boolean {
  const term = searchTerm(q);
  const sound = soundTerm(term);
  // A term in English letters crosses only into books written in Sinhala or Tamil letters.
  if (sound === "" || !(hasIndicLetters(term) || hasIndicLetters(text))) return false;
  return soundKey(text).includes(sound);
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
