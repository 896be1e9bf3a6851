/**
 * Where parcels, couriers and the cash-on-delivery ledger are kept. The rules are the
 * domain's (shipments.ts, cod_ledger.ts); a store checks them again inside its own
 * transaction, with the order held, so two owners packing at once never put one copy in
 * two parcels.
 */
import type { Courier } from "./couriers.ts";
import type { Shipment, ShipmentDraft, ShipmentStatus } from "./shipments.ts";
import type { CodEntry } from "./cod_ledger.ts";

export type PackOutcome<R> =
  | { kind: "packed"; shipment: Shipment }
  | { kind: "refused"; refusal: R };

export interface FulfilmentStore {
  /** Every courier, the built-in ones first, then the owner's by name. */
  couriers(): Promise<Courier[]>;
  /** Adds a courier or changes one (by its id). */
  saveCourier(courier: Courier): Promise<void>;
  /** The order's parcels, oldest first. */
  shipmentsOf(orderId: number): Promise<Shipment[]>;
  /**
   * Packs a parcel: `refuse` is asked, with the order's parcels as they are inside the
   * transaction, whether it may be; nothing is written when it answers a refusal.
   */
  pack<R>(
    orderId: number,
    draft: ShipmentDraft,
    refuse: (existing: Shipment[]) => R | undefined,
  ): Promise<PackOutcome<R>>;
  /** The order a parcel belongs to; undefined when there is no such parcel. */
  shipmentOrder(shipmentId: number): Promise<number | undefined>;
  /**
   * Gives a packed parcel without a waybill its waybill (the courier's answer, or the
   * owner's typing): "taken" when the courier's waybill is already another parcel's,
   * "not_open" when the parcel is no longer packed or already has one.
   */
  assignWaybill(shipmentId: number, waybill: string): Promise<"assigned" | "taken" | "not_open">;
  /** Every parcel that collects cash on delivery, oldest first. */
  codShipments(): Promise<Shipment[]>;
  /** Moves a parcel from `from` to `to`; false when it was no longer in `from`. */
  move(shipmentId: number, from: ShipmentStatus, to: ShipmentStatus): Promise<boolean>;
  /** The ledger's rows of the given parcels (every parcel's when absent). */
  codEntries(shipmentIds?: readonly number[]): Promise<CodEntry[]>;
  /** Appends a ledger row; false when the parcel already has one of that kind. */
  appendCod(entry: CodEntry): Promise<boolean>;
}
