/**
 * The customer's side of an order under /api/orders: the order seen with its key, and the
 * deposit slip sent for it. A wrong or missing key answers exactly as a missing order.
 */
import { actingAs } from "./audit.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { Order } from "../../domain/orders/model.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { DEFAULT_HOLD_RULES, slipReviewDeadline } from "../../domain/orders/payment_policy.ts";
import {
  DEFAULT_SLIP_RULES,
  MAX_PAYMENT_PROOFS,
  MAX_PROOF_BYTES,
  noticeDueAt,
  planProof,
  type ProofRefusal,
  proofRefusal,
} from "../../domain/orders/payment_proofs.ts";
import { clientAddress, MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { lookupMatches } from "../../domain/orders/lookup.ts";
import { ApiError, tooManyRequests } from "../middleware/errors.ts";
import { readForm } from "../middleware/validation.ts";
import { sniffProofType } from "../uploads/proof_sniff.ts";
import { serve } from "./route_spec.ts";
import { sha256Hex } from "../../domain/sha256.ts";
import { SHOPPER_ORDER_ROUTES } from "../../contract/routes/mod.ts";

/** What a customer's order routes use. */
export type OrderCustomerRoutesDeps = Pick<
  AppDeps,
  | "audit"
  | "clock"
  | "ipv6PrefixLength"
  | "orderKeys"
  | "orderRules"
  | "orders"
  | "rateLimits"
  | "receipts"
  | "shop"
  | "slipRules"
  | "trustProxy"
>;

/** The one answer for a missing order and a wrong key alike. */
function noSuchOrder(id: number): ApiError {
  return new ApiError(404, "NOT_FOUND", `Order ${id} not found`);
}

const REFUSALS: Record<ProofRefusal, string> = {
  not_bank_deposit: "Only a Bank Deposit order takes a deposit slip",
  not_pending: "This order is no longer waiting for payment",
  paid: "This order is already paid",
  too_many: `An order takes at most ${MAX_PAYMENT_PROOFS} deposit slips`,
};

/** The link to an order's page, with its key; undefined for an order placed without one. */
export async function orderUrl(
  deps: Pick<AppDeps, "orderKeys" | "shop">,
  order: Order,
): Promise<string | undefined> {
  if (order.keySalt === null) return undefined;
  const key = await deps.orderKeys.keyFor(order.keySalt);
  return `${deps.shop.publicUrl}/orders/${order.id}?key=${key}`;
}

/** Look-ups one address may make: a family's orders, not a crawl of order numbers. */
export const LOOKUP_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;
/** Links mailed to one address: no one's inbox is filled through the shop. */
export const LOOKUP_EMAIL_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

/** The first 128 bits of a text's SHA-256: a limit's key that keeps no address in the clear. */
async function digest(text: string): Promise<string> {
  return (await sha256Hex(text)).slice(0, 32);
}

const BASE = "/api/orders";

export function orderCustomerRoutes(deps: OrderCustomerRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limits = deps.rateLimits ?? new MemoryRateLimitStore();
  const slipRules = { ...DEFAULT_SLIP_RULES, ...deps.slipRules };
  const slipLimit = slipRules.perClient;
  const holds = { ...DEFAULT_HOLD_RULES, ...deps.orderRules };

  /** The order this key opens; the same 404 for a missing order and a wrong key. */
  async function openOrder(id: number, key: string | undefined): Promise<Order> {
    // The hash is taken even without a key: every refusal costs the same.
    const hash = await deps.orderKeys.hash(key ?? "");
    const order = key ? await deps.orders.findByKey(id, hash) : undefined;
    if (!order) throw noSuchOrder(id);
    return order;
  }

  serve(app, BASE, SHOPPER_ORDER_ROUTES.lookup, async (c) => {
    const { orderId, email } = c.req.valid("json");
    const address = clientAddress(c, deps);
    const now = deps.clock.now();
    // Every look-up counts against its client: guessing order numbers and addresses is
    // bounded (429 with Retry-After, whatever the input).
    if (address !== "unknown") {
      const decision = await limits.hit(
        [{ key: `lookup:address:${address}`, ...LOOKUP_LIMIT }],
        now,
      );
      if (!decision.allowed) {
        throw tooManyRequests("Too many look-ups, try again later", decision.retryAfterSeconds);
      }
    }
    // Only a link actually mailed counts against the e-mail address, and past its limit the
    // mail is left unsent, never refused: a stranger's look-ups with someone's address do
    // not keep its owner from their own /track, and the answer tells nobody anything.
    const order = await deps.orders.findById(orderId);
    if (order && order.keySalt !== null && lookupMatches(order, email)) {
      const mailed = await limits.hit([{
        key: `lookup:email:${await digest(email.trim().toLowerCase())}`,
        ...LOOKUP_EMAIL_LIMIT,
      }], now);
      if (mailed.allowed) await deps.orders.enqueueMail(order.id, "order_link");
    }
    return c.json({ data: { accepted: true } }, 202);
  });

  serve(app, BASE, SHOPPER_ORDER_ROUTES.view, async (c) => {
    const order = await openOrder(c.req.valid("param").id, c.req.valid("query").key);
    c.header("Cache-Control", "no-store");
    return c.json({ data: customerOrderView(order) });
  });

  serve(app, BASE, SHOPPER_ORDER_ROUTES.receipt, async (c) => {
    const order = await openOrder(c.req.valid("param").id, c.req.valid("query").key);
    const pdf = await deps.receipts.render(order);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="pothgula-receipt-${order.id}.pdf"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    });
  });

  serve(app, BASE, SHOPPER_ORDER_ROUTES.uploadProof, async (c) => {
    const { id } = c.req.valid("param");
    // Everything that needs no body first: the key (a stranger's upload is never held),
    // the media type, whether the order takes a slip now, the client's slips this hour.
    const order = await openOrder(id, c.req.valid("query").key);
    const type = (c.req.header("Content-Type") ?? "").toLowerCase();
    if (!type.startsWith("multipart/form-data")) {
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the slip as multipart/form-data");
    }
    const refusedNow = proofRefusal({ ...order, proofCount: order.paymentProofs.length });
    if (refusedNow) throw refusal(refusedNow);
    const takeBack = await countSlip(clientAddress(c, deps));
    let stored = false;
    try {
      const outcome = await storeSlip(c.req.raw, order);
      stored = true;
      c.header("Cache-Control", "no-store");
      return c.json({ data: customerOrderView(outcome) }, 201);
    } finally {
      if (!stored) await takeBack?.().catch(() => {});
    }
  });

  function refusal(reason: ProofRefusal): ApiError {
    return new ApiError(409, "INVALID_STATE", REFUSALS[reason], { reason });
  }

  /**
   * Counts a slip against its client before its body is read (429 past the limit); the
   * answer takes it back unless the slip was stored: a refused upload counts for nobody.
   */
  async function countSlip(address: string): Promise<(() => Promise<void>) | undefined> {
    if (address === "unknown") return undefined;
    const key = `slip:address:${address}`;
    const at = deps.clock.now();
    const decision = await limits.hit([{ key, ...slipLimit }], at);
    if (!decision.allowed) {
      throw tooManyRequests(
        "Too many deposit slips from this address, try again later",
        decision.retryAfterSeconds,
      );
    }
    return () => limits.release(key, at);
  }

  /** Reads the slip (within the route's cap: one file of 5 MB and its form) and stores it. */
  async function storeSlip(request: Request, order: Order): Promise<Order> {
    // No boundary, or a body that is not the form its header says, is 400, not a 500.
    const form = await readForm(request);
    const files = form.getAll("proof")
      .filter((part) => !(part instanceof File && part.size === 0 && part.name === ""));
    const problem = (status: 400 | 413 | 415, code: ApiError["code"], message: string) =>
      new ApiError(status, code, message, [{ field: "proof", message }]);
    if (files.length !== 1 || !(files[0] instanceof File)) {
      throw problem(400, "VALIDATION_FAILED", "Choose one photo or PDF of the deposit slip");
    }
    const file = files[0];
    if (file.size > MAX_PROOF_BYTES) {
      throw problem(413, "PAYLOAD_TOO_LARGE", "The slip may be at most 5 MB");
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = sniffProofType(bytes);
    if (!contentType) {
      throw problem(415, "UNSUPPORTED_MEDIA_TYPE", "The slip must be a JPEG, PNG, WebP or PDF");
    }
    const at = deps.clock.now().toISOString();
    // The slip gives the owner a bounded time to check it: the hold ends then at the latest.
    const reviewUntil = slipReviewDeadline(order.paymentMethod, at, holds);
    // The payment's entry in the audit trail names the order's shopper.
    const shopper = { kind: "shopper" as const, id: order.userId, email: order.customer.email };
    const outcome = await actingAs(deps, shopper, () =>
      deps.orders.addProof(
        planProof(order.id, {
          contentType,
          bytes,
          at,
          reviewUntil,
          noticeDueAt: noticeDueAt(at, slipRules.digestMinutes),
        }),
      ));
    if (outcome.kind === "not_found") throw noSuchOrder(order.id);
    if (outcome.kind === "refused") throw refusal(outcome.reason);
    return outcome.order;
  }

  return app;
}
