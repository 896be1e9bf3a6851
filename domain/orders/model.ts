import type { Cents, Grams } from "../money.ts";
import type { Locale } from "../i18n/language.ts";
import type { PromotionNames } from "../promotions/names.ts";

export const PAYMENT_METHODS = ["COD", "Bank Deposit", "Card"] as const;
export type PaymentMethod = typeof PAYMENT_METHODS[number];

export const ORDER_STATUSES = ["pending", "completed", "rejected"] as const;
export type OrderStatus = typeof ORDER_STATUSES[number];

export const PAYMENT_STATUSES = ["unpaid", "proof_submitted", "paid"] as const;
export type PaymentStatus = typeof PAYMENT_STATUSES[number];

export const EVENT_ACTORS = ["customer", "admin", "system"] as const;
export type EventActor = typeof EVENT_ACTORS[number];

/** What happened to an order, as its timeline names it. */
export const EVENT_KINDS = [
  "placed",
  "proof_submitted",
  "paid",
  "unpaid",
  "completed",
  "rejected",
  "lapsed",
  "note",
] as const;
export type EventKind = typeof EVENT_KINDS[number];

/** One entry of an order's timeline. */
export interface OrderEvent {
  /** ISO 8601 */
  at: string;
  kind: EventKind;
  actor: EventActor;
  note: string | null;
}

/** A deposit slip the customer uploaded (the bytes are read apart). */
export interface PaymentProof {
  id: number;
  /** ISO 8601 */
  uploadedAt: string;
  contentType: string;
}

export const ITEM_TYPES = ["book", "stationery"] as const;
export type ItemType = typeof ITEM_TYPES[number];

/** What a shopper asks for: an item of a kind and a quantity. */
export interface LineRequest {
  type: ItemType;
  id: number;
  quantity: number;
}

/**
 * The campaign that took money off a line, as it was when the order was placed: its name
 * and names then, and what it took off the whole line. An edited or ended campaign changes
 * nothing here.
 */
export interface LineCampaign {
  id: number;
  name: string;
  names: PromotionNames;
  savingCents: Cents;
}

/** A priced line: a snapshot of the item at the time of the order. */
export interface OrderLine {
  type: ItemType;
  itemId: number;
  title: string;
  /** ISBN-13 for books, null for stationery. */
  isbn13: string | null;
  quantity: number;
  /** The usual price of a copy, before any sale; the unit price when it had none. */
  listUnitCents: Cents;
  /** A copy's price: its sale price while a sale ran, else its usual price. */
  unitPriceCents: Cents;
  /**
   * What promotions took off the whole line: its campaign's saving, its share of the order
   * offer and its share of the code; 0 for none. The line costs `lineTotalCents(line)`.
   */
  savingCents: Cents;
  /** The campaign behind `campaign.savingCents` of the saving; null for none. */
  campaign: LineCampaign | null;
  /** The line's share of the order offer's amount off (the order's `promotions` names it). */
  offerSavingCents: Cents;
  /** The line's share of the code's saving (the order's `promotions` names it). */
  codeSavingCents: Cents;
  weightGrams: Grams;
  preorder: boolean;
  /**
   * A pre-ordered book's expected date (YYYY-MM-DD) when the order was placed, as its page
   * said it; null or absent when none was set (or for lines placed before dates were kept).
   */
  preorderDate?: string | null;
}

export const ORDER_PROMOTION_KINDS = ["offer", "code"] as const;
export type OrderPromotionKind = typeof ORDER_PROMOTION_KINDS[number];

/**
 * What the order as a whole was given, as it was when placed: its order offer or its
 * discount code (at most one of each). `savingCents` is what it took off the items (the
 * lines' shares add up to it); `freeDelivery`, whether it made delivery free.
 */
export interface OrderPromotion {
  kind: OrderPromotionKind;
  id: number;
  /** An offer's name, or a code as the shop spells it ("SCHOOL10"). */
  name: string;
  /** An offer's Sinhala and Tamil names; a code has none. */
  names: PromotionNames;
  savingCents: Cents;
  freeDelivery: boolean;
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
  /** Its area's, district's and province's names in Sinhala and Tamil as they were when placed (null: none, the English one is shown). */
  provinceNameSi: string | null;
  provinceNameTa: string | null;
  districtNameSi: string | null;
  districtNameTa: string | null;
  areaNameSi: string | null;
  areaNameTa: string | null;
  /** Sum of unit price x quantity, before delivery. */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  paymentMethod: PaymentMethod;
  items: (OrderLine & { id: number })[];
  /** Its order offer and its code, as they were when it was placed (offer first). */
  promotions: OrderPromotion[];
  paymentStatus: PaymentStatus;
  courier: string | null;
  trackingNumber: string | null;
  rejectReason: string | null;
  /** ISO 8601: when this order lapses unless paid or a proof arrives; null when it never will. */
  expiresAt: string | null;
  /** The language it was placed in: its mails, slip and page follow it. */
  locale: Locale;
  /** The timeline, oldest first. */
  events: OrderEvent[];
  /** Oldest first. */
  paymentProofs: PaymentProof[];
  /** What the order's key is derived from (see OrderKeys); null for orders placed without one. */
  keySalt: string | null;
}

/** A fully priced order, ready to be stored. */
export interface NewOrder {
  customer: Customer;
  destination: Destination;
  provinceName: string;
  districtName: string;
  areaName: string;
  /** Its area's, district's and province's names in Sinhala and Tamil as they were when placed (null: none, the English one is shown). */
  provinceNameSi: string | null;
  provinceNameTa: string | null;
  districtNameSi: string | null;
  districtNameTa: string | null;
  areaNameSi: string | null;
  areaNameTa: string | null;
  paymentMethod: PaymentMethod;
  lines: OrderLine[];
  /** Its order offer and its code, if any (offer first). */
  promotions: OrderPromotion[];
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /** ISO 8601 */
  orderDate: string;
  userId: number | null;
  /** The language the order was placed in; its mails follow it. */
  locale: Locale;
  /** What the order's key is derived from, and the key's hash (see OrderKeys). */
  key: { salt: string; hash: string } | null;
}

/** A line that could not be served: what was asked and what there is. */
export interface StockShortfall {
  type: ItemType;
  id: number;
  title: string;
  requested: number;
  available: number;
}

export interface IdempotencyClaim {
  key: string;
  /** A hash of the request body: the same key with another body is refused. */
  requestHash: string;
  /** Keys older than this are forgotten. */
  expiresAt: string;
}

export interface OrderStats {
  /** Sum of unit price x quantity over the items of completed orders. */
  completedItemsTotalCents: Cents;
  pending: number;
  completed: number;
  rejected: number;
  /** Pending orders not paid yet. */
  awaitingPayment: number;
  /** Pending orders with a deposit proof to check. */
  proofsToCheck: number;
  /**
   * Today in Sri Lanka: the orders placed (rejected ones left out) and what they come to
   * with delivery; and the takings, money received: the orders whose payment was recorded
   * today, still paid and not cancelled, and what they came to (domain/orders/takings.ts).
   */
  today: { orders: number; subtotalCents: Cents; paidOrders: number; takingsCents: Cents };
}
