/**
 * /api/stock-alerts: a shopper's request to be told once when a sold-out product is back,
 * the one-click unsubscribe of its mail (RFC 8058), and the owner's list of who waits.
 */
import { z } from "zod";
import { STOCK_ALERT_PATHS } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { data } from "../records.ts";
import { stockAlertBody, unsubscribeQuery, WaitingProductSchema } from "../stock_alerts.ts";

export const STOCK_ALERT_ROUTES = {
  request: defineRoute({
    ...STOCK_ALERT_PATHS.request,
    summary:
      "Ask to be told once, by mail in `language`, when a sold-out (or not yet available) product can be bought again; 202 alike whether the address asked before or not; 409 IN_STOCK for a product that can be bought, 409 NOT_ON_SALE for an archived one",
    admin: false,
    json: stockAlertBody,
    ok: { status: 202, schema: data(z.object({ accepted: z.literal(true) })) },
    errors: [400, 404, 409, 415, 429],
  }),
  unsubscribe: defineRoute({
    ...STOCK_ALERT_PATHS.unsubscribe,
    summary:
      "Stop back-in-stock mails to the address of the token's request (the mail's List-Unsubscribe, one-click by RFC 8058: any body is ignored); the same answer however often it is used; 404 for a token that is not the shop's",
    admin: false,
    query: unsubscribeQuery,
    ok: { status: 200, schema: data(z.object({ unsubscribed: z.literal(true) })) },
    errors: [400, 404],
  }),
  waiting: defineRoute({
    ...STOCK_ALERT_PATHS.waiting,
    summary:
      "The products shoppers wait for, most waited-for first: how many wait for each, since when, and its stock now (a signal to reorder)",
    admin: "stock",
    ok: { status: 200, schema: data(z.array(WaitingProductSchema)) },
    errors: [...ADMIN_ERRORS],
  }),
};
