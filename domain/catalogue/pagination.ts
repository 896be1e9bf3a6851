/** Numbered pages for the catalogue lists. Pages count from 1. */
import type { Page, PageRequest } from "./model.ts";

/** Ten a page on both lists, as the shop has always shown them. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * How many pages `total` items fill; an empty list still has its one (empty) page.
 *
 * @example pageCount(21, 10) // 3
 * @example pageCount(0, 10) // 1
 */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize < 1) throw new RangeError(`Page size must be at least 1, got ${pageSize}`);
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * How many items come before the requested page.
 *
 * @example pageOffset({ page: 3, pageSize: 10 }) // 20
 */
export function pageOffset(req: PageRequest): number {
  return (Math.max(1, req.page) - 1) * req.pageSize;
}

/** One page of an in-memory list. A page past the end is empty, with the true total. */
export function paginate<T>(items: readonly T[], req: PageRequest): Page<T> {
  const offset = pageOffset(req);
  return {
    items: items.slice(offset, offset + req.pageSize),
    page: req.page,
    pageSize: req.pageSize,
    total: items.length,
  };
}

/** One slot of a numbered pager: a page number or a gap ("…"). */
export type PageLink = number | "gap";

/** Up to this many pages are shown all at once; past it, gaps appear. */
const ALL_PAGES_UP_TO = 7;

/**
 * The slots of a numbered pager: always the first and last pages, the current page
 * with its neighbours, and gaps for the rest. The pager keeps 7 slots once there are
 * more than 7 pages, so it does not jump about as the shopper pages through. A gap
 * always hides at least 2 pages (a single hidden page is shown instead).
 *
 * @example pageLinks(5, 20) // [1, "gap", 4, 5, 6, "gap", 20]
 * @example pageLinks(2, 20) // [1, 2, 3, 4, 5, "gap", 20]
 */
export function pageLinks(current: number, totalPages: number): PageLink[] {
  const last = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  if (last <= ALL_PAGES_UP_TO) return range(1, last);
  if (page <= 4) return [...range(1, 5), "gap", last];
  if (page >= last - 3) return [1, "gap", ...range(last - 4, last)];
  return [1, "gap", page - 1, page, page + 1, "gap", last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
