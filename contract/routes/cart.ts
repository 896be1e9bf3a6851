/** /api/cart: the shopper's cart priced by the shop, with a discount code, before ordering. */
import { CART_PATHS } from "../paths.ts";
import { defineRoute } from "../route.ts";
import { cartPriceBody, CartPriceSchema } from "../cart_price.ts";
import { data } from "../records.ts";

export const CART_ROUTES = {
  price: defineRoute({
    ...CART_PATHS.price,
    summary:
      "What a cart costs now under the running promotions and a discount code (applied with its saving, or refused with its reason); refused codes are limited per client (429)",
    admin: false,
    json: cartPriceBody,
    ok: { status: 200, schema: data(CartPriceSchema) },
    errors: [400, 415, 422, 429],
  }),
};
