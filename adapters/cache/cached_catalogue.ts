/**
 * The storefront's catalogue reads, remembered for a few seconds per server process. A
 * listing at 100,000 books costs an index range and an exact count in PostgreSQL; the same
 * pages (the first page, popular searches and categories) are asked for over and over, so
 * each distinct answer is read once per time to live and shared by every request that
 * asks for it meanwhile.
 *
 * Freshness: every catalogue write and every order taken or returned through this process
 * clears the cache at once (see invalidating.ts), so this process never shows an answer
 * older than its own last write. Writes made by another process (several servers on one
 * database) show here within the time to live: `pageTtlMs` for pages and products,
 * `listTtlMs` for the authors and categories. Where no other process can write (the
 * embedded database, held by one process), SOLE_WRITER_CACHE keeps answers far longer.
 */
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
import { TtlCache } from "./ttl_cache.ts";
import { canonicalJson } from "../../domain/canonical_json.ts";
import { searchTerm } from "../../domain/catalogue/search.ts";

export interface CatalogueCacheOptions {
  /** Listing pages and single products; 2 s by default. */
  pageTtlMs?: number;
  /** Listing totals and searches' heads (see PostgresCatalogue's options); 5 s by default. */
  totalTtlMs?: number;
  /** Authors and categories; 10 s by default. */
  listTtlMs?: number;
  /** Distinct pages, products, totals and searches' heads kept, each; 2,000 by default. */
  maxEntries?: number;
  /** Milliseconds from any origin, for tests; `performance.now` by default. */
  now?: () => number;
}

export const DEFAULT_PAGE_TTL_MS = 2_000;
export const DEFAULT_TOTAL_TTL_MS = 5_000;
export const DEFAULT_LIST_TTL_MS = 10_000;
export const DEFAULT_MAX_ENTRIES = 2_000;

/**
 * For a database only this process writes to (the embedded one: adapters/embedded's lock
 * keeps every other process out while the shop runs). Every write it makes clears the
 * cache, so nothing it keeps can be out of date; the ten minutes only bound what follows
 * the clock (the footer's year). A single PGlite connection answers one query at a time
 * in the shop's own thread: a listing asked for again a minute later comes from here
 * instead of waiting behind every other query.
 */
export const SOLE_WRITER_CACHE: CatalogueCacheOptions = {
  pageTtlMs: 600_000,
  totalTtlMs: 600_000,
  listTtlMs: 600_000,
};

/** The remembered catalogue answers of one process, cleared together by any write. */
export class CatalogueCache {
  readonly pages: TtlCache<Page<Book> | Page<StationeryItem>>;
  readonly products: TtlCache<Book | StationeryItem | undefined>;
  /** Listing totals by filter: handed to PostgresCatalogue, which counts only on a miss. */
  readonly totals: TtlCache<number>;
  /**
   * The first matches of each search and their count, with the totals' time to live: handed
   * to PostgresCatalogue (`searchHeads`), which reads a search's later pages by id from them.
   */
  readonly searchHeads: TtlCache<{ ids: number[]; total: number }>;
  readonly lists: TtlCache<string[] | Category[]>;
  readonly #pageOptions: { ttlMs: number; maxEntries: number; now?: () => number };
  readonly #companions: TtlCache<unknown>[] = [];

  constructor(options: CatalogueCacheOptions = {}) {
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    const now = options.now;
    const pageTtlMs = options.pageTtlMs ?? DEFAULT_PAGE_TTL_MS;
    this.#pageOptions = { ttlMs: pageTtlMs, maxEntries, now };
    this.pages = new TtlCache({ ttlMs: pageTtlMs, maxEntries, now });
    this.products = new TtlCache({ ttlMs: pageTtlMs, maxEntries, now });
    const totalTtlMs = options.totalTtlMs ?? DEFAULT_TOTAL_TTL_MS;
    this.totals = new TtlCache({ ttlMs: totalTtlMs, maxEntries, now });
    this.searchHeads = new TtlCache({ ttlMs: totalTtlMs, maxEntries, now });
    this.lists = new TtlCache({
      ttlMs: options.listTtlMs ?? DEFAULT_LIST_TTL_MS,
      maxEntries: 8,
      now,
    });
  }

  /**
   * Another cache of what listings and products show (the HTTP answers built from them),
   * with the pages' time to live and size, cleared together with them. Its values may be
   * served for another `staleMs` while the first caller after their time makes new ones.
   */
  companion<V>(options: { staleMs?: number } = {}): TtlCache<V> {
    const cache = new TtlCache<V>({ ...this.#pageOptions, staleMs: options.staleMs });
    this.#companions.push(cache as TtlCache<unknown>);
    return cache;
  }

  /** Forgets everything: called after every write that changes what shoppers see. */
  clear(): void {
    for (const companion of this.#companions) companion.clear();
    this.pages.clear();
    this.products.clear();
    this.totals.clear();
    this.searchHeads.clear();
    this.lists.clear();
  }
}

/**
 * The cache key of a listing: the kind, the filter with its title term as the filter
 * applies it (search.ts's `searchTerm`; blank means none), the page and the sort.
 *
 * @example listingKey("books", { q: " Gar ", inStock: true, outOfStock: true }, { page: 1, pageSize: 10 })
 *   === listingKey("books", { q: "gar", inStock: true, outOfStock: true }, { page: 1, pageSize: 10 })
 */
export function listingKey(
  kind: "books" | "stationery",
  request: { filter: BookFilter; page: PageRequest; sort?: CatalogueSort | StationerySort },
): string {
  const term = searchTerm(request.filter.q);
  const filter = { ...request.filter, q: term === "" ? undefined : term };
  return `${kind}:${
    canonicalJson({
      filter,
      page: { page: request.page.page, pageSize: request.page.pageSize },
      sort: request.sort,
    })
  }`;
}

/** A Catalogue that answers from the process's CatalogueCache and asks `inner` on a miss. */
export class CachedCatalogue implements Catalogue {
  readonly #inner: Catalogue;
  readonly #cache: CatalogueCache;

  constructor(inner: Catalogue, cache: CatalogueCache) {
    this.#inner = inner;
    this.#cache = cache;
  }

  listBooks(filter: BookFilter, page: PageRequest, sort?: CatalogueSort): Promise<Page<Book>> {
    const key = listingKey("books", { filter, page, sort });
    return this.#cache.pages.getOrLoad(
      key,
      () => this.#inner.listBooks(filter, page, sort),
    ) as Promise<
      Page<Book>
    >;
  }

  findBook(id: number): Promise<Book | undefined> {
    return this.#cache.products.getOrLoad(`book:${id}`, () => this.#inner.findBook(id)) as Promise<
      Book | undefined
    >;
  }

  listAuthors(): Promise<string[]> {
    return this.#cache.lists.getOrLoad("authors", () => this.#inner.listAuthors()) as Promise<
      string[]
    >;
  }

  listStationery(
    filter: StationeryFilter,
    page: PageRequest,
    sort?: StationerySort,
  ): Promise<Page<StationeryItem>> {
    const key = listingKey("stationery", { filter, page, sort });
    return this.#cache.pages.getOrLoad(
      key,
      () => this.#inner.listStationery(filter, page, sort),
    ) as Promise<Page<StationeryItem>>;
  }

  findStationery(id: number): Promise<StationeryItem | undefined> {
    return this.#cache.products.getOrLoad(
      `stationery:${id}`,
      () => this.#inner.findStationery(id),
    ) as Promise<StationeryItem | undefined>;
  }

  listCategories(): Promise<Category[]> {
    return this.#cache.lists.getOrLoad(
      "categories",
      () => this.#inner.listCategories(),
    ) as Promise<Category[]>;
  }

  listStationeryCategories(): Promise<Category[]> {
    return this.#cache.lists.getOrLoad(
      "stationery-categories",
      () => this.#inner.listStationeryCategories(),
    ) as Promise<Category[]>;
  }

  /** Asked by the sitemap, whose answers are few and large: passed through, not remembered. */
  listIds(kind: ProductKind, page: PageRequest): Promise<Page<number>> {
    return this.#inner.listIds(kind, page);
  }

  /** Asked only when a search found nothing: passed through, not remembered. */
  suggest(kind: ProductKind, q: string, limit: number): Promise<string[]> {
    return this.#inner.suggest(kind, q, limit);
  }
}
