import type { Cents } from "../money.ts";
import type { ChangesOf, NewRecordOf, RecordOf } from "../records/fields.ts";
import type { BOOK_FIELDS } from "./book_record.ts";
import type { STATIONERY_FIELDS } from "./stationery_record.ts";

/** The languages a book can be listed in. */
export { BOOK_LANGUAGES, type BookLanguage } from "./book_record.ts";

/** A book as the shop sells it: the fields of BOOK_FIELDS (book_record.ts). */
export type Book = RecordOf<typeof BOOK_FIELDS>;

/** A stationery item; it has exactly one image (STATIONERY_FIELDS, stationery_record.ts). */
export type StationeryItem = RecordOf<typeof STATIONERY_FIELDS>;

/** A category's names in Sinhala and Tamil, as the owner gave them. */
export type CategoryNames = Partial<Record<"si" | "ta", string>>;

/** A book category or a stationery category. */
export interface Category {
  id: number;
  /** Its English name: the admin area, the API and the CSV files read it. */
  name: string;
  /** Its names in the shop's other languages, where the owner gave them. */
  names?: CategoryNames;
}

/**
 * What a shopper filters the stationery list by. Unset fields match everything;
 * the price range is inclusive; each stock box admits its side (in stock: stock > 0,
 * out of stock: stock = 0).
 */
export interface StationeryFilter {
  /** Case-insensitive substring of the title. */
  q?: string;
  categoryId?: number;
  minPriceCents?: Cents;
  maxPriceCents?: Cents;
  inStock: boolean;
  outOfStock: boolean;
}

/** The book filter: the stationery filter plus the author (exact match). */
export interface BookFilter extends StationeryFilter {
  author?: string;
}

/** Pages count from 1. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** How many match; with `totalCapped`, at least this many (domain/catalogue/search_count.ts). */
  total: number;
  /** More than `total` match: a search counts its matches up to a bound, not every one. */
  totalCapped?: boolean;
}

/** The columns a book listing can be ordered by (the admin's table headers). */
export const BOOK_SORT_KEYS = [
  "id",
  "title",
  "author",
  "price",
  "stock",
  "category",
  "isbn13",
] as const;
export type BookSortKey = typeof BOOK_SORT_KEYS[number];

/** Stationery has no author or ISBN-13 to order by. */
export const STATIONERY_SORT_KEYS = ["id", "title", "price", "stock", "category"] as const;
export type StationerySortKey = typeof STATIONERY_SORT_KEYS[number];

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = typeof SORT_DIRECTIONS[number];

/**
 * The order of a catalogue listing. Text columns (title, author, category name) compare
 * case-insensitively by code point; equal values go by id in the same direction, so pages
 * never overlap or skip. Without a sort a listing is in id order, oldest first.
 */
export interface CatalogueSort<Key extends BookSortKey = BookSortKey> {
  by: Key;
  direction: SortDirection;
}

export type StationerySort = CatalogueSort<StationerySortKey>;

/** The order of every listing that asks for none: oldest product first. */
export const DEFAULT_SORT: CatalogueSort<"id"> = { by: "id", direction: "asc" };

/**
 * A new book as the admin submits it (images already stored, as URL paths); the fields
 * with a default (a description, pre-order settings) may be left out.
 */
export type NewBook = NewRecordOf<typeof BOOK_FIELDS>;

/** A new stationery item (image already stored). */
export type NewStationeryItem = NewRecordOf<typeof STATIONERY_FIELDS>;

/**
 * Changes to a product; absent fields stay. `stock` sets the stock, `addStock` adds to
 * (or, negative, takes from) the current stock so that a sale between the admin's read
 * and write is never lost. Giving both is refused by the use case.
 */
export type StationeryChanges = ChangesOf<typeof STATIONERY_FIELDS> & { addStock?: number };

/** Changes to a book; every field of its listing but the images (see ImageChange). */
export type BookChanges = ChangesOf<typeof BOOK_FIELDS> & { addStock?: number };

/**
 * A change to a book's images, applied to the images it has when the change is written:
 * `add` appends, `arrange` keeps exactly the listed ones in that order (each must be one of
 * the book's), `replace` puts `image` in the place of `old`.
 */
export type ImageChange =
  | { kind: "add"; images: string[] }
  | { kind: "arrange"; images: string[] }
  | { kind: "replace"; old: string; image: string };

/** Archived products, for the admin: hidden from the shop, kept for the orders that name them. */
export type ProductKind = "book" | "stationery";
