/**
 * What a customer sees of an order (`CustomerOrder`): its state, payment, dispatch and
 * timeline, never the admin's notes and nothing of other customers. Amounts in rupees,
 * field names as the API writes them.
 */
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import { centsToRupees } from "../money.ts";
import type { Order, OrderEvent } from "./model.ts";
import { EVENT_KIND_POLICIES } from "./event_kinds.ts";
import { lineTotalCents } from "./line_total.ts";

/** The customer's view of one line. */
export interface CustomerOrderItem {
  id: number;
  type: "book" | "stationery";
  book_id?: number;
  stationery_id?: number;
  title: string;
  isbn13: string | null;
  quantity: number;
  price: number;
  line_total: number;
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
  items: CustomerOrderItem[];
  total: number;
  delivery_fee: number;
  subtotal: number;
  courier: string | null;
  tracking_number: string | null;
  expires_at: string | null;
  events: OrderEvent[];
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
    items: order.items.map((item) => ({
      id: item.id,
      type: item.type,
      ...(item.type === "book" ? { book_id: item.itemId } : { stationery_id: item.itemId }),
      title: item.title,
      isbn13: item.isbn13,
      quantity: item.quantity,
      price: centsToRupees(item.unitPriceCents),
      line_total: centsToRupees(lineTotalCents(item)),
    })),
    total: centsToRupees(order.totalCents),
    delivery_fee: centsToRupees(order.deliveryFeeCents),
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
  };
}
