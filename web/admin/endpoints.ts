/**
 * The admin's calls of the shop's API, each through the client on a route's place in
 * contract/paths.ts: its path, request and answer types come from the route's declaration.
 */
import type { OrderStatus } from "../../domain/orders/model.ts";
import type { ApiClient } from "./api.ts";
import { AUTH_PATHS, BOOK_PATHS, ORDER_PATHS, STATIONERY_PATHS } from "../../contract/paths.ts";
import { CATEGORY_PATHS, STATIONERY_CATEGORY_PATHS } from "../../contract/admin_paths.ts";
import {
  filterParams,
  type LowStockProduct,
  lowStockProducts,
  type OrderFilters,
} from "./orders/orders.ts";
import type { StockChanges } from "./stock/stock.ts";
import type { WireRefunds } from "../../contract/refunds.ts";
import type { SortQuery } from "./table_sort.ts";
import type {
  WireBook,
  WireCategory,
  WireOrder,
  WireOrderStats,
  WirePage,
  WireSignedIn,
  WireStationery,
} from "../../contract/records.ts";

/** Rows per page in the admin's tables. */
export const ADMIN_PAGE_SIZE = 20;

export type ProductKind = "books" | "stationery";

/** Each kind's routes, and its categories'. */
export const PRODUCT_PATHS = { books: BOOK_PATHS, stationery: STATIONERY_PATHS } as const;
export const CATEGORY_PATHS_OF = {
  books: CATEGORY_PATHS,
  stationery: STATIONERY_CATEGORY_PATHS,
} as const;

export function login(api: ApiClient, email: string, password: string): Promise<WireSignedIn> {
  return api.call(AUTH_PATHS.login, { json: { email, password } }, { anonymous: true });
}

/** A page of the books; `sort` and `order` order the whole catalogue before paging. */
export function listBooks(
  api: ApiClient,
  query: { page: number; q?: string } & SortQuery,
): Promise<WirePage<WireBook>> {
  return api.call(BOOK_PATHS.list, { query: { ...query, pageSize: ADMIN_PAGE_SIZE } });
}

/** A page of the stationery; there is no author or ISBN-13 to sort it by. */
export function listStationery(
  api: ApiClient,
  query: { page: number; q?: string } & SortQuery,
): Promise<WirePage<WireStationery>> {
  const { sort, ...rest } = query;
  const key = sort === "author" || sort === "isbn13" ? undefined : sort;
  return api.call(STATIONERY_PATHS.list, {
    query: { ...rest, sort: key, pageSize: ADMIN_PAGE_SIZE },
  });
}

export async function listCategories(api: ApiClient, kind: ProductKind): Promise<WireCategory[]> {
  return (await api.call(CATEGORY_PATHS_OF[kind].list)).data;
}

export async function addCategory(
  api: ApiClient,
  kind: ProductKind,
  name: string,
  names: { si?: string; ta?: string } = {},
): Promise<WireCategory> {
  const path = CATEGORY_PATHS_OF[kind].add;
  const json = {
    name: name.trim(),
    name_si: names.si?.trim() || null,
    name_ta: names.ta?.trim() || null,
  };
  return (await api.call(path, { json })).data;
}

/** Adds a product; answers the record the shop made (its id links to its edit page). */
export async function addProduct(
  api: ApiClient,
  kind: ProductKind,
  form: FormData,
): Promise<{ id: number; title: string }> {
  return (await api.call(PRODUCT_PATHS[kind].add, { form })).data;
}

export async function updatePrice(api: ApiClient, kind: ProductKind, id: number, price: number) {
  await api.call(PRODUCT_PATHS[kind].price, { params: { id }, json: { price } });
}

export async function updateStock(
  api: ApiClient,
  kind: ProductKind,
  id: number,
  changes: StockChanges,
) {
  if (kind === "books") await api.call(BOOK_PATHS.change, { params: { id }, json: changes });
  else await api.call(STATIONERY_PATHS.change, { params: { id }, json: changes });
}

export async function deleteProduct(api: ApiClient, kind: ProductKind, id: number) {
  await api.call(PRODUCT_PATHS[kind].remove, { params: { id } });
}

/** The list's query of the filters: `q`, the statuses and method, the days. */
function orderQuery(filters: OrderFilters) {
  return Object.fromEntries(filterParams(filters, { page: false }));
}

/**
 * A page of the orders the filters find, newest first: `q` is an order number, or part of
 * a name, an e-mail address or a phone number; days are Sri Lanka's.
 */
export function listOrders(
  api: ApiClient,
  filters: OrderFilters,
): Promise<WirePage<WireOrder>> {
  return api.call(ORDER_PATHS.list, {
    query: { ...orderQuery(filters), page: filters.page, pageSize: ADMIN_PAGE_SIZE },
  });
}

/** The CSV of the orders the filters find (every page). */
export function exportOrders(api: ApiClient, filters: OrderFilters): Promise<Blob> {
  return api.file(ORDER_PATHS.export, { query: orderQuery(filters) });
}

/** One order with its timeline. */
export async function getOrder(api: ApiClient, id: number): Promise<WireOrder> {
  return (await api.call(ORDER_PATHS.one, { params: { id } })).data;
}

/** Adds the owner's note to an order's timeline. */
export async function addOrderNote(api: ApiClient, id: number, note: string): Promise<WireOrder> {
  return (await api.call(ORDER_PATHS.note, { params: { id }, json: { note: note.trim() } })).data;
}

/** Records or undoes an order's payment (cash received, a deposit verified). */
export async function setOrderPayment(
  api: ApiClient,
  id: number,
  status: "paid" | "unpaid",
  note?: string,
): Promise<WireOrder> {
  const json = note ? { status, note } : { status };
  return (await api.call(ORDER_PATHS.payment, { params: { id }, json })).data;
}

/** The products with the fewest in stock, a few of each kind (the shop sorts by stock). */
export async function fewestInStock(api: ApiClient): Promise<LowStockProduct[]> {
  const query = { page: 1, pageSize: 5, sort: "stock", order: "asc" } as const;
  const [books, stationery] = await Promise.all([
    api.call(BOOK_PATHS.list, { query }),
    api.call(STATIONERY_PATHS.list, { query }),
  ]);
  return lowStockProducts(books.data, stationery.data);
}

export async function orderStats(api: ApiClient): Promise<WireOrderStats> {
  return (await api.call(ORDER_PATHS.stats)).data;
}

export async function setOrderStatus(
  api: ApiClient,
  change: {
    id: number;
    status: Exclude<OrderStatus, "pending">;
    /** With `completed`. */
    courier?: string;
    trackingNumber?: string;
    /** With `rejected`. */
    reason?: string;
  },
): Promise<WireOrder> {
  // Blank text is left out: the shop keeps null rather than an empty courier.
  const blankOut = (text: string | undefined) => text === "" ? undefined : text;
  const json = {
    id: change.id,
    status: change.status,
    courier: blankOut(change.courier),
    trackingNumber: blankOut(change.trackingNumber),
    reason: blankOut(change.reason),
  };
  return (await api.call(ORDER_PATHS.status, { json })).data;
}

export function fetchSlip(api: ApiClient, id: number): Promise<Blob> {
  return api.file(ORDER_PATHS.slip, { params: { id } });
}

/** A deposit slip the customer sent. */
export function fetchProof(api: ApiClient, orderId: number, proofId: number): Promise<Blob> {
  return api.file(ORDER_PATHS.proof, { params: { id: orderId, proofId } });
}

/** An order's refunds: what was paid, refunded and left, and each refund. */
export async function getOrderRefunds(api: ApiClient, id: number): Promise<WireRefunds> {
  return (await api.call(ORDER_PATHS.refunds, { params: { id } })).data;
}

/**
 * Refunds all or part of an order (the owner's); `key` is the dialog's own, so a second
 * submit of the same dialog is the same refund.
 */
export async function refundOrder(
  api: ApiClient,
  id: number,
  refund: { amount: number; reason: string; reference?: string | null },
  key: string,
): Promise<WireRefunds> {
  return (await api.call(ORDER_PATHS.refund, {
    params: { id },
    json: refund,
    headers: { "idempotency-key": key },
  })).data;
}

/** Tries a failed refund again under its own key. */
export async function retryOrderRefund(
  api: ApiClient,
  id: number,
  refundId: number,
): Promise<WireRefunds> {
  return (await api.call(ORDER_PATHS.retryRefund, { params: { id, refundId } })).data;
}
