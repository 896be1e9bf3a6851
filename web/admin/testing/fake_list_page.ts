/**
 * The fake shop API's GET /api/books and /api/stationery: the title search, the server's
 * sort over the whole list (`sort`, `order`, ties by id) and the page.
 */
import type { WireBook, WireStationery } from "../../../contract/records.ts";
import { compareText } from "../../../domain/catalogue/sorting.ts";

type Product = WireBook | WireStationery;

/** The wire field behind each `sort` key of the lists, as the shop sorts them. */
const STATIONERY_SORT_FIELDS: Record<string, keyof WireStationery & keyof WireBook> = {
  id: "id",
  title: "title",
  price: "price",
  stock: "stock",
  category: "category_name",
};
const BOOK_SORT_FIELDS: Record<string, keyof WireBook> = {
  ...STATIONERY_SORT_FIELDS,
  author: "author",
  isbn13: "isbn13",
};

/** Orders by one field (text ignoring case), then by id, both in `sign`'s direction. */
function byField(field: string, sign: 1 | -1) {
  return (a: Product, b: Product) => {
    const x = (a as unknown as Record<string, unknown>)[field];
    const y = (b as unknown as Record<string, unknown>)[field];
    const difference = typeof x === "string" && typeof y === "string"
      ? compareText(x, y)
      : Number(x) - Number(y);
    return sign * (difference || a.id - b.id);
  };
}

/** One page of `list` as the query asks, or 400 naming a bad `sort` or `order`. */
export function listPage(
  kind: "books" | "stationery",
  list: readonly Product[],
  query: URLSearchParams,
): Response {
  const q = (query.get("q") ?? "").toLowerCase();
  const page = Number(query.get("page") ?? 1);
  const pageSize = Number(query.get("pageSize") ?? 10);
  const sort = query.get("sort") ?? "id";
  const order = query.get("order") ?? "asc";
  const fields = kind === "books" ? BOOK_SORT_FIELDS : STATIONERY_SORT_FIELDS;
  const details = [
    ...(Object.hasOwn(fields, sort) ? [] : [{ field: "sort", message: "unknown column" }]),
    ...(order === "asc" || order === "desc" ? [] : [{ field: "order", message: "asc or desc" }]),
  ];
  if (details.length > 0) {
    return Response.json(
      { error: { code: "VALIDATION_FAILED", message: "Invalid query", details } },
      { status: 400 },
    );
  }
  const matching = list.filter((item) => item.title.toLowerCase().includes(q))
    .sort(byField(fields[sort], order === "asc" ? 1 : -1));
  const data = matching.slice((page - 1) * pageSize, page * pageSize);
  return Response.json({ data, page, pageSize, total: matching.length });
}
