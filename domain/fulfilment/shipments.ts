/**
 * An order ships as one or more shipments (parcels): each holds some of the order's lines,
 * its courier, its waybill, the cash the courier is to collect, and a status that moves by
 * a table. Pure rules: the repository and the routes carry out what these decide.
 */
import type { Cents } from "../money.ts";
import { type Courier, waybillFits } from "./couriers.ts";

export const SHIPMENT_STATUSES = ["packed", "handed_over", "delivered", "returned"] as const;
export type ShipmentStatus = typeof SHIPMENT_STATUSES[number];

/** The moves a shipment may make: packed parcels are handed over, then delivered or returned. */
export const SHIPMENT_MOVES: Readonly<Record<ShipmentStatus, readonly ShipmentStatus[]>> = {
  packed: ["handed_over"],
  handed_over: ["delivered", "returned"],
  delivered: [],
  returned: [],
};

/** Some copies of one of the order's lines in a parcel. */
export interface ShipmentLine {
  orderLineId: number;
  quantity: number;
}

export interface Shipment {
  id: number;
  orderId: number;
  lines: ShipmentLine[];
  courierId: string;
  /** The courier's waybill or tracking number; null until the courier gives one. */
  waybill: string | null;
  /** The cash the courier collects at the door; 0 for a parcel already paid for. */
  codCents: Cents;
  status: ShipmentStatus;
}

/** An order's line as far as shipping goes. */
export interface ShippableLine {
  id: number;
  quantity: number;
  preorder: boolean;
}

/** A new parcel as the owner drafts it. */
export interface ShipmentDraft {
  lines: ShipmentLine[];
  courierId: string;
  waybill: string | null;
  codCents: Cents;
}

export type ShipmentRefusal =
  | { kind: "no_lines" }
  | { kind: "unknown_line"; orderLineId: number }
  | { kind: "too_many"; orderLineId: number; left: number }
  | { kind: "unknown_courier"; courierId: string }
  | { kind: "bad_waybill"; courierId: string; waybill: string }
  | { kind: "cod_mismatch"; codCents: Cents; owedCents: Cents };

/**
 * The copies of each line not yet in a parcel (a returned parcel's copies come back).
 *
 * @example unshippedCopies([{ id: 1, quantity: 3, preorder: false }], [{ ...parcel, lines: [{ orderLineId: 1, quantity: 2 }] }]) // Map { 1 => 1 }
 */
export function unshippedCopies(
  lines: readonly ShippableLine[],
  shipments: readonly Pick<Shipment, "lines" | "status">[],
): Map<number, number> {
  const left = new Map(lines.map((line) => [line.id, line.quantity]));
  for (const shipment of shipments) {
    if (shipment.status === "returned") continue;
    for (const line of shipment.lines) {
      left.set(line.orderLineId, (left.get(line.orderLineId) ?? 0) - line.quantity);
    }
  }
  return left;
}

/**
 * Whether a new parcel may be packed, or why not: it holds at least one copy, only the
 * order's lines and never more copies than are left of one (so no copy is in two
 * parcels); its courier is known and its waybill fits the courier's shape; and the cash it
 * collects, with what the other parcels collect, is exactly what the order still owes
 * (`owedCents`: 0 for an order paid before it leaves).
 */
export function shipmentRefusal(
  draft: ShipmentDraft,
  order: { lines: readonly ShippableLine[]; owedCents: Cents },
  shipments: readonly Shipment[],
  couriers: readonly Courier[],
): ShipmentRefusal | undefined {
  const copies = draft.lines.filter((line) => line.quantity > 0);
  if (copies.length === 0) return { kind: "no_lines" };
  const left = unshippedCopies(order.lines, shipments);
  const asked = new Map<number, number>();
  for (const line of copies) {
    if (!left.has(line.orderLineId)) return { kind: "unknown_line", orderLineId: line.orderLineId };
    asked.set(line.orderLineId, (asked.get(line.orderLineId) ?? 0) + line.quantity);
  }
  for (const [orderLineId, quantity] of asked) {
    const remaining = left.get(orderLineId)!;
    if (quantity > remaining) return { kind: "too_many", orderLineId, left: remaining };
  }
  const courier = couriers.find((c) => c.id === draft.courierId);
  if (!courier) return { kind: "unknown_courier", courierId: draft.courierId };
  if (draft.waybill !== null && !waybillFits(courier, draft.waybill)) {
    return { kind: "bad_waybill", courierId: courier.id, waybill: draft.waybill };
  }
  // The cash across parcels never passes what is owed, and the last parcel takes the rest.
  const collecting = shipments.filter((s) => s.status !== "returned")
    .reduce((sum, s) => sum + s.codCents, 0);
  const owedHere = order.owedCents - collecting;
  const last = [...asked].every(([id, quantity]) => left.get(id) === quantity) &&
    [...left].every(([id, remaining]) => remaining === 0 || asked.has(id));
  if (draft.codCents < 0 || draft.codCents > owedHere || (last && draft.codCents !== owedHere)) {
    return { kind: "cod_mismatch", codCents: draft.codCents, owedCents: owedHere };
  }
  return undefined;
}

export type HandOverRefusal =
  | { kind: "illegal_move"; from: ShipmentStatus }
  | { kind: "no_waybill" }
  | { kind: "stock_not_arrived"; orderLineIds: number[] };

/**
 * Whether a packed parcel may go to its courier: it has a waybill, and no pre-ordered line
 * in it is still waiting for its stock (`arrived` says which have come in).
 */
export function handOverRefusal(
  shipment: Pick<Shipment, "status" | "waybill" | "lines">,
  lines: readonly ShippableLine[],
  arrived: (orderLineId: number) => boolean,
): HandOverRefusal | undefined {
  if (!SHIPMENT_MOVES[shipment.status].includes("handed_over")) {
    return { kind: "illegal_move", from: shipment.status };
  }
  if (shipment.waybill === null) return { kind: "no_waybill" };
  return stockRefusal(shipment, lines, arrived);
}

/**
 * Whether a parcel must wait for its stock: a pre-ordered line in it whose book has not
 * arrived keeps it from its courier, handed over or sent through the courier's API.
 */
export function stockRefusal(
  shipment: Pick<Shipment, "lines">,
  lines: readonly ShippableLine[],
  arrived: (orderLineId: number) => boolean,
): Extract<HandOverRefusal, { kind: "stock_not_arrived" }> | undefined {
  const inParcel = lines.filter((l) => shipment.lines.some((line) => line.orderLineId === l.id));
  const waiting = preorderLinesWaiting(inParcel, arrived);
  return waiting.length > 0 ? { kind: "stock_not_arrived", orderLineIds: waiting } : undefined;
}

/**
 * The pre-ordered lines whose stock has not arrived (`arrived` says which have): none of
 * them may be handed over to a courier, in a parcel or with the whole order.
 *
 * @example preorderLinesWaiting([{ id: 1, quantity: 1, preorder: true }], () => false) // [1]
 */
export function preorderLinesWaiting(
  lines: readonly ShippableLine[],
  arrived: (orderLineId: number) => boolean,
): number[] {
  return lines.filter((line) => line.preorder && !arrived(line.id)).map((line) => line.id);
}

/** How far an order has gone out, from its parcels. */
export type OrderFulfilment =
  | "not_shipped"
  | "partly_handed_over"
  | "handed_over"
  | "delivered"
  | "returned";

/**
 * What the order's parcels add up to: nothing handed over yet, some copies out and some
 * not, all out, all delivered, or all back (returned parcels leave their copies to ship).
 *
 * @example orderFulfilment([{ id: 1, quantity: 2, preorder: false }], []) // "not_shipped"
 */
export function orderFulfilment(
  lines: readonly ShippableLine[],
  shipments: readonly Pick<Shipment, "lines" | "status">[],
): OrderFulfilment {
  const live = shipments.filter((s) => s.status !== "returned");
  const out = live.filter((s) => s.status !== "packed");
  if (out.length === 0) {
    return shipments.some((s) => s.status === "returned") && live.length === 0
      ? "returned"
      : "not_shipped";
  }
  const allOut = unshippedCopies(lines, out);
  if ([...allOut.values()].some((left) => left > 0)) return "partly_handed_over";
  return out.every((s) => s.status === "delivered") ? "delivered" : "handed_over";
}
