/**
 * What a customer sees of an order (`CustomerOrder`): its state, payment, dispatch and
 * timeline, never the admin's notes and nothing of other customers. Amounts in rupees,
 * field names as the API writes them.
 */
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import { centsToRupees } from "../money.ts";
import type { Order, OrderEvent, OrderLine, OrderPromotion } from "./model.ts";
import { EVENT_KIND_POLICIES } from "./event_kinds.ts";
import { lineTotalCents } from "./line_total.ts";

/** A line's prices and what promotions gave it, as answers write them (rupees). */
export interface PromotedLineFields {
  /** The usual price of a copy before any sale. */
  list_price: number;
  /** The price of a copy paid. */
  price: number;
  /** What promotions took off the whole line. */
  saving: number;
  campaign: {
    id: number;
    name: string;
    name_si: string | null;
    name_ta: string | null;
    saving: number;
  } | null;
  offer_saving: number;
  code_saving: number;
  line_total: number;
}

/**
 * A line's prices and savings on the wire, as the order keeps them.
 *
 * @example promotedLineFields(line).campaign // { id: 3, name: "Book Fair 2026", name_si: "...", name_ta: null, saving: 400 }
 */
export function promotedLineFields(line: OrderLine): PromotedLineFields {
  const c = line.campaign;
  return {
    list_price: centsToRupees(line.listUnitCents),
    price: centsToRupees(line.unitPriceCents),
    saving: centsToRupees(line.savingCents),
    campaign: c && {
      id: c.id,
      name: c.name,
      name_si: c.names.si ?? null,
      name_ta: c.names.ta ?? null,
      saving: centsToRupees(c.savingCents),
    },
    offer_saving: centsToRupees(line.offerSavingCents),
    code_saving: centsToRupees(line.codeSavingCents),
    line_total: centsToRupees(lineTotalCents(line)),
  };
}

/** An order's offer or code on the wire. */
export interface WireOrderPromotion {
  kind: OrderPromotion["kind"];
  id: number;
  name: string;
  name_si: string | null;
  name_ta: string | null;
  saving: number;
  free_delivery: boolean;
}

/** An order's offer or code as answers write it. */
export function orderPromotionRecord(promotion: OrderPromotion): WireOrderPromotion {
  return {
    kind: promotion.kind,
    id: promotion.id,
    name: promotion.name,
    name_si: promotion.names.si ?? null,
    name_ta: promotion.names.ta ?? null,
    saving: centsToRupees(promotion.savingCents),
    free_delivery: promotion.freeDelivery,
  };
}

/** The customer's view of one line. */
export interface CustomerOrderItem extends PromotedLineFields {
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
  /** The order offer and the code it got, as they were when placed. */
  promotions: WireOrderPromotion[];
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
    })),
    promotions: order.promotions.map(orderPromotionRecord),
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
