/**
 * /api/fulfilment: couriers, an order's parcels and the cash on delivery (domain/fulfilment/).
 * Packing and moving parcels is order work (staff too); couriers are the shop's settings
 * and the cash still with couriers is the owner's report.
 */
import { z } from "zod";
import { FULFILMENT_PATHS } from "../fulfilment_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { idParam } from "../requests.ts";
import { data } from "../records.ts";
import {
  CashWithCouriersSchema,
  codBody,
  courierBody,
  courierParam,
  CourierSchema,
  PreorderOrdersSchema,
  PreorderWaitSchema,
  shipmentBody,
  ShipmentSchema,
  shipmentStatusBody,
  TrackingSchema,
  waybillBody,
} from "../fulfilment.ts";

export const FULFILMENT_ROUTES = {
  couriers: defineRoute({
    ...FULFILMENT_PATHS.couriers,
    summary:
      "Every courier: the six built in (Koombiyo, Domex, Pronto, Prompt Xpress, Citypak, Sri Lanka Post), then the owner's own",
    admin: "orders",
    ok: { status: 200, schema: data(z.array(CourierSchema)) },
    errors: [...ADMIN_ERRORS],
  }),
  saveCourier: defineRoute({
    ...FULFILMENT_PATHS.saveCourier,
    summary:
      "Add or change a courier: its name, its tracking link (https, with {waybill} once) and the shape of its waybills; 400 names each bad field",
    admin: "settings",
    params: courierParam,
    json: courierBody,
    ok: { status: 200, schema: data(CourierSchema) },
    errors: [...ADMIN_ERRORS, 400, 415],
  }),
  shipments: defineRoute({
    ...FULFILMENT_PATHS.shipments,
    summary: "An order's parcels, oldest first, each with its tracking link",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(z.array(ShipmentSchema)) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  pack: defineRoute({
    ...FULFILMENT_PATHS.pack,
    summary:
      "Pack a parcel of some of an order's lines for a courier; 422 RULE_VIOLATION with the reason (no lines, a copy already in a parcel, an unknown courier, a waybill of the wrong shape, cash that does not add up to what is owed), nothing saved",
    admin: "orders",
    params: idParam,
    json: shipmentBody,
    ok: { status: 201, schema: data(ShipmentSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415, 422],
  }),
  move: defineRoute({
    ...FULFILMENT_PATHS.move,
    summary:
      "Move a parcel on: handed over (refused while a pre-ordered book in it has not arrived, or without a waybill), delivered or returned; 409 INVALID_STATE with the reason",
    admin: "orders",
    params: idParam,
    json: shipmentStatusBody,
    ok: { status: 200, schema: data(ShipmentSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  cod: defineRoute({
    ...FULFILMENT_PATHS.cod,
    summary:
      "Record that the courier collected, or remitted, a parcel's cash: once each, for exactly its amount, never remitted before collected; 409 INVALID_STATE with the reason",
    admin: "orders",
    params: idParam,
    json: codBody,
    ok: { status: 201, schema: data(CashWithCouriersSchema.shape.parcels.element) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  waybill: defineRoute({
    ...FULFILMENT_PATHS.waybill,
    summary:
      "Give a packed parcel without one its waybill, typed by hand (a courier without an API, or one whose API failed); 422 RULE_VIOLATION for a number of the wrong shape for its courier, 409 for a parcel no longer open or a number another parcel has",
    admin: "orders",
    params: idParam,
    json: waybillBody,
    ok: { status: 200, schema: data(ShipmentSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415, 422],
  }),
  sendToCourier: defineRoute({
    ...FULFILMENT_PATHS.sendToCourier,
    summary:
      "Send a packed parcel to its courier's API (Koombiyo): the delivery is created with its cash to collect and the parcel takes the waybill the courier gives. 503 when the courier's API is not set up, 422 RULE_VIOLATION with the courier's own message when it refuses, 502 PROVIDER_FAILED when it is down or too slow; on any of them nothing is saved and the parcel stays packed",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(ShipmentSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 422, 502, 503],
  }),
  refreshTracking: defineRoute({
    ...FULFILMENT_PATHS.refreshTracking,
    summary:
      "Read a parcel's history from its courier's API and move it as the courier says (collected: handed over; delivered; returned to the shop), never back; the same errors as sending it",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(TrackingSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 422, 502, 503],
  }),
  cashWithCouriers: defineRoute({
    ...FULFILMENT_PATHS.cashWithCouriers,
    summary:
      "The cash on delivery couriers still hold: each parcel collected and not remitted, and each courier's total",
    admin: "reports",
    ok: { status: 200, schema: data(CashWithCouriersSchema) },
    errors: [...ADMIN_ERRORS],
  }),
  preorderOrders: defineRoute({
    ...FULFILMENT_PATHS.preorderOrders,
    summary:
      "The orders waiting for a pre-ordered book, as its arrival serves them: each order not cancelled whose copies of it have not been handed over, oldest first",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(PreorderOrdersSchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  preorderWait: defineRoute({
    ...FULFILMENT_PATHS.preorderWait,
    summary:
      "Whether an order waits for its pre-order: sent together it waits whole; split, its books in stock may go now",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(PreorderWaitSchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
};
