import type { Cents, Grams } from "../money.ts";

export const PAYMENT_METHODS = ["COD", "Bank Deposit"] as const;
export type PaymentMethod = typeof PAYMENT_METHODS[number];

export const ORDER_STATUSES = ["pending", "completed", "rejected"] as const;
export type OrderStatus = typeof ORDER_STATUSES[number];

export const ITEM_TYPES = ["book", "stationery"] as const;
export type ItemType = typeof ITEM_TYPES[number];

/** What a shopper asks for: an item of a kind and a quantity. */
export interface LineRequest {
  type: ItemType;
  id: number;
  quantity: number;
}

/** A priced line: a snapshot of the item at the time of the order. */
export interface OrderLine {
  type: ItemType;
  itemId: number;
  title: string;
  /** ISBN-13 for books, null for stationery. */
  isbn13: string | null;
  quantity: number;
  unitPriceCents: Cents;
  weightGrams: Grams;
  preorder: boolean;
}

export interface Customer {
  name: string;
  address: string;
  email: string;
  phone: string;
  postalCode: string;
}

/** Where an order goes, as ids (from the shopper) and names (kept on the order). */
export interface Destination {
  provinceId: number;
  districtId: number;
  areaId: number;
}

export interface Order {
  id: number;
  userId: number | null;
  status: OrderStatus;
  /** ISO 8601 */
  orderDate: string;
  customer: Customer;
  provinceName: string;
  districtName: string;
  areaName: string;
  /** Sum of unit price x quantity, before delivery. */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  paymentMethod: PaymentMethod;
  items: (OrderLine & { id: number })[];
}

export interface OrderStats {
  /** Sum of unit price x quantity over the items of completed orders. */
  completedItemsTotalCents: Cents;
  pending: number;
  completed: number;
  rejected: number;
}
