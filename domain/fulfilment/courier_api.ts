/**
 * The courier API port: a courier that takes deliveries through its own API (Koombiyo's,
 * adapters/couriers/) is asked to create the delivery of a packed parcel, answering its
 * waybill, and to tell the parcel's tracking history. Each courier API is one adapter and
 * one entry of the registry (adapters/couriers/configured.ts); which couriers have one is
 * data (`Courier.api`); a courier without one, or one whose API is not configured, is
 * handled by hand on the same screens. Failures are typed so the owner is told which: the
 * courier's API is down, too slow, or refused the delivery with its own message.
 */
import type { Cents } from "../money.ts";
import type { CourierApi } from "./couriers.ts";
import type { ShipmentStatus } from "./shipments.ts";

/** What the shop asks a courier to deliver: one packed parcel. */
export interface CourierDelivery {
  /** The shop's reference of the parcel, kept by the courier: "Order 123 parcel 4". */
  reference: string;
  receiver: {
    name: string;
    /** The street address, as the customer gave it. */
    address: string;
    /** The area (city) and district the order was placed with, in English. */
    city: string;
    district: string;
    phone: string;
  };
  /** What is in the parcel: "2 x Madol Doova; 1 x Gamperaliya". */
  description: string;
  /** The cash the courier collects at the door; 0 for a parcel already paid for. */
  codCents: Cents;
}

/** Why a courier's API did not do what was asked. */
export type CourierApiFailure =
  /** It could not be reached, or answered with an error of its own (a 5xx, no JSON). */
  | { kind: "down"; detail: string }
  /** It gave no answer in time: the call was given up. */
  | { kind: "timeout" }
  /** It answered and said no, in its own words. */
  | { kind: "refused"; message: string };

/** One step of a parcel's history as the courier tells it. */
export interface CourierTrackingEvent {
  /** The courier's own name of the step: "Out for Delivery". */
  courierStatus: string;
  /** When, as the courier wrote it. */
  at: string;
  /** Where the step puts the parcel in the shop's terms; null for one that moves nothing. */
  stage: CourierStage | null;
}

/** How far a courier's step takes a parcel: still at the shop, out with the courier, or final. */
export type CourierStage = "awaiting_pickup" | "handed_over" | "delivered" | "returned";

export type CreateDeliveryResult = { kind: "created"; waybill: string } | CourierApiFailure;
export type TrackingResult =
  | { kind: "tracked"; events: CourierTrackingEvent[] }
  | CourierApiFailure;

export interface CourierApiGateway {
  /** Which courier API this is ("koombiyo"): couriers name it in `Courier.api`. */
  readonly api: CourierApi;
  /** Creates the delivery of a parcel with its cash to collect; answers the courier's waybill. */
  createDelivery(delivery: CourierDelivery): Promise<CreateDeliveryResult>;
  /** The parcel's history with the courier, oldest first. */
  tracking(waybill: string): Promise<TrackingResult>;
}

/** The courier APIs configured for this shop, by key; one absent is handled by hand. */
export type CourierApis = Partial<Record<CourierApi, CourierApiGateway>>;

/**
 * The status a parcel should have from its courier's history, never going back: the last
 * final step (delivered or returned) when there is one, else handed over once any step says
 * the courier has it. A parcel still at the shop (awaiting pickup) stays packed; steps that
 * move nothing leave it as it is.
 *
 * @example statusFromTracking("packed", [{ stage: "awaiting_pickup" }, { stage: "handed_over" }]) // "handed_over"
 * @example statusFromTracking("delivered", [{ stage: "handed_over" }]) // "delivered": never back
 */
export function statusFromTracking(
  current: ShipmentStatus,
  events: readonly Pick<CourierTrackingEvent, "stage">[],
): ShipmentStatus {
  if (current === "delivered" || current === "returned") return current;
  let target: ShipmentStatus = current;
  for (const { stage } of events) {
    if (stage === "delivered" || stage === "returned") target = stage;
    else if (stage === "handed_over" && target === "packed") target = "handed_over";
  }
  return target;
}

/**
 * The moves that take a parcel from `from` to `to` one step at a time (packed, handed over,
 * then delivered or returned); empty when it stays.
 *
 * @example movesBetween("packed", "delivered") // ["handed_over", "delivered"]
 */
export function movesBetween(from: ShipmentStatus, to: ShipmentStatus): ShipmentStatus[] {
  if (from === to) return [];
  if (from === "packed") return to === "handed_over" ? [to] : ["handed_over", to];
  return from === "handed_over" && (to === "delivered" || to === "returned") ? [to] : [];
}

/**
 * What the parcel holds, for the courier's label: "2 x Title; 1 x Other", cut to `max`
 * characters with an ellipsis when longer.
 *
 * @example parcelDescription([{ quantity: 2, title: "Madol Doova" }]) // "2 x Madol Doova"
 */
export function parcelDescription(
  lines: readonly { quantity: number; title: string }[],
  max = 200,
): string {
  const text = lines.map((l) => `${l.quantity} x ${l.title}`).join("; ");
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
