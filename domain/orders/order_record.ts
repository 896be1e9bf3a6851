/**
 * An order, declared once (see domain/records/fields.ts): its columns in SQL, the row
 * checks, the INSERT of a placed order, and the record the API answers with are derived
 * from this list, in its order. Its lines, timeline and deposit slips are rows of their own
 * tables, read and written with the order. `Order` (model.ts) is the record it declares:
 * the compiler holds the two together (below).
 */
import { id, money, oneOf, ref, rows, text, timestamp } from "../records/fields.ts";
import type { RecordOf } from "../records/fields.ts";
import { SHOP_LANGUAGES } from "../i18n/language.ts";
import { PARCEL_CHOICES } from "../fulfilment/delivery_fees.ts";
import type { OrderAdjustment } from "../pricing/adjustment_kinds.ts";
import type { VoucherTender } from "../vouchers/rules.ts";
import {
  type Order,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderLine,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentProof,
  type RefundGiven,
} from "./model.ts";

export const ORDER_FIELDS = {
  id: id(),
  userId: ref({ nullable: true }),
  status: oneOf(ORDER_STATUSES),
  orderDate: timestamp(),
  name: text({ max: 200, in: "customer" }),
  address: text({ max: 500, in: "customer" }),
  email: text({ max: 254, in: "customer" }),
  phone: text({ max: 20, in: "customer" }),
  postalCode: text({ max: 10, in: "customer" }),
  provinceName: text({ max: 100 }),
  districtName: text({ max: 100 }),
  areaName: text({ max: 100 }),
  /** The names in Sinhala and Tamil as they were when placed; null where there was none. */
  provinceNameSi: text({ max: 100, nullable: true }),
  provinceNameTa: text({ max: 100, nullable: true }),
  districtNameSi: text({ max: 100, nullable: true }),
  districtNameTa: text({ max: 100, nullable: true }),
  areaNameSi: text({ max: 100, nullable: true }),
  areaNameTa: text({ max: 100, nullable: true }),
  /** The items after every saving, before delivery. */
  totalCents: money(),
  /** What all its parcels cost to deliver: a second parcel's extra fee included. */
  deliveryFeeCents: money(),
  /** How a mixed cart is sent: together, or split (the pre-ordered books in a second parcel). */
  parcels: oneOf(PARCEL_CHOICES, {
    answerNote: "together, or split: the books in stock sent now, the pre-ordered ones later",
  }),
  /** The second parcel's extra delivery fee, a part of the delivery fee; 0 when together. */
  secondParcelFeeCents: money(),
  paymentMethod: oneOf(PAYMENT_METHODS),
  items: rows<OrderLine & { id: number }>()(),
  /** What the order as a whole got (its offer, its code), as it was when placed. */
  adjustments: rows<OrderAdjustment>()({
    answerNote:
      "what the order as a whole got (its offer, its code), as it was when placed; each line's own adjustments are on the line",
  }),
  /** The gift vouchers it was paid with: the answer's breakdown names them. */
  vouchers: rows<VoucherTender>()({ wire: false }),
  /** The refunds that gave money back: the answer's breakdown counts them. */
  refundsGiven: rows<RefundGiven>()({ wire: false }),
  paymentStatus: oneOf(PAYMENT_STATUSES),
  courier: text({ max: 100, nullable: true }),
  trackingNumber: text({ max: 100, nullable: true }),
  rejectReason: text({ max: 500, nullable: true }),
  expiresAt: timestamp({
    nullable: true,
    answerNote: "ISO 8601: when an unpaid Bank Deposit order lapses; null when it will not",
  }),
  /** The language it was placed in: its mails, slip and page follow it. */
  locale: oneOf(SHOP_LANGUAGES),
  /** The timeline, oldest first. */
  events: rows<OrderEvent>()({ answerNote: "the timeline, oldest first" }),
  /** Oldest first. */
  paymentProofs: rows<PaymentProof>()(),
  /** What the order's key is derived from: never in an answer. */
  keySalt: text({ max: 100, nullable: true, wire: false }),
} as const;

/** The order the declaration gives is the domain's Order, field for field. */
type Same<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false;
export const ORDER_IS_DECLARED: Same<RecordOf<typeof ORDER_FIELDS>, Order> = true;
