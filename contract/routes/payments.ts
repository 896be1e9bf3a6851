/**
 * /api/payments: what a card gateway calls. PayHere posts its notice of a payment's
 * outcome here, server to server, as a URL-encoded form; the shop believes none of it
 * before the notice's signature is checked (adapters/payments/payhere.ts).
 */
import { z } from "zod";
import { PAYMENT_PATHS } from "../paths.ts";
import { defineRoute } from "../route.ts";

const field = z.string().max(500);

/** The fields PayHere's notice carries (https://support.payhere.lk/api-&-mobile-sdk/checkout-api). */
export const payhereNoticeForm = z.object({
  merchant_id: field,
  order_id: field,
  payment_id: field.optional(),
  payhere_amount: field,
  payhere_currency: field,
  status_code: field,
  md5sig: field,
  status_message: field.optional(),
  method: field.optional(),
  card_holder_name: field.optional(),
  card_no: field.optional(),
  card_expiry: field.optional(),
  custom_1: field.optional(),
  custom_2: field.optional(),
}).catchall(field);

export const PAYMENT_ROUTES = {
  payhereNotice: defineRoute({
    ...PAYMENT_PATHS.payhereNotice,
    summary:
      "PayHere's notice of a card payment (server to server, signed by md5sig): 200 when verified, whether it changed the order or not; 400 when its signature, merchant or fields are wrong; 404 when card payment is not configured",
    admin: false,
    form: payhereNoticeForm,
    ok: { status: 200, contentType: "text/plain" },
    errors: [400, 404, 415],
  }),
};
