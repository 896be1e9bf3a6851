/**
 * What shoppers load, rather than one URL again and again: seeded random lists of distinct
 * URLs over the whole generated catalogue (book pages by random id, listings with random
 * pages, searches and filters, the API with the same), so that a cache only helps as much
 * as it would with real traffic. The same seed gives the same lists in every run.
 */
import type { LoadRequest } from "./load.ts";
import { FIRST_NAMES, LAST_NAMES, TITLE_ADJECTIVES, TITLE_NOUNS } from "./catalogue_words.ts";

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [...TITLE_ADJECTIVES, ...TITLE_NOUNS, ...FIRST_NAMES, ...LAST_NAMES]
  .map((w) => w.toLowerCase()).filter((w) => /^[a-z]{3,}$/.test(w));

/** Distinct URLs wanted in each list: far more than a 10 s load asks for within a cache's life. */
export const DISTINCT_URLS = 20_000;

export interface CatalogueShape {
  /** Ids of books on sale (a sample when the catalogue is large). */
  bookIds: number[];
  categoryIds: number[];
  /** Pages of 10 in the whole list. */
  pages: number;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** A 3 to 5 letter piece of a word the generated titles and authors use. */
export function searchTerm(random: () => number): string {
  const word = pick(random, WORDS);
  const length = Math.min(word.length, 3 + Math.floor(random() * 3));
  const start = Math.floor(random() * (word.length - length + 1));
  return word.slice(start, start + length);
}

/** A listing query as the storefront's filter form makes it: a page, a search or a filter. */
export function listingQuery(random: () => number, shape: CatalogueShape): string {
  const kind = random();
  if (kind < 0.35) {
    return `page=${1 + Math.floor(random() * Math.min(shape.pages, 1000))}`;
  }
  if (kind < 0.7) {
    const page = random() < 0.8 ? "" : `&page=${2 + Math.floor(random() * 3)}`;
    return `q=${searchTerm(random)}${page}`;
  }
  const min = 100 * Math.floor(random() * 30);
  const max = min + 500 + 100 * Math.floor(random() * 30);
  const page = random() < 0.7 ? "" : `&page=${2 + Math.floor(random() * 5)}`;
  return `categoryId=${pick(random, shape.categoryIds)}&minPrice=${min}&maxPrice=${max}${page}`;
}

/** `count` distinct requests made by `make`, drawn with `seed`. */
export function distinct(
  count: number,
  seed: number,
  make: (random: () => number) => string,
): LoadRequest[] {
  const random = seededRandom(seed);
  const paths = new Set<string>();
  for (let tries = 0; paths.size < count && tries < count * 20; tries++) paths.add(make(random));
  return [...paths].map((path) => ({ method: "GET", path }));
}

/** Book pages by ids drawn from `shape.bookIds` (every book on sale, or a large sample). */
export function randomBookPages(shape: CatalogueShape, count: number, seed: number) {
  return distinct(count, seed, (random) => `/books/${pick(random, shape.bookIds)}`);
}

/** The server-rendered listing with distinct pages, searches and filters. */
export function listingPages(shape: CatalogueShape, count: number, seed: number) {
  return distinct(count, seed, (random) => `/?${listingQuery(random, shape)}`);
}

/** GET /api/books with distinct pages, searches and filters. */
export function apiListings(shape: CatalogueShape, count: number, seed: number) {
  return distinct(count, seed, (random) => `/api/books?${listingQuery(random, shape)}`);
}

/**
 * What a crowd of shoppers loads, mixed: book pages (40%), listings with a search, filter
 * or page (30%), the API's listings (15%), and the few addresses everyone opens (the front
 * page, the stationery, their second pages: 15%), which recur as they would.
 */
export function pageMix(shape: CatalogueShape, count: number, seed: number): LoadRequest[] {
  const random = seededRandom(seed);
  const hot = ["/", "/stationery", "/?page=2", "/stationery?page=2"];
  return Array.from({ length: count }, (): LoadRequest => {
    const kind = random();
    const path = kind < 0.4
      ? `/books/${pick(random, shape.bookIds)}`
      : kind < 0.7
      ? `/?${listingQuery(random, shape)}`
      : kind < 0.85
      ? `/api/books?${listingQuery(random, shape)}`
      : pick(random, hot);
    return { method: "GET", path };
  });
}
