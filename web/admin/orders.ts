/** Reading orders for the admin's order screen. */
import type { OrderStatus } from "../../domain/orders/model.ts";
import { rupeesToCents } from "./format.ts";
import type { WireOrder } from "./wire.ts";

export type OrderGroups = Record<OrderStatus, WireOrder[]>;

/** The screen's groups, in the order they are shown. */
export const GROUPS: { status: OrderStatus; heading: string }[] = [
  { status: "pending", heading: "Pending" },
  { status: "completed", heading: "Completed" },
  { status: "rejected", heading: "Rejected" },
];

/** Splits orders by status, keeping their order (the API answers newest first). */
export function groupOrders(orders: WireOrder[]): OrderGroups {
  const groups: OrderGroups = { pending: [], completed: [], rejected: [] };
  for (const order of orders) groups[order.status]?.push(order);
  return groups;
}

export interface CostDetails {
  itemTotalCents: number;
  shippingCents: number;
  subtotalCents: number;
}

/** Item total, shipping cost (the delivery fee) and subtotal of an order, in cents. */
export function costDetails(order: Pick<WireOrder, "total" | "delivery_fee">): CostDetails {
  const itemTotalCents = rupeesToCents(order.total);
  const shippingCents = rupeesToCents(order.delivery_fee);
  return { itemTotalCents, shippingCents, subtotalCents: itemTotalCents + shippingCents };
}

/** Who placed the order: the user id, or "Guest". */
export function customerLabel(userId: number | null): string {
  return userId === null ? "Guest" : String(userId);
}

/** The notice after a status change: 'Order completed' or 'Order rejected'. */
export function statusChangedMessage(status: OrderStatus): string {
  return `Order ${status}`;
}

/** The file name a slip downloads under. */
export function slipFileName(orderId: number): string {
  return `order-${orderId}.pdf`;
}

/** The label of an item's kind. */
export function itemTypeLabel(type: string): string {
  return type === "book" ? "Book" : "Stationery";
}
