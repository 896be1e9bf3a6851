/**
 * The dashboard tables' header sorting as the lists' `sort` and `order` query parameters:
 * the server orders the whole catalogue before paging, not just the rows on screen.
 */
import type { SortingState } from "@tanstack/react-table";
import type { BookSortKey, SortDirection } from "../../domain/catalogue/model.ts";

/** The server's sort key of each sortable column; the column ids are the wire field names. */
const SORT_KEY_OF_COLUMN: Readonly<Record<string, BookSortKey>> = {
  isbn13: "isbn13",
  title: "title",
  author: "author",
  price: "price",
  stock: "stock",
  category_name: "category",
};

/** The sort part of a list request; empty for the server's default (oldest first). */
export interface SortQuery {
  sort?: BookSortKey;
  order?: SortDirection;
}

/** Whether the server can sort the whole list by this column. */
export function isServerSortable(columnId: string): boolean {
  return Object.hasOwn(SORT_KEY_OF_COLUMN, columnId);
}

/**
 * The query parameters of the table's sorting (one column at a time).
 *
 * @example sortQuery([{ id: "category_name", desc: true }]) // { sort: "category", order: "desc" }
 */
export function sortQuery(sorting: SortingState): SortQuery {
  const first = sorting[0];
  if (!first || !isServerSortable(first.id)) return {};
  return { sort: SORT_KEY_OF_COLUMN[first.id], order: first.desc ? "desc" : "asc" };
}
