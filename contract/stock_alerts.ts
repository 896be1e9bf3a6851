/**
 * Back-in-stock requests on the wire: a shopper's request (a product, an e-mail address,
 * the page's language), the unsubscribe link's token, and the owner's list of products
 * shoppers wait for.
 */
import { z } from "zod";
import { ITEM_TYPES } from "../domain/orders/model.ts";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { idValue } from "./field_schemas.ts";

/** A shopper's request to be told once when a product can be bought again. */
export const stockAlertBody = z.object({
  type: z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(", ")}` }),
  id: idValue,
  email: z.string({ error: "Email is required" }).trim().max(254)
    .pipe(z.email("must be an e-mail address")),
  language: z.enum(SHOP_LANGUAGES, { error: `must be one of ${SHOP_LANGUAGES.join(", ")}` })
    .optional().describe("the language the mail is written in; en when absent"),
});

/** The unsubscribe link's token: a request's id and its signature. */
export const unsubscribeQuery = z.object({
  token: z.string({ error: "token is required" }).min(1).max(200),
});

/** One product shoppers wait for, in the owner's list. */
export const WaitingProductSchema = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.number(),
  title: z.string(),
  stock: z.number(),
  archived: z.boolean(),
  waiting: z.number().describe("shoppers waiting to be told it is back"),
  oldest: z.string().describe("when the longest-waiting of them asked (ISO 8601)"),
});

export type WireWaitingProduct = z.output<typeof WaitingProductSchema>;
