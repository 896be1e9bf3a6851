/**
 * How far a search counts its matches. A common piece of a word ("the", "ran") matches tens
 * of thousands of products; counting every one of them cost more than the page itself
 * (docs/benchmarks.md, item 43). A search counts its matches exactly up to a bound and
 * answers "at least the bound" past it ("1,000+ books found"), with the page links up to the
 * bound and a link to the next page, which counts on to the next bound. A listing without a
 * search counts exactly: its count reads an index and is remembered.
 */
import type { Page, PageRequest } from "./model.ts";
import { pageOffset } from "./pagination.ts";

/** Matches a search counts exactly from its first page: the step of every bound. */
export const SEARCH_COUNT_STEP = 1_000;

/**
 * The count a search's page is counted up to: the first whole step at or past the page's
 * end, so that pages 1 to 100 of 10 say "1,000+", pages 101 to 200 "2,000+".
 *
 * @example searchCountBound(0, 10) // 1000
 * @example searchCountBound(990, 10) // 1000
 * @example searchCountBound(1000, 10) // 2000
 */
export function searchCountBound(
  offset: number,
  pageSize: number,
  step = SEARCH_COUNT_STEP,
): number {
  const end = Math.max(0, offset) + Math.max(1, pageSize);
  return step * Math.max(1, Math.ceil(end / step));
}

/**
 * A search's total as its page answers it, from a count of at most `bound + 1` matches (or an
 * exact count): exact up to the bound, else the bound and capped.
 *
 * @example boundedTotal(1001, 1000) // { total: 1000, totalCapped: true }
 * @example boundedTotal(999, 1000) // { total: 999 }
 */
export function boundedTotal(
  counted: number,
  bound: number,
): Pick<Page<unknown>, "total" | "totalCapped"> {
  return counted > bound ? { total: bound, totalCapped: true } : { total: counted };
}

/**
 * A listing's total as its page answers it: a listing without a search exactly, a search's
 * up to its page's bound (`searchCountBound`). `counted` is an exact count or one of at least
 * `bound + 1` matches.
 *
 * @example listingTotal(5000, { page: 1, pageSize: 10 }, { searching: true }) // { total: 1000, totalCapped: true }
 * @example listingTotal(5000, { page: 1, pageSize: 10 }, { searching: false }) // { total: 5000 }
 */
export function listingTotal(
  counted: number,
  page: PageRequest,
  options: { searching: boolean; step?: number },
): Pick<Page<unknown>, "total" | "totalCapped"> {
  if (!options.searching) return { total: counted };
  return boundedTotal(counted, searchCountBound(pageOffset(page), page.pageSize, options.step));
}
