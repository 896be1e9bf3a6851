/**
 * The orders a pre-ordered book's arrival serves, and whether an order may go out before
 * its pre-order: a rule on the order's lines, its parcels and its choice at checkout
 * (delivery_fees.ts: together, or split into a parcel now and one later).
 */
import type { Order } from "../orders/model.ts";
import { isMixedCart, type ParcelChoice } from "./delivery_fees.ts";
import type { Shipment } from "./shipments.ts";

/** One order waiting for a pre-ordered book, as the owner's arrival screen lists it. */
export interface WaitingOrder {
  orderId: number;
  customerName: string;
  /** The copies of the book in the order not yet handed over to a courier. */
  copies: number;
  paymentStatus: Order["paymentStatus"];
  /** ISO 8601 */
  orderDate: string;
  parcels: ParcelChoice;
}

/** Copies of each of the order's lines already handed over or delivered (a returned parcel's go again). */
function shippedCopies(shipments: readonly Pick<Shipment, "lines" | "status">[]) {
  const shipped = new Map<number, number>();
  for (const shipment of shipments) {
    if (shipment.status !== "handed_over" && shipment.status !== "delivered") continue;
    for (const line of shipment.lines) {
      shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
    }
  }
  return shipped;
}

/**
 * The orders waiting for pre-ordered `bookId`: those not cancelled whose pre-order lines of
 * it still have copies not handed over, with how many, oldest first.
 *
 * @example waitingOrders([orderWithTwoCopies], () => [], 7) // [{ orderId: ..., copies: 2, ... }]
 */
export function waitingOrders(
  orders: readonly Order[],
  shipmentsOf: (orderId: number) => readonly Pick<Shipment, "lines" | "status">[],
  bookId: number,
): WaitingOrder[] {
  return orders
    .filter((order) => order.status !== "rejected")
    .flatMap((order) => {
      const shipped = shippedCopies(shipmentsOf(order.id));
      const copies = order.items
        .filter((line) => line.type === "book" && line.itemId === bookId && line.preorder)
        .reduce((sum, line) => sum + Math.max(0, line.quantity - (shipped.get(line.id) ?? 0)), 0);
      if (copies === 0) return [];
      return [{
        orderId: order.id,
        customerName: order.customer.name,
        copies,
        paymentStatus: order.paymentStatus,
        orderDate: order.orderDate,
        parcels: order.parcels,
      }];
    })
    .sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a.orderId - b.orderId);
}

/** What the fulfilment screen says of an order with a pre-order that has not arrived. */
export type PreorderWait =
  /** Nothing waits: no pre-order line, or every one has arrived. */
  | { kind: "none" }
  /** Sent together (the shopper's choice): the whole order waits for the pre-order. */
  | { kind: "waits_for_preorder"; orderLineIds: number[] }
  /** Split: the books in stock may go now; the pre-ordered lines wait for their parcel. */
  | { kind: "send_in_stock_now"; orderLineIds: number[] };

/**
 * Whether an order waits for its pre-order: a "together" order waits whole; a "split" one
 * sends its books in stock now. `arrived` says whether a pre-order line's book has come.
 *
 * @example preorderWait({ parcels: "together", items: [{ id: 1, preorder: true }] }, () => false) // { kind: "waits_for_preorder", orderLineIds: [1] }
 */
export function preorderWait(
  order: { parcels: ParcelChoice; items: readonly { id: number; preorder: boolean }[] },
  arrived: (orderLineId: number) => boolean,
): PreorderWait {
  const waiting = order.items.filter((l) => l.preorder && !arrived(l.id)).map((l) => l.id);
  if (waiting.length === 0) return { kind: "none" };
  return order.parcels === "split"
    ? { kind: "send_in_stock_now", orderLineIds: waiting }
    : { kind: "waits_for_preorder", orderLineIds: waiting };
}

/**
 * The words that tell a customer how their mixed order is sent (messages/*.json): split,
 * in two parcels; together, once the pre-order arrives; none for an order that is not
 * mixed (it has one parcel, and nothing to choose).
 *
 * @example parcelsWord({ parcels: "split", items: [{ preorder: true }, { preorder: false }] }) // "parcels.split"
 * @example parcelsWord({ parcels: "together", items: [{ preorder: false }] }) // null
 */
export function parcelsWord(
  order: { parcels: ParcelChoice; items: readonly { preorder: boolean }[] },
): "parcels.split" | "parcels.together" | null {
  if (!isMixedCart(order.items)) return null;
  return order.parcels === "split" ? "parcels.split" : "parcels.together";
}
