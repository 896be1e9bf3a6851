/**
 * Who waits for what (GET /api/stock-alerts/waiting): the owner's signal to reorder. The
 * list is read once a page, and a product's count looked up by its kind and id; a product
 * nobody waits for counts 0. Its order is the owner's choice of column.
 */
import type { ApiClient } from "../api.ts";
import { STOCK_ALERT_PATHS } from "../../../contract/paths.ts";
import type { WireWaitingProduct } from "../../../contract/stock_alerts.ts";

export type { WireWaitingProduct };

/** The products shoppers wait for, most waited-for first. */
export async function loadWaiting(api: ApiClient): Promise<WireWaitingProduct[]> {
  return (await api.call(STOCK_ALERT_PATHS.waiting)).data;
}

/**
 * The count of each product, keyed `book:3` and `stationery:7`.
 *
 * @example waitingCounts([{ type: "book", id: 3, waiting: 4, ... }]).get("book:3") // 4
 */
export function waitingCounts(list: readonly WireWaitingProduct[]): Map<string, number> {
  return new Map(list.map((w) => [`${w.type}:${w.id}`, w.waiting]));
}

/** The columns the owner may order the list by. */
export type WaitingSortKey = "waiting" | "title" | "stock" | "oldest";

/**
 * The list ordered by a column: counts and stock as numbers, titles by their letters, the
 * oldest request by time; ties keep the server's order (most waited-for first).
 *
 * @example sortWaiting(list, "title", "asc").map((w) => w.title) // alphabetical
 */
export function sortWaiting(
  list: readonly WireWaitingProduct[],
  by: WaitingSortKey,
  direction: "asc" | "desc",
): WireWaitingProduct[] {
  const sign = direction === "asc" ? 1 : -1;
  const compare = (a: WireWaitingProduct, b: WireWaitingProduct): number => {
    switch (by) {
      case "title":
        return a.title.localeCompare(b.title);
      case "oldest":
        return Date.parse(a.oldest) - Date.parse(b.oldest);
      default:
        return a[by] - b[by];
    }
  };
  return list.map((w, i) => ({ w, i }))
    .sort((a, b) => sign * compare(a.w, b.w) || a.i - b.i)
    .map(({ w }) => w);
}
