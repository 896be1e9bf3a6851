/**
 * The state of a catalogue list as it lives in the URL (`/?q=gam&categoryId=2&page=3`),
 * so the back button and shared links work. Defaults are left out of the URL.
 */
import type { BookFilter, CatalogueSort, PageRequest } from "../../domain/catalogue/model.ts";
import { DEFAULT_PAGE_SIZE } from "../../domain/catalogue/pagination.ts";
import { PRICE_SLIDER_MAX_CENTS, PRICE_SLIDER_MIN_CENTS } from "../../domain/catalogue/filter.ts";

/** Slider bounds in rupees. */
export const PRICE_MIN = PRICE_SLIDER_MIN_CENTS / 100;
export const PRICE_MAX = PRICE_SLIDER_MAX_CENTS / 100;

/** The orders a shopper can pick; without one, a search lists title matches first. */
export const LIST_SORTS = ["newest", "price-asc", "price-desc", "title"] as const;
export type ListSort = typeof LIST_SORTS[number];

/** What each pick asks the catalogue for. */
const SORTS: Readonly<Record<ListSort, CatalogueSort<"id" | "price" | "title">>> = {
  newest: { by: "id", direction: "desc" },
  "price-asc": { by: "price", direction: "asc" },
  "price-desc": { by: "price", direction: "desc" },
  title: { by: "title", direction: "asc" },
};

export interface ListQuery {
  q: string;
  /** The shopper's pick; absent: best match first for a search, else oldest first. */
  sort?: ListSort;
  categoryId?: number;
  /** Books only. */
  author?: string;
  /** Rupees, PRICE_MIN..PRICE_MAX. PRICE_MAX means "and above": no upper bound. */
  minPrice: number;
  maxPrice: number;
  inStock: boolean;
  outOfStock: boolean;
  page: number;
}

/** The last value of a repeated parameter: a plain form sends `inStock=0&inStock=1` when ticked. */
function last(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name).filter((v) => v !== "");
  return all.length ? all[all.length - 1] : undefined;
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,9}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

function clampPrice(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, value));
}

function flag(text: string | undefined): boolean {
  return text === undefined || text === "1" || text === "true" || text === "on";
}

/** Reads a list's state from a query string; anything unusable falls back to its default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const categoryId = wholeNumber(last(params, "categoryId"));
  const author = last(params, "author");
  const sort = LIST_SORTS.find((s) => s === last(params, "sort"));
  let minPrice = clampPrice(wholeNumber(last(params, "minPrice")), PRICE_MIN);
  let maxPrice = clampPrice(wholeNumber(last(params, "maxPrice")), PRICE_MAX);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (last(params, "q") ?? "").trim().slice(0, 200),
    ...(categoryId ? { categoryId } : {}),
    ...(author ? { author: author.slice(0, 200) } : {}),
    ...(sort ? { sort } : {}),
    minPrice,
    maxPrice,
    inStock: flag(last(params, "inStock")),
    outOfStock: flag(last(params, "outOfStock")),
    page: Math.max(1, wholeNumber(last(params, "page")) ?? 1),
  };
}

/** The canonical query string of a list's state (with a leading `?`, or empty for defaults). */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.categoryId) params.set("categoryId", String(query.categoryId));
  if (query.author) params.set("author", query.author);
  if (query.minPrice > PRICE_MIN) params.set("minPrice", String(query.minPrice));
  if (query.maxPrice < PRICE_MAX) params.set("maxPrice", String(query.maxPrice));
  if (!query.inStock) params.set("inStock", "0");
  if (!query.outOfStock) params.set("outOfStock", "0");
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The query string for GET /api/books or /api/stationery. */
export function apiSearch(query: ListQuery): string {
  return `?${new URLSearchParams(apiQuery(query))}`;
}

/** The query of GET /api/books or /api/stationery, by parameter. */
export function apiQuery(query: ListQuery): Record<string, string> {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.categoryId) params.set("categoryId", String(query.categoryId));
  if (query.author) params.set("author", query.author);
  if (query.minPrice > PRICE_MIN) params.set("minPrice", String(query.minPrice));
  if (query.maxPrice < PRICE_MAX) params.set("maxPrice", String(query.maxPrice));
  params.set("inStock", query.inStock ? "1" : "0");
  params.set("outOfStock", query.outOfStock ? "1" : "0");
  const sort = catalogueSort(query);
  if (sort) {
    params.set("sort", sort.by);
    params.set("order", sort.direction);
  }
  params.set("page", String(query.page));
  params.set("pageSize", String(DEFAULT_PAGE_SIZE));
  return Object.fromEntries(params);
}

/** The catalogue order the shopper picked; undefined for the default. */
export function catalogueSort(
  query: ListQuery,
): CatalogueSort<"id" | "price" | "title"> | undefined {
  return query.sort ? SORTS[query.sort] : undefined;
}

/** The domain filter a list's state stands for (the top of the slider sets no upper bound). */
export function bookFilter(query: ListQuery): BookFilter {
  return {
    ...(query.q ? { q: query.q } : {}),
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.author ? { author: query.author } : {}),
    ...(query.minPrice > PRICE_MIN ? { minPriceCents: query.minPrice * 100 } : {}),
    ...(query.maxPrice < PRICE_MAX ? { maxPriceCents: query.maxPrice * 100 } : {}),
    inStock: query.inStock,
    outOfStock: query.outOfStock,
  };
}

export function pageRequest(query: ListQuery): PageRequest {
  return { page: query.page, pageSize: DEFAULT_PAGE_SIZE };
}
