/**
 * Fulfilment on the wire (domain/fulfilment/): couriers, an order's parcels, the cash a
 * courier collects and remits, and the owner's list of cash still with couriers.
 */
import { z } from "zod";
import { SHIPMENT_STATUSES } from "../domain/fulfilment/shipments.ts";
import { COD_ENTRY_KINDS } from "../domain/fulfilment/cod_ledger.ts";
import { rupees } from "./field_schemas.ts";
import { PAYMENT_STATUSES } from "../domain/orders/model.ts";
import { PARCEL_CHOICES } from "../domain/fulfilment/delivery_fees.ts";

const money = z.number().describe("LKR, at most 2 decimals");

export const CourierSchema = z.object({
  id: z.string(),
  name: z.string(),
  tracking_template: z.string().nullable().describe(
    "https://...{waybill}...: the link a customer follows; null: no link is shown",
  ),
  waybill_pattern: z.string().nullable().describe(
    "the shape of its waybill numbers (a regular expression)",
  ),
  api: z.string().nullable().describe("the courier's API the shop drives; null: by hand"),
});

/** PUT /api/fulfilment/couriers/{courierId}: a courier the owner adds or edits. */
export const courierBody = z.strictObject({
  name: z.string({ error: "must be a name" }).trim().min(1, "is required").max(80),
  tracking_template: z.string().trim().max(300).nullable(),
  waybill_pattern: z.string().trim().max(100).nullable(),
});

export const courierParam = z.object({
  courierId: z.string().regex(
    /^[a-z][a-z0-9_]{1,30}$/,
    "must be 2 to 31 lower-case letters, digits or underscores",
  ),
});

export const ShipmentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  lines: z.array(z.object({ order_line_id: z.number().int(), quantity: z.number().int() })),
  courier_id: z.string(),
  waybill: z.string().nullable(),
  cod_amount: money.describe("the cash the courier collects at the door"),
  status: z.enum(SHIPMENT_STATUSES),
  tracking_url: z.string().nullable().describe("from the courier's template; null without one"),
});

/** POST /api/fulfilment/orders/{id}/shipments: a parcel packed. */
export const shipmentBody = z.strictObject({
  lines: z.array(z.strictObject({
    order_line_id: z.number({ error: "must be a line of the order" }).int().positive(),
    quantity: z.number({ error: "must be a number of copies" }).int().min(0).max(1000),
  })).max(200),
  courier_id: z.string({ error: "must be a courier" }).min(1).max(31),
  waybill: z.string().trim().max(40).nullable(),
  cod_amount: rupees.describe("the cash the courier collects; 0 for a paid order"),
});

/** PUT /api/fulfilment/shipments/{id}/waybill: a packed parcel's waybill, typed by hand. */
export const waybillBody = z.strictObject({
  waybill: z.string({ error: "must be the courier's waybill number" }).trim().min(1).max(40),
});

/** What a courier's API told of a parcel, and the parcel as it is after. */
export const TrackingSchema = z.object({
  shipment: ShipmentSchema,
  events: z.array(z.object({
    courier_status: z.string().describe("the courier's own name of the step"),
    at: z.string().describe("when, as the courier wrote it"),
    stage: z.enum(["awaiting_pickup", "handed_over", "delivered", "returned"]).nullable(),
  })),
});

/** PUT /api/fulfilment/shipments/{id}/status: a parcel moved on. */
export const shipmentStatusBody = z.strictObject({ status: z.enum(SHIPMENT_STATUSES) });

/** POST /api/fulfilment/shipments/{id}/cod: the courier collected, or remitted, the cash. */
export const codBody = z.strictObject({
  kind: z.enum(COD_ENTRY_KINDS),
  amount: rupees.describe("exactly the parcel's cash to collect"),
});

export const CodPositionSchema = z.object({
  shipment_id: z.number().int(),
  courier_id: z.string(),
  due: money,
  collected: money,
  remitted: money,
  held: money.describe("collected and not yet remitted"),
  collected_at: z.string().nullable().describe("ISO 8601: when COD counts as received"),
  remitted_at: z.string().nullable().describe("ISO 8601: when the courier paid the shop"),
});

/** A parcel that collects cash, as the owner's list shows it: its order, waybill and move. */
export const CodParcelSchema = CodPositionSchema.extend({
  order_id: z.number().int(),
  waybill: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
});

export const CashWithCouriersSchema = z.object({
  parcels: z.array(CodPositionSchema).describe("collected and not yet remitted, most first"),
  by_courier: z.array(z.object({ courier_id: z.string(), held: money })),
  cod_parcels: z.array(CodParcelSchema).describe(
    "every parcel that collects cash, newest first: to collect, held, or remitted",
  ),
});

/** The orders a pre-ordered book's arrival serves (GET /api/fulfilment/preorders/:id/orders). */
export const PreorderOrdersSchema = z.object({
  book_id: z.number().int(),
  title: z.string(),
  preorder: z.boolean().describe("still a pre-order in the catalogue: its stock has not arrived"),
  orders: z.array(z.object({
    order_id: z.number().int(),
    customer: z.string().describe("the customer's name"),
    copies: z.number().int().describe("copies of the book in the order not yet handed over"),
    payment_status: z.enum(PAYMENT_STATUSES),
    order_date: z.string().describe("ISO 8601"),
    parcels: z.enum(PARCEL_CHOICES).describe(
      "together: the order waits for the book; split: its books in stock may go before",
    ),
  })).describe("oldest first"),
});

/** Whether an order waits for its pre-order (GET /api/fulfilment/orders/:id/preorder-wait). */
export const PreorderWaitSchema = z.object({
  order_id: z.number().int(),
  parcels: z.enum(PARCEL_CHOICES),
  wait: z.enum(["none", "waits_for_preorder", "send_in_stock_now"]).describe(
    "none: nothing waits; waits_for_preorder: sent together, the order waits; send_in_stock_now: split, the books in stock may go now",
  ),
  order_line_ids: z.array(z.number().int()).describe("the pre-ordered lines not arrived"),
});

export type WirePreorderOrders = z.output<typeof PreorderOrdersSchema>;
export type WirePreorderWait = z.output<typeof PreorderWaitSchema>;
