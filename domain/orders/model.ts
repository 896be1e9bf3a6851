import type { Cents, Grams } from "../money.ts";
import type { Locale } from "../i18n/language.ts";
import type { LineAdjustment, OrderAdjustment } from "../pricing/adjustment_kinds.ts";
import type { VoucherTender } from "../vouchers/rules.ts";
import type { ParcelChoice } from "../fulfilment/delivery_fees.ts";

export const PAYMENT_METHODS = ["COD", "Bank Deposit", "Card", "Koko"] as const;
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
  "payment_failed",
  "refunded",
  "slip_refused",
  "refund_settled",
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

/** A priced line: a snapshot of the item at the time of the order. */
export interface OrderLine {
  type: ItemType;
  itemId: number;
  title: string;
  /** ISBN-13 for books, null for stationery. */
  isbn13: string | null;
  quantity: number;
  /** The usual price of a copy, before anything. */
  listUnitCents: Cents;
  /**
   * A copy's price after its sale price (its usual price without one): the usual price less
   * the line's `sale` adjustment per copy.
   */
  unitPriceCents: Cents;
  /**
   * What changed the line's price, as it was when placed, in the order applied: its sale
   * price, its campaign, its shares of the order's offer and code (domain/pricing/). The
   * line costs `lineTotalCents(line)`: its copies at the usual price less all of them.
   */
  adjustments: LineAdjustment[];
  weightGrams: Grams;
  preorder: boolean;
  /**
   * A pre-ordered book's expected date (YYYY-MM-DD) when the order was placed, as its page
   * said it; null or absent when none was set (or for lines placed before dates were kept).
   */
  preorderDate?: string | null;
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

/** A refund that gave money back, as an order reads it. */
export interface RefundGiven {
  amountCents: Cents;
  /** ISO 8601: when it succeeded. */
  at: string;
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
  /** The items after every saving, before delivery: the lines' totals summed (the API's `total`). */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /**
   * How a mixed cart is sent (fulfilment/delivery_fees.ts): "split" sends the books in stock now and the
   * pre-ordered ones in a second parcel when they arrive; "together" waits and sends one
   * parcel.
   */
  parcels: ParcelChoice;
  /**
   * The second parcel's extra delivery fee, a part of `deliveryFeeCents` (which is what all
   * the order's parcels cost); 0 when sent together.
   */
  secondParcelFeeCents: Cents;
  paymentMethod: PaymentMethod;
  items: (OrderLine & { id: number })[];
  /**
   * What the order as a whole got, as it was when placed (its offer, its code), in the
   * order applied: names, what the lines' shares add up to, and free delivery.
   */
  adjustments: OrderAdjustment[];
  /**
   * The gift vouchers spent on it when placed (a tender: they pay part or all of its total),
   * as the vouchers' ledger has them.
   */
  vouchers: VoucherTender[];
  /**
   * The refunds that gave money back (succeeded), oldest first, as the refunds keep them
   * (domain/payments/refunds.ts): the breakdown's "Refunded".
   */
  refundsGiven: RefundGiven[];
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
  /** What the order as a whole got (its offer, its code), in the order applied. */
  adjustments: OrderAdjustment[];
  /** The gift vouchers it is paid with, spent in its own transaction; none when empty. */
  vouchers: VoucherTender[];
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /**
   * How a mixed cart is sent (fulfilment/delivery_fees.ts): "split" sends the books in stock now and the
   * pre-ordered ones in a second parcel when they arrive; "together" (and absent) waits and
   * sends one parcel.
   */
  parcels?: ParcelChoice;
  /**
   * The second parcel's extra delivery fee, a part of `deliveryFeeCents` (which is what all
   * the order's parcels cost); 0 (and absent) when sent together.
   */
  secondParcelFeeCents?: Cents;
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
