/**
 * What a customer sees of an order (`CustomerOrder`): its state, payment, dispatch and
 * timeline, never the admin's notes and nothing of other customers. Amounts in rupees,
 * field names as the API writes them.
 */
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import { centsToRupees } from "../money.ts";
import type { Order, OrderEvent, OrderLine } from "./model.ts";
import {
  type AdjustmentRecord,
  adjustmentRecord,
  type BreakdownRecord,
  breakdownRecord,
  type OrderAdjustmentRecord,
  orderAdjustmentRecord,
} from "../pricing/breakdown_record.ts";
import { orderBreakdown } from "../pricing/order_breakdown.ts";
import { EVENT_KIND_POLICIES } from "./event_kinds.ts";
import { lineTotalCents } from "./line_total.ts";

/** A line's prices and what changed them, as answers write them (rupees). */
export interface PromotedLineFields {
  /** The usual price of a copy, before anything. */
  list_price: number;
  /** A copy's price after its sale price. */
  price: number;
  /** Everything taken off the whole line: its sale price, campaign and shares. */
  saving: number;
  /** What changed the line's price, each with its source, as it was when placed. */
  adjustments: AdjustmentRecord[];
  /** What the line cost. */
  line_total: number;
}

/**
 * A line's prices and what changed them on the wire, as the order keeps them.
 *
 * @example promotedLineFields(line).adjustments // [{ kind: "campaign", source_id: 3, name: "Book Fair 2026", name_si: "...", name_ta: null, amount: 400 }]
 */
export function promotedLineFields(line: OrderLine): PromotedLineFields {
  const total = lineTotalCents(line);
  return {
    list_price: centsToRupees(line.listUnitCents),
    price: centsToRupees(line.unitPriceCents),
    saving: centsToRupees(line.listUnitCents * line.quantity - total),
    adjustments: line.adjustments.map(adjustmentRecord),
    line_total: centsToRupees(total),
  };
}

/** Whether a line is a pre-order, and when it is expected, as answers write them. */
export interface PreorderLineFields {
  preorder: boolean;
  /** The expected date (YYYY-MM-DD) the book's page said when the order was placed. */
  preorder_date: string | null;
}

/**
 * A line's pre-order on the wire: every surface marks a pre-ordered line and its date.
 *
 * @example preorderLineFields({ preorder: true, preorderDate: "2027-03-15" }) // { preorder: true, preorder_date: "2027-03-15" }
 */
export function preorderLineFields(
  line: Pick<OrderLine, "preorder" | "preorderDate">,
): PreorderLineFields {
  return {
    preorder: line.preorder,
    preorder_date: line.preorder ? line.preorderDate ?? null : null,
  };
}

/** The customer's view of one line. */
export interface CustomerOrderItem extends PromotedLineFields, PreorderLineFields {
  id: number;
  type: "book" | "stationery";
  book_id?: number;
  stationery_id?: number;
  title: string;
  isbn13: string | null;
  quantity: number;
}

export interface CustomerOrder {
  id: number;
  status: Order["status"];
  payment_status: Order["paymentStatus"];
  order_date: string;
  payment_method: Order["paymentMethod"];
  name: string;
  address: string;
  postal_code: string;
  province_name: string;
  district_name: string;
  area_name: string;
  /** The names in Sinhala and Tamil the order was placed with; null where there was none. */
  province_name_si: string | null;
  province_name_ta: string | null;
  district_name_si: string | null;
  district_name_ta: string | null;
  area_name_si: string | null;
  area_name_ta: string | null;
  items: CustomerOrderItem[];
  /** What the order as a whole got (its offer, its code), as it was when placed. */
  adjustments: OrderAdjustmentRecord[];
  total: number;
  delivery_fee: number;
  /** How a mixed order is sent: together, or split into a parcel now and one later. */
  parcels: Order["parcels"];
  subtotal: number;
  courier: string | null;
  tracking_number: string | null;
  expires_at: string | null;
  events: OrderEvent[];
  /** What the order costs, worked out once: every page renders it. */
  breakdown: BreakdownRecord;
}

/**
 * The timeline as the customer reads it (event_kinds.ts): the admin's notes left out, and
 * the admin's words on a payment too (they are for the shop); a courier or a reason stays.
 */
function customerEvents(events: readonly OrderEvent[]): OrderEvent[] {
  return events
    .filter((event) => EVENT_KIND_POLICIES[event.kind].customerSees)
    .map((event) => ({
      at: event.at,
      kind: event.kind,
      actor: event.actor,
      note: event.actor === "admin" && !EVENT_KIND_POLICIES[event.kind].customerReadsAdminNote
        ? null
        : event.note,
    }));
}

/**
 * The CustomerOrder of an order.
 *
 * @example customerOrderView(order).events // the timeline without the admin's notes
 */
export function customerOrderView(order: Order): CustomerOrder {
  return {
    id: order.id,
    status: order.status,
    payment_status: order.paymentStatus,
    order_date: order.orderDate,
    payment_method: order.paymentMethod,
    name: order.customer.name,
    address: order.customer.address,
    postal_code: order.customer.postalCode,
    province_name: order.provinceName,
    district_name: order.districtName,
    area_name: order.areaName,
    province_name_si: order.provinceNameSi,
    province_name_ta: order.provinceNameTa,
    district_name_si: order.districtNameSi,
    district_name_ta: order.districtNameTa,
    area_name_si: order.areaNameSi,
    area_name_ta: order.areaNameTa,
    items: order.items.map((item) => ({
      id: item.id,
      type: item.type,
      ...(item.type === "book" ? { book_id: item.itemId } : { stationery_id: item.itemId }),
      title: item.title,
      isbn13: item.isbn13,
      quantity: item.quantity,
      ...promotedLineFields(item),
      ...preorderLineFields(item),
    })),
    adjustments: order.adjustments.map(orderAdjustmentRecord),
    total: centsToRupees(order.totalCents),
    delivery_fee: centsToRupees(order.deliveryFeeCents),
    parcels: order.parcels,
    subtotal: centsToRupees(order.totalCents + order.deliveryFeeCents),
    courier: order.courier,
    tracking_number: order.trackingNumber,
    // The deadline the customer must pay by; a hold that waits for the shop (COD) is the
    // shop's own matter.
    expires_at: order.status === "pending" && order.paymentStatus === "unpaid" &&
        PAYMENT_POLICIES[order.paymentMethod].hold.awaits === "customer"
      ? order.expiresAt
      : null,
    events: customerEvents(order.events),
    breakdown: breakdownRecord(orderBreakdown(order)),
  };
}
