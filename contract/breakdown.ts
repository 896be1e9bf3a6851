/**
 * The price breakdown and the adjustments on the wire (domain/pricing/breakdown_record.ts
 * writes them): what every answer that tells money carries, and what every page renders.
 * The schemas are typed by the domain's records, so a figure the domain adds and the wire
 * does not describe fails the type check.
 */
import { z } from "zod";
import { ITEM_TYPES } from "../domain/orders/model.ts";
import { ADJUSTMENT_KIND_ORDER } from "../domain/pricing/adjustment_kinds.ts";
import type {
  AdjustmentRecord,
  BreakdownRecord,
  OrderAdjustmentRecord,
} from "../domain/pricing/breakdown_record.ts";

const money = z.number().describe("LKR, at most 2 decimals");

/** What changed a price: its kind, its source and its name as it was, the amount off. */
export const AdjustmentSchema = z.object({
  kind: z.enum(ADJUSTMENT_KIND_ORDER).describe(
    "what changed the price: sale (a sale price), campaign, offer (an order offer's share), code (a discount code's share)",
  ),
  source_id: z.number().int().nullable().describe("the promotion's id; null for a sale price"),
  name: z.string().nullable().describe(
    "its name when placed (a code as the shop spells it); null for a sale price",
  ),
  name_si: z.string().nullable().describe("its name in Sinhala, when given"),
  name_ta: z.string().nullable().describe("its name in Tamil, when given"),
  amount: money.describe("what it took off"),
}) satisfies z.ZodType<AdjustmentRecord>;

/** What the order as a whole got (an offer, a code). */
export const OrderAdjustmentSchema = AdjustmentSchema.extend({
  amount: money.describe("what it took off the items: its shares on the lines added up"),
  free_delivery: z.boolean().describe("whether it made delivery free"),
}) satisfies z.ZodType<OrderAdjustmentRecord>;

/** The breakdown: every figure of what the order (or the cart) costs, worked out once. */
export const BreakdownSchema = z.object({
  lines: z.array(z.object({
    type: z.enum(ITEM_TYPES),
    id: z.number().int(),
    title: z.string(),
    quantity: z.number().int(),
    usual_price: money.describe("Usual price: one copy before anything"),
    usual: money.describe("the line at usual prices"),
    savings: z.array(AdjustmentSchema).describe("each saving on the line with its source"),
    saving: money.describe("the line's savings together"),
    paid: money.describe("Price paid: the line after every saving"),
  })),
  items: money.describe("Items: the items at their usual prices"),
  savings: z.array(AdjustmentSchema).describe("the savings by source, in the order applied"),
  saving: money.describe("Savings: every saving together"),
  items_paid: money.describe("the items after every saving (an order's `total`)"),
  delivery_fee: money.nullable().describe("Delivery fee; null while no payment method is chosen"),
  free_delivery: OrderAdjustmentSchema.nullable().describe("what made delivery free, or null"),
  second_parcel_fee: money.describe(
    "Second parcel: the extra delivery fee of sending the pre-ordered books apart (0 for none)",
  ),
  payment_fee: money.describe("Payment fee: a payment method's own fee (0 for none)"),
  total: money.describe(
    "Order total: items after savings, delivery, a second parcel and the payment fee",
  ),
  vouchers: z.array(z.object({
    code: z.string().describe("the voucher's code, all but its last characters hidden"),
    amount: money,
  })).describe("Gift voucher: each voucher applied, a tender (the prices stay as they are)"),
  voucher_total: money.describe("the vouchers applied together"),
  paid: money.describe("Paid: payments received"),
  refunded: money.describe("Refunded: payments given back"),
  to_pay: money.describe("To pay: what is still to pay; 0 once paid or cancelled"),
  owes: z.boolean().describe("false once the order is cancelled: it owes nothing"),
}).describe("what the order costs, figure by figure (docs/money.md)") satisfies z.ZodType<
  BreakdownRecord
>;

export type WireBreakdown = z.output<typeof BreakdownSchema>;
