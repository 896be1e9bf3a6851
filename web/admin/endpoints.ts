/** The admin's calls of the shop's API, typed. Paths and fields as in the HTTP contract. */
import type { OrderStatus } from "../../domain/orders/model.ts";
import type { ApiClient } from "./api.ts";
import {
  filterParams,
  type LowStockProduct,
  lowStockProducts,
  type OrderFilters,
} from "./orders/orders.ts";
import type { StockChanges } from "./stock/stock.ts";
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

export function login(api: ApiClient, email: string, password: string): Promise<WireSignedIn> {
  return api.send<WireSignedIn>("POST", "/api/auth/login", { email, password }, {
    anonymous: true,
  });
}

/** A page of the books; `sort` and `order` order the whole catalogue before paging. */
export function listBooks(
  api: ApiClient,
  query: { page: number; q?: string } & SortQuery,
): Promise<WirePage<WireBook>> {
  return api.get("/api/books", { ...query, pageSize: ADMIN_PAGE_SIZE });
}

/** A page of the stationery; there is no author or ISBN-13 to sort it by. */
export function listStationery(
  api: ApiClient,
  query: { page: number; q?: string } & SortQuery,
): Promise<WirePage<WireStationery>> {
  return api.get("/api/stationery", { ...query, pageSize: ADMIN_PAGE_SIZE });
}

export async function listCategories(api: ApiClient, kind: ProductKind): Promise<WireCategory[]> {
  const path = kind === "books" ? "/api/categories" : "/api/stationery-categories";
  return (await api.get<{ data: WireCategory[] }>(path)).data;
}

export async function addCategory(
  api: ApiClient,
  kind: ProductKind,
  name: string,
): Promise<WireCategory> {
  const path = kind === "books" ? "/api/categories" : "/api/stationery-categories";
  return (await api.send<{ data: WireCategory }>("POST", path, { name: name.trim() })).data;
}

/** Adds a product; answers the record the shop made (its id links to its edit page). */
export async function addProduct(
  api: ApiClient,
  kind: ProductKind,
  form: FormData,
): Promise<{ id: number; title: string }> {
  return (await api.send<{ data: { id: number; title: string } }>("POST", `/api/${kind}`, form))
    .data;
}

export async function updatePrice(api: ApiClient, kind: ProductKind, id: number, price: number) {
  await api.send("PUT", `/api/${kind}/price/${id}`, { price });
}

export async function updateStock(
  api: ApiClient,
  kind: ProductKind,
  id: number,
  changes: StockChanges,
) {
  await api.send("PUT", `/api/${kind}/${id}`, changes);
}

export async function deleteProduct(api: ApiClient, kind: ProductKind, id: number) {
  await api.send("DELETE", `/api/${kind}/${id}`);
}

/**
 * A page of the orders the filters find, newest first: `q` is an order number, or part of
 * a name, an e-mail address or a phone number; days are Sri Lanka's.
 */
export function listOrders(
  api: ApiClient,
  filters: OrderFilters,
): Promise<WirePage<WireOrder>> {
  const params = filterParams(filters, { page: false });
  params.set("page", String(filters.page));
  params.set("pageSize", String(ADMIN_PAGE_SIZE));
  return api.get(`/api/orders?${params}`);
}

/** One order with its timeline. */
export async function getOrder(api: ApiClient, id: number): Promise<WireOrder> {
  return (await api.get<{ data: WireOrder }>(`/api/orders/${id}`)).data;
}

/** Adds the owner's note to an order's timeline. */
export async function addOrderNote(api: ApiClient, id: number, note: string): Promise<WireOrder> {
  return (await api.send<{ data: WireOrder }>("POST", `/api/orders/${id}/notes`, {
    note: note.trim(),
  })).data;
}

/** Records or undoes an order's payment. */
export async function setOrderPayment(
  api: ApiClient,
  id: number,
  status: "paid" | "unpaid",
): Promise<WireOrder> {
  return (await api.send<{ data: WireOrder }>("PUT", `/api/orders/${id}/payment`, { status }))
    .data;
}

/** The products with the fewest in stock, a few of each kind (the shop sorts by stock). */
export async function fewestInStock(api: ApiClient): Promise<LowStockProduct[]> {
  const query = { page: 1, pageSize: 5, sort: "stock", order: "asc" };
  const [books, stationery] = await Promise.all([
    api.get<WirePage<WireBook>>("/api/books", query),
    api.get<WirePage<WireStationery>>("/api/stationery", query),
  ]);
  return lowStockProducts(books.data, stationery.data);
}

export async function orderStats(api: ApiClient): Promise<WireOrderStats> {
  return (await api.get<{ data: WireOrderStats }>("/api/orders/stats")).data;
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
  const body = Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined && value !== ""),
  );
  return (await api.send<{ data: WireOrder }>("PUT", "/api/orders/status", body)).data;
}

export function fetchSlip(api: ApiClient, id: number): Promise<Blob> {
  return api.blob(`/api/orders/${id}/slip`);
}
