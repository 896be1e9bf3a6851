/**
 * A cart priced by the shop on the wire (POST /api/cart/price): the shopper's items, the
 * payment method when chosen (delivery depends on it), a discount code and the page's
 * language; and what the cart costs now under the running promotions, line by line, with
 * the code's answer. The server prices it with the one pricing path placing an order uses
 * (domain/promotions/price_cart.ts), and answers its breakdown; the cart and checkout
 * render that and compute nothing of their own.
 */
import { z } from "zod";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { ITEM_TYPES, PAYMENT_METHODS } from "../domain/orders/model.ts";
import { CODE_REFUSALS } from "../domain/promotions/pricing.ts";
import {
  discountCode,
  MAX_ORDER_LINES,
  orderLine,
  parcelChoice,
  voucherCodeText,
} from "./requests.ts";
import { VoucherAnswerSchema } from "./vouchers.ts";
import { BreakdownSchema } from "./breakdown.ts";

/** POST /api/cart/price */
export const cartPriceBody = z.object({
  items: z.array(orderLine).min(1, "must hold at least one item")
    .max(MAX_ORDER_LINES, `must hold at most ${MAX_ORDER_LINES} lines`),
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: `must be one of ${PAYMENT_METHODS.join(", ")}`,
  }).optional().describe("the delivery fee is the method's; none is priced when absent"),
  code: discountCode.optional().describe("a discount code, matched without regard to case"),
  voucher: voucherCodeText.optional().describe(
    "a gift voucher's code: what it pays of the order total is answered, and in the breakdown",
  ),
  locale: z.enum(SHOP_LANGUAGES, { error: `must be one of ${SHOP_LANGUAGES.join(", ")}` })
    .optional().describe("the language promotions are named in; en when absent"),
  parcels: parcelChoice.optional().describe(
    "how a cart holding books in stock and pre-ordered books is sent; together when absent. split for a cart without both: 400",
  ),
});

const money = z.number().describe("LKR, at most 2 decimals");

/** One line as priced now (its figures are the breakdown's line). */
export const PricedLineSchema = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  usual_price: money.describe("a copy's usual price"),
  price: money.describe("a copy's price after its sale price (the usual price without one)"),
  line_total: money.describe("what the line costs after every saving"),
  saving: money.describe("usual price x quantity less line_total: its sale price too"),
});

/** The code's answer: applied with what it saves, or refused and why. */
export const CodeAnswerSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("applied"),
    code: z.string().describe("as typed, in upper case"),
    saving: money,
    free_delivery: z.boolean(),
  }),
  z.object({
    status: z.literal("refused"),
    code: z.string(),
    reason: z.enum(CODE_REFUSALS),
    minimum: money.optional().describe(
      "minimum_not_met: the items' total the code needs",
    ),
    short_by: money.optional().describe("minimum_not_met: how much more the items must come to"),
  }),
]);

export const CartPriceSchema = z.object({
  lines: z.array(PricedLineSchema),
  usual_items: money.describe("the items at their usual prices"),
  items: money.describe(
    "the items after every promotion and the code: the `total` an order sends",
  ),
  saving: money.describe("usual_items less items"),
  code: CodeAnswerSchema.nullable().describe("null when no code was sent"),
  voucher: VoucherAnswerSchema.nullable().describe(
    "the gift voucher's answer (what it pays, or why it cannot); null when none was sent",
  ),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  free_delivery: z.boolean().describe("an offer or the code makes delivery free"),
  delivery_fee: money.nullable().describe("null when no payment method was given"),
  total: money.describe("items and delivery (the items alone without a payment method)"),
  priced_at: z.string().describe("ISO 8601"),
  mixed: z.boolean().describe(
    "the cart holds books in stock and pre-ordered books: the shopper chooses how it is sent",
  ),
  parcels: z.enum(["together", "split"]).describe("how it is priced to be sent"),
  split_fee: money.nullable().describe(
    "what sending it in two parcels adds to delivery under the payment method; null when the cart is not mixed or no method was given",
  ),
  breakdown: BreakdownSchema.describe(
    "every figure of the cart as the cart and checkout show it (docs/money.md); its delivery fee is null without a payment method",
  ),
});

export type WireCartPrice = z.output<typeof CartPriceSchema>;
export type WirePricedLine = z.output<typeof PricedLineSchema>;
export type WireCodeAnswer = z.output<typeof CodeAnswerSchema>;
