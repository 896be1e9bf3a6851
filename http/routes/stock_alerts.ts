/**
 * /api/stock-alerts (domain/stock_alerts): a shopper's request to be told when a product
 * is back, its mail's one-click unsubscribe, and the owner's list of who waits.
 *
 * The answer to a request never tells whether the address asked before: a new request and
 * one already waiting answer the same 202 and words. Each client (an address, an IPv6
 * client by its /64) may make `STOCK_ALERT_LIMIT` requests in its window; a refused one
 * (a product in stock, archived or unknown) is taken back, so it never counts against a
 * later honest request. Nobody's inbox is filled through the shop: one address gets at most
 * one mail a product each time it comes back, and every mail can stop them all.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { STOCK_ALERT_ROUTES } from "../../contract/routes/mod.ts";
import { clientAddress, MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { limitKey } from "../auth/attempts.ts";
import { ApiError, notFound, tooManyRequests } from "../middleware/errors.ts";
import {
  readUnsubscribeToken,
  type RequestRefusal,
  sameText,
  stockRequest,
  unsubscribeSalt,
} from "../../domain/stock_alerts/rules.ts";
import type { StockAlertStore } from "../../domain/stock_alerts/ports.ts";
import type { LimitedKey } from "../../domain/ports.ts";
import { serve } from "./route_spec.ts";

/** Requests one client may make: a reading list's worth, not a crawl of the catalogue. */
export const STOCK_ALERT_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

export type StockAlertRoutesDeps = Pick<
  AppDeps,
  | "clock"
  | "ipv6PrefixLength"
  | "orderKeys"
  | "rateLimits"
  | "stockAlerts"
  | "stockAlertLimit"
  | "trustProxy"
>;

const REFUSALS: Record<RequestRefusal, () => ApiError> = {
  orderable: () =>
    new ApiError(409, "IN_STOCK", "This product can be bought now: add it to your cart"),
  not_on_sale: () => new ApiError(409, "NOT_ON_SALE", "This product is no longer sold"),
  not_found: () => new ApiError(404, "NOT_FOUND", "No such product"),
};

/** The request an unsubscribe token signs, or undefined when it is not the shop's. */
export async function verifiedRequestId(
  keys: AppDeps["orderKeys"],
  token: string,
): Promise<number | undefined> {
  const read = readUnsubscribeToken(token);
  // The signature is made even for text that is no token: every refusal costs the same.
  const expected = await keys.keyFor(unsubscribeSalt(read?.requestId ?? 0));
  return read && sameText(expected, read.signature) ? read.requestId : undefined;
}

export function stockAlertRoutes(deps: StockAlertRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limits = deps.rateLimits ?? new MemoryRateLimitStore();
  const rule = deps.stockAlertLimit ?? STOCK_ALERT_LIMIT;
  const store = (): StockAlertStore => {
    if (!deps.stockAlerts) throw notFound("Route", "stock alerts");
    return deps.stockAlerts;
  };

  serve(app, "/api/stock-alerts", STOCK_ALERT_ROUTES.request, async (c) => {
    const alerts = store();
    const body = c.req.valid("json");
    const address = clientAddress(c, deps);
    const at = deps.clock.now();
    const counter: LimitedKey | undefined = address === "unknown"
      ? undefined
      : { key: await limitKey("stock-alert:address", address), ...rule };
    if (counter) {
      const decision = await limits.hit([counter], at);
      if (!decision.allowed) {
        throw tooManyRequests(
          "Too many back-in-stock requests from this connection: try again later",
          decision.retryAfterSeconds,
        );
      }
    }
    let outcome;
    try {
      outcome = await alerts.request(
        stockRequest({ kind: body.type, id: body.id }, body.email, body.language ?? "en"),
        at,
      );
    } catch (error) {
      if (counter) await limits.release(counter.key, at).catch(() => {});
      throw error;
    }
    if (outcome.kind !== "waiting") {
      if (counter) await limits.release(counter.key, at);
      throw REFUSALS[outcome.kind]();
    }
    c.header("Cache-Control", "no-store");
    return c.json({ data: { accepted: true as const } }, 202);
  });

  serve(app, "/api/stock-alerts", STOCK_ALERT_ROUTES.unsubscribe, async (c) => {
    const alerts = store();
    const id = await verifiedRequestId(deps.orderKeys, c.req.valid("query").token);
    const outcome = id === undefined
      ? { kind: "not_found" as const }
      : await alerts.unsubscribe(id, deps.clock.now());
    if (outcome.kind === "not_found") {
      throw new ApiError(404, "NOT_FOUND", "This unsubscribe link is not valid");
    }
    c.header("Cache-Control", "no-store");
    return c.json({ data: { unsubscribed: true as const } });
  });

  serve(app, "/api/stock-alerts", STOCK_ALERT_ROUTES.waiting, async (c) => {
    const waiting = await store().waiting();
    return c.json({
      data: waiting.map((w) => ({
        type: w.product.kind,
        id: w.product.id,
        title: w.title,
        stock: w.stock,
        archived: w.archived,
        waiting: w.waiting,
        oldest: w.oldest.toISOString(),
      })),
    });
  });
  return app;
}
