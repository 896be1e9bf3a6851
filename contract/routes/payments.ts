/**
 * /api/payments: what a payment provider calls. Each provider posts its notice of a
 * payment's outcome to `/api/payments/{provider}/notify`, server to server, as a URL-encoded
 * form; the shop believes none of it before that provider's adapter has checked the notice's
 * signature (adapters/payments/: PayHere's md5sig, Koko's RSA signature).
 */
import { z } from "zod";
import { PAYMENT_PATHS } from "../admin_paths.ts";
import { defineRoute } from "../route.ts";
import { PROVIDER_KEYS } from "../../domain/payments/providers.ts";

const field = z.string().max(500);

/**
 * A provider's notice: its fields as text, each bounded, at most 40 of them. Which fields it
 * must carry is its adapter's to check (PayHere:
 * https://support.payhere.lk/api-&-mobile-sdk/checkout-api; Koko: orderId, trnId, status,
 * desc and signature).
 */
export const noticeForm = z.record(z.string().max(60), field).refine(
  (fields) => Object.keys(fields).length <= 40,
  { message: "At most 40 fields" },
);

export const providerParam = z.object({
  provider: z.enum(PROVIDER_KEYS).describe("The provider whose notice this is: payhere or koko"),
});

export const PAYMENT_ROUTES = {
  notice: defineRoute({
    ...PAYMENT_PATHS.notice,
    summary:
      "A payment provider's notice of a payment (server to server, signed: PayHere's md5sig, Koko's RSA signature): 200 when verified, whether it changed the order or not; 400 when its signature, merchant or fields are wrong; 404 when that provider is not configured",
    admin: false,
    params: providerParam,
    form: noticeForm,
    ok: { status: 200, contentType: "text/plain" },
    errors: [400, 404, 415],
  }),
};
