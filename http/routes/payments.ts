/**
 * Paying online over HTTP: the form an order's customer posts to the provider that serves its
 * method (in the placed order's answer and on the order's page), and each provider's notice of
 * the outcome, on one route for every provider, which `receiveNotice` has that provider verify
 * and then applies (domain/payments/card_payment.ts).
 */
import { actingAs } from "./audit.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { Order } from "../../domain/orders/model.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import type { ProviderKey } from "../../domain/payments/providers.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import {
  awaitsOnlinePayment,
  chargeCents,
  receiveNotice,
} from "../../domain/payments/card_payment.ts";
import { PAYMENT_PATHS } from "../../contract/admin_paths.ts";
import { PAYMENT_ROUTES } from "../../contract/routes/mod.ts";
import { ApiError, boundedErrors } from "../middleware/errors.ts";

/** The log line of a refused notice, written at most once in `REFUSED_LOG_MS`. */
export const REFUSED_NOTICE_LOG = "A payment notice was refused";
const REFUSED_LOG_MS = 10_000;
import { serve } from "./route_spec.ts";

/**
 * The address a provider's notices come to.
 *
 * @example noticeUrl("https://shop.lk", "koko") // "https://shop.lk/api/payments/koko/notify"
 */
export function noticeUrl(publicUrl: string, provider: ProviderKey): string {
  return publicUrl + PAYMENT_PATHS.notice.path.replace(":provider", provider);
}

/** A name as a gateway asks for it: the first word, and the rest (or the first again). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const firstName = words[0] ?? "";
  return { firstName, lastName: words.slice(1).join(" ") || firstName };
}

/**
 * The form of the provider that serves an order's method, while the order waits for its
 * payment: a pending, unpaid order of a method paid online, with a page to come back to.
 * Undefined otherwise, or when that provider is not configured.
 */
export function cardPaymentForm(
  deps: Pick<AppDeps, "providers" | "shop">,
  order: Order,
  orderUrl: string | undefined,
): GatewayForm | undefined {
  const key = PAYMENT_POLICIES[order.paymentMethod].provider;
  const provider = key === null ? undefined : deps.providers?.[key];
  if (!provider || orderUrl === undefined) return undefined;
  if (!awaitsOnlinePayment(order)) return undefined;
  return provider.checkoutForm({
    orderId: order.id,
    amountCents: chargeCents(order),
    currency: "LKR",
    items: `${deps.shop.name} order #${order.id}`,
    customer: {
      ...splitName(order.customer.name),
      email: order.customer.email,
      phone: order.customer.phone,
      address: order.customer.address,
      city: order.areaName,
      country: "Sri Lanka",
    },
    returnUrl: orderUrl,
    cancelUrl: `${orderUrl}&card=cancelled`,
    notifyUrl: noticeUrl(deps.shop.publicUrl, provider.key),
  });
}

/**
 * The providers' notices, each read by the provider its address names (a provider not
 * configured: 404). A notice whose signature, merchant or fields are wrong is refused
 * (400) and logged (a line every ten seconds at most, with how many it stands for), and
 * changes nothing; a verified one is answered 200 whatever it did (a
 * duplicate, a wrong amount, an order lapsed meanwhile), so the gateway does not send it
 * again, and what it did is logged.
 */
export function paymentRoutes(
  deps: Pick<
    AppDeps,
    "providers" | "payments" | "orders" | "slips" | "clock" | "logger" | "audit"
  >,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A flood of forged notices writes a line every few seconds with the count it stands for,
  // not one a notice.
  const log = boundedErrors(deps.logger, {
    messages: [REFUSED_NOTICE_LOG],
    everyMs: REFUSED_LOG_MS,
    now: () => deps.clock.now().getTime(),
  });
  serve(app, "/api/payments", PAYMENT_ROUTES.notice, async (c) => {
    const gateway = deps.providers?.[c.req.valid("param").provider];
    const ledger = deps.payments;
    if (!gateway || !ledger) {
      throw new ApiError(404, "NOT_FOUND", "This payment provider is not configured");
    }
    const fields = Object.fromEntries(
      Object.entries(c.req.valid("form")).filter((e): e is [string, string] =>
        typeof e[1] === "string"
      ),
    );
    // What a verified notice changes is the gateway's in the audit trail.
    const result = await actingAs(
      deps,
      { kind: "gateway", name: gateway.name },
      () => receiveNotice({ ...deps, gateway, ledger }, fields),
    );
    if (result.kind === "refused") {
      log.error(REFUSED_NOTICE_LOG, {
        gateway: gateway.name,
        reason: result.reason,
        detail: result.detail,
        orderId: fields.order_id?.slice(0, 40),
      });
      throw new ApiError(400, "BAD_REQUEST", `The notice was refused: ${result.reason}`);
    }
    deps.logger.info("A payment notice", {
      gateway: gateway.name,
      orderId: result.orderId,
      ...(result.kind === "applied"
        ? { outcome: result.late ? "paid_after_lapse" : result.to }
        : result.kind === "failed"
        ? { outcome: "failed" }
        : { outcome: "ignored", reason: result.reason }),
    });
    return c.text(result.kind === "ignored" ? "IGNORED" : "OK", 200);
  });
  return app;
}
