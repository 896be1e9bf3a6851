/**
 * The parcels a customer is told of on their order's page: those that have left the shop
 * (handed over or delivered), each with its courier, waybill and tracking link (only from
 * a template the owner set). A parcel still being packed, or one that came back, is the
 * shop's matter until it goes out again.
 */
import { type Courier, trackingLink } from "./couriers.ts";
import type { Shipment, ShipmentStatus } from "./shipments.ts";

export interface CustomerParcel {
  courier: string;
  waybill: string | null;
  tracking_url: string | null;
  status: Extract<ShipmentStatus, "handed_over" | "delivered">;
}

/**
 * The parcels of an order as its customer reads them, oldest first.
 *
 * @example customerParcels([{ ...parcel, status: "packed" }], couriers) // []
 */
export function customerParcels(
  shipments: readonly Shipment[],
  couriers: readonly Courier[],
): CustomerParcel[] {
  return shipments.flatMap((shipment) => {
    if (shipment.status !== "handed_over" && shipment.status !== "delivered") return [];
    const courier = couriers.find((c) => c.id === shipment.courierId);
    return [{
      courier: courier?.name ?? shipment.courierId,
      waybill: shipment.waybill,
      tracking_url: courier && shipment.waybill ? trackingLink(courier, shipment.waybill) : null,
      status: shipment.status,
    }];
  });
}
