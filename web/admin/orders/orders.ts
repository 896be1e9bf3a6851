/** Reading orders for the admin's order screen. */
import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../domain/orders/model.ts";
import { EVENT_KIND_POLICIES } from "../../../domain/orders/event_kinds.ts";
import { canChangePayment } from "../../../domain/orders/payment.ts";
import { ORDER_STATUS_POLICIES } from "../../../domain/orders/status.ts";
import type { WireOrder } from "../../../contract/records.ts";
import type { Breakdown } from "../../../domain/pricing/breakdown.ts";
import { breakdownFromRecord } from "../../../domain/pricing/breakdown_record.ts";

export type OrderGroups = Record<OrderStatus, WireOrder[]>;

/** The screen's groups, in the order they are shown. */
export const GROUPS: { status: OrderStatus; heading: string }[] = ORDER_STATUSES.map((status) => ({
  status,
  heading: ORDER_STATUS_POLICIES[status].words.admin,
}));

/** Splits orders by status, keeping their order (the API answers newest first). */
export function groupOrders(orders: WireOrder[]): OrderGroups {
  const groups = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, [] as WireOrder[]]),
  ) as OrderGroups;
  for (const order of orders) groups[order.status]?.push(order);
  return groups;
}

/** An order's figures as the shop worked them out (its `breakdown`), in cents. */
export function orderFigures(order: Pick<WireOrder, "breakdown">): Breakdown {
  return breakdownFromRecord(order.breakdown);
}

/** The notice after a status change: 'Order completed' or 'Order rejected'. */
export function statusChangedMessage(status: OrderStatus): string {
  return `Order ${status}`;
}

/** The file name a slip downloads under. */
export function slipFileName(orderId: number): string {
  return `order-${orderId}.pdf`;
}

/**
 * The file name of a deposit slip a customer sent, by its number on the order's page
 * ("Deposit slip 1" is `order-7-deposit-slip-1.pdf`), not by the shop's id of the upload.
 */
export function proofFileName(
  proof: { orderId: number; position: number; contentType: string },
): string {
  const extension = proof.contentType.split("/")[1]?.replace("jpeg", "jpg") ?? "bin";
  return `order-${proof.orderId}-deposit-slip-${proof.position}.${extension}`;
}

/** The label of an item's kind. */
export function itemTypeLabel(type: string): string {
  return type === "book" ? "Book" : "Stationery";
}

/** What the owner filters the order list by; empty strings mean "any". */
export interface OrderFilters {
  q: string;
  status: "" | OrderStatus;
  paymentStatus: "" | PaymentStatus;
  paymentMethod: "" | PaymentMethod;
  /** YYYY-MM-DD, a day in Sri Lanka. */
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: OrderFilters = {
  q: "",
  status: "",
  paymentStatus: "",
  paymentMethod: "",
  from: "",
  to: "",
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): "" | T {
  return allowed.includes(value as T) ? value as T : "";
}

/** Reads the filters from the admin URL's query (`?q=…&status=…&page=2`), ignoring junk. */
export function filtersFromSearch(search: string): OrderFilters {
  const params = new URLSearchParams(search);
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) ? value : "";
  };
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    status: oneOf(params.get("status"), ORDER_STATUSES),
    paymentStatus: oneOf(params.get("paymentStatus"), PAYMENT_STATUSES),
    paymentMethod: oneOf(params.get("paymentMethod"), PAYMENT_METHODS),
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The filters that are set, as query parameters in a fixed order (page 1 is left out):
 * both the admin URL and the API's list and export take them.
 */
export function filterParams(
  filters: OrderFilters,
  options: { page?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  for (const name of ["status", "paymentStatus", "paymentMethod", "from", "to"] as const) {
    if (filters[name]) params.set(name, filters[name]);
  }
  if (options.page !== false && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** `?q=…` or "" for the admin URL of the list with these filters. */
export function filtersToSearch(filters: OrderFilters): string {
  const query = filterParams(filters).toString();
  return query ? `?${query}` : "";
}

/** The admin URL of one order. */
export function orderPath(id: number): string {
  return `/admin/orders/${id}`;
}

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Not paid",
  proof_submitted: "Deposit slip to check",
  paid: "Paid",
};

export const STATUS_LABELS: Record<OrderStatus, string> = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, ORDER_STATUS_POLICIES[status].words.admin]),
) as Record<OrderStatus, string>;

/** What the owner may do to an order in its state (the API refuses the rest with 409). */
export interface OrderActions {
  confirm: boolean;
  reject: boolean;
  markPaid: boolean;
  /** A paid order only: an order not paid is never marked unpaid. */
  markUnpaid: boolean;
  /** A deposit slip to check that is not valid: the order stays not paid, awaiting another. */
  refuseSlip: boolean;
  slip: boolean;
}

export function orderActions(
  order: Pick<WireOrder, "status"> & {
    payment_status?: WireOrder["payment_status"];
    /** The order's method: its payment table says which moves are the admin's. */
    payment_method: WireOrder["payment_method"];
  },
): OrderActions {
  const payment = order.payment_status;
  const live = order.status !== "rejected" && payment !== undefined;
  // A card order's payment moves only by the gateway's notice: the owner has no button.
  const admin = (to: "paid" | "unpaid") =>
    payment !== undefined &&
    canChangePayment(order.payment_method, payment, to, "admin");
  return {
    confirm: order.status === "pending",
    reject: order.status === "pending",
    markPaid: live && payment !== "paid" && admin("paid"),
    markUnpaid: live && payment === "paid" && admin("unpaid"),
    refuseSlip: live && payment === "proof_submitted" && admin("unpaid"),
    slip: order.status === "completed",
  };
}

/**
 * The one button that records a payment: with a deposit slip to check it says that the
 * slip was verified, so checking and recording are one step.
 */
export function markPaidLabel(order: Pick<WireOrder, "payment_status">): string {
  return order.payment_status === "proof_submitted" ? "Mark paid: deposit verified" : "Mark paid";
}

/** The owner's name of each kind of event (domain/orders/event_kinds.ts); a kind unknown here reads as itself. */
const EVENT_LABELS: Partial<Record<string, string>> = Object.fromEntries(
  Object.entries(EVENT_KIND_POLICIES).map(([kind, policy]) => [kind, policy.words.admin]),
);

const ACTOR_LABELS: Record<string, string> = {
  customer: "Customer",
  admin: "Admin",
  system: "Shop",
};

/** One timeline entry as the owner reads it: "Marked paid by Admin". */
export function eventLabel(event: { kind: string; actor: string }): string {
  const what = EVENT_LABELS[event.kind] ?? event.kind;
  return `${what} by ${ACTOR_LABELS[event.actor] ?? event.actor}`;
}

/** At or below this many copies a product counts as running low. */
export const LOW_STOCK = 5;

export interface LowStockProduct {
  kind: "books" | "stationery";
  id: number;
  title: string;
  stock: number;
}

/** The products at or below LOW_STOCK, fewest first, at most `limit` of them. */
export function lowStockProducts(
  books: { id: number; title: string; stock: number }[],
  stationery: { id: number; title: string; stock: number }[],
  limit = 5,
): LowStockProduct[] {
  return [
    ...books.map((p) => ({ kind: "books" as const, id: p.id, title: p.title, stock: p.stock })),
    ...stationery.map((p) => ({
      kind: "stationery" as const,
      id: p.id,
      title: p.title,
      stock: p.stock,
    })),
  ].filter((p) => p.stock <= LOW_STOCK)
    .sort((a, b) => a.stock - b.stock || a.title.localeCompare(b.title))
    .slice(0, limit);
}
