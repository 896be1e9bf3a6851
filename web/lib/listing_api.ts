/**
 * The stores' calls of the API: a page of books or stationery, and the authors of the
 * filters. A store's page shows and hydrates without them (its first page comes with it);
 * they are loaded when the shopper first changes the list, or when the page is idle
 * (listing_calls.ts), so the API's client and the routes' places are not in the page's first
 * load.
 */
import { shopApi } from "./api.ts";
import { apiQuery, type ListQuery } from "./list_query.ts";
import { helpOf, type ListPage, type WireSearchHelp } from "./search_help.ts";
import type { WirePage } from "../../contract/records.ts";
import { bookFromWire, stationeryFromWire } from "./wire.ts";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import { BOOK_PATHS, STATIONERY_PATHS } from "../../contract/paths.ts";
import { shelfFromWire } from "../../contract/shelf_wire.ts";
import type { Shelved } from "../../domain/promotions/shelf_price.ts";

/** One page of a store's list as the API answers it, each record made a product by `fromWire`. */
export function pageFromWire<W, T>(
  body: WirePage<W> & WireSearchHelp,
  fromWire: (wire: W) => T,
): ListPage<T> {
  return {
    items: body.data.map(fromWire),
    page: body.page,
    pageSize: body.pageSize,
    total: body.total,
    ...(body.totalCapped ? { totalCapped: true } : {}),
    help: helpOf(body),
  };
}

/** A page of the books the query finds, each with what one copy costs now. */
export async function loadBooks(
  query: ListQuery,
  signal: AbortSignal,
): Promise<ListPage<Shelved<Book>>> {
  const body = await shopApi.call(BOOK_PATHS.list, { query: apiQuery(query) }, { signal });
  return pageFromWire(body, (w) => ({ ...bookFromWire(w), shelf: shelfFromWire(w.shelf) }));
}

/** A page of the stationery the query finds. */
export async function loadStationery(
  query: ListQuery,
  signal: AbortSignal,
): Promise<ListPage<Shelved<StationeryItem>>> {
  const body = await shopApi.call(STATIONERY_PATHS.list, { query: apiQuery(query) }, { signal });
  return pageFromWire(body, (w) => ({ ...stationeryFromWire(w), shelf: shelfFromWire(w.shelf) }));
}

/** Every author of the books on sale, sorted. */
export async function loadAuthors(signal: AbortSignal): Promise<string[]> {
  return (await shopApi.call(BOOK_PATHS.authors, {}, { signal })).data;
}
