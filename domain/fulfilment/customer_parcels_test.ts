import assert from "node:assert/strict";
import { BUILT_IN_COURIERS } from "./couriers.ts";
import { customerParcels } from "./customer_parcels.ts";
import type { Shipment } from "./shipments.ts";

const PARCEL: Shipment = {
  id: 1,
  orderId: 7,
  lines: [{ orderLineId: 1, quantity: 1 }],
  courierId: "koombiyo",
  waybill: "KB1234",
  codCents: 0,
  status: "handed_over",
};

Deno.test("customerParcels() tells the parcels that left, with the courier's name and a link only from a template", () => {
  const couriers = BUILT_IN_COURIERS.map((c) =>
    c.id === "koombiyo" ? { ...c, trackingTemplate: "https://track.example.lk/{waybill}" } : c
  );
  assert.deepEqual(
    customerParcels([
      PARCEL,
      { ...PARCEL, id: 2, courierId: "domex", waybill: "DX-1", status: "delivered" },
      { ...PARCEL, id: 3, status: "packed" },
      { ...PARCEL, id: 4, status: "returned" },
    ], couriers),
    [
      {
        courier: "Koombiyo",
        waybill: "KB1234",
        tracking_url: "https://track.example.lk/KB1234",
        status: "handed_over",
      },
      { courier: "Domex", waybill: "DX-1", tracking_url: null, status: "delivered" },
    ],
  );
});
