/** /api/orders: checkout and bank details for shoppers; the order book for the admin. */
import { actingAs } from "./audit.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { placeOrder, type PlaceOrderResult } from "../../domain/orders/place_order.ts";
import type { HoldRefusal } from "../../domain/orders/holds.ts";
import { changeOrderStatus } from "../../domain/orders/change_status.ts";
import { preorderLinesWaiting } from "../../domain/fulfilment/shipments.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { IdempotencyClaim, LimitedKey } from "../../domain/ports.ts";
import type { LimitRule } from "../auth/routes.ts";
import { bankDetailsRecord, orderStatsRecord, placedOrderRecord } from "./answers.ts";
import { mayReadCustomerDocument, orderFor, ordersFor } from "./order_views.ts";
import { dayFigures } from "../../domain/reports/sales_report.ts";
import { ApiError, notFound, tooManyRequests, validationFailed } from "../middleware/errors.ts";
import { offeredMethods, PREORDER_METHODS } from "../../domain/orders/payment_policy.ts";
import { providerKeys } from "../../domain/payments/providers.ts";
import { cardPaymentForm } from "./payments.ts";
import { clientAddress, MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { bearerToken } from "../auth/require_admin.ts";
import { canonicalJson } from "../../domain/canonical_json.ts";
import { createHash } from "node:crypto";
import { colomboDate, colomboToday } from "../../domain/orders/order_query.ts";
import { orderAdminRoutes, type OrderAdminRoutesDeps, orderQuery } from "./order_admin.ts";
import { refundRoutes, type RefundRoutesDeps } from "./refunds.ts";
import { orderCustomerRoutes, type OrderCustomerRoutesDeps, orderUrl } from "./order_customer.ts";
import { serve } from "./route_spec.ts";
import { ORDER_DESK_ROUTES, SHOPPER_ORDER_ROUTES } from "../../contract/routes/mod.ts";
import type { CodeRefusal } from "../../domain/promotions/pricing.ts";
import { CodeAttempts } from "./code_attempts.ts";
import { voucherRefusal } from "./vouchers.ts";

/**
 * Orders one address may place. Most mobile customers in Sri Lanka share addresses behind
 * their carrier's NAT, so the ceiling is high; the per-contact limit below does the work.
 */
export const DEFAULT_ORDER_LIMIT = { limit: 120, windowMs: 10 * 60_000 } as const;
/** Orders for one e-mail address or one phone number: a family's week, not a bot's run. */
export const DEFAULT_ORDER_CONTACT_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

/**
 * The first 128 bits of a text's SHA-256: a count's key, or a client's mark, that keeps no
 * personal data. The same digest as domain/sha256.ts's `sha256Mark`, made synchronously:
 * WebCrypto's promise cost more than the hashing, at every checkout for the limits' keys
 * (docs/benchmarks.md, item 51) and again for the hold's marks (item 56).
 */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/**
 * The keys an order counts under: its address, its e-mail and its phone (hashed: the
 * counts keep no personal data).
 */
function orderKeys(
  address: string,
  contact: { email: string; phone: string },
  rules: { perAddress: LimitRule; perContact: LimitRule },
): LimitedKey[] {
  const email = digest(contact.email.trim().toLowerCase());
  const phone = digest(contact.phone.replace(/\D/g, "").replace(/^(94|0)/, ""));
  return [
    { key: `order:address:${address}`, ...rules.perAddress },
    { key: `order:email:${email}`, ...rules.perContact },
    { key: `order:phone:${phone}`, ...rules.perContact },
  ];
}

/** How long an idempotency key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Hex SHA-256 of the canonical form of a request body. */
export function requestHash(body: unknown): Promise<string> {
  return Promise.resolve(createHash("sha256").update(canonicalJson(body)).digest("hex"));
}

const DESTINATION_FIELDS = {
  unknown_area: { field: "area", message: "names no known area" },
  area_not_in_district: { field: "area", message: "is not in the chosen district" },
  district_not_in_province: { field: "district", message: "is not in the chosen province" },
} as const;

/** The refusals of placeOrder as HTTP errors (pricing a cart answers its own the same way). */
export function refusal(
  result: Exclude<PlaceOrderResult, { kind: "placed" | "replayed" }>,
): ApiError {
  switch (result.kind) {
    case "bad_destination": {
      const problem = DESTINATION_FIELDS[result.problem];
      return new ApiError(422, "BAD_DESTINATION", `The ${problem.field} ${problem.message}`, [
        problem,
      ]);
    }
    case "unknown_items":
      return new ApiError(422, "UNKNOWN_ITEMS", "Some items are no longer sold", result.items);
    case "too_many_copies":
      return new ApiError(
        422,
        "TOO_MANY_COPIES",
        `An order may hold at most ${result.max} copies of one item`,
        result.items.map((item) => ({ ...item, max: result.max })),
      );
    case "preorder_needs_bank_deposit":
      return new ApiError(
        422,
        "PREORDER_NEEDS_BANK_DEPOSIT",
        `Pre-order books are sold on ${PREORDER_METHODS.join(" or ")} only`,
        result.items,
      );
    case "price_changed":
      return new ApiError(
        409,
        "PRICE_CHANGED",
        "Prices have changed since the cart was filled",
        // What a copy costs now (its sale and campaign taken off), beside its usual price.
        result.items.map((item) => ({
          type: item.type,
          id: item.id,
          title: item.title,
          price: centsToRupees(item.unitCents),
          usual_price: centsToRupees(item.usualCents),
        })),
      );
    case "insufficient_stock":
      return new ApiError(409, "INSUFFICIENT_STOCK", "Insufficient stock", result.lines);
    case "idempotency_mismatch":
      return new ApiError(
        422,
        "IDEMPOTENCY_MISMATCH",
        "This Idempotency-Key was used with a different order",
      );
    case "too_much_held":
      return holdRefusalError(result.refusal);
    case "code_refused":
      return new ApiError(409, "CONFLICT", CODE_REFUSED[result.reason], {
        reason: result.reason,
      });
    case "code_not_applied":
      return new ApiError(422, "RULE_VIOLATION", CODE_NOT_APPLIED[result.reason], {
        code: result.code,
        reason: result.reason,
      });
    case "voucher_refused":
      return voucherRefusal(result.reason);
    case "voucher_changed":
      return new ApiError(
        409,
        "VOUCHER_CHANGED",
        "The gift voucher's balance changed since the cart was priced: nothing was charged",
        { balance: centsToRupees(result.balanceCents), pays: centsToRupees(result.paysCents) },
      );
    case "parcels_not_mixed":
      return validationFailed([{
        field: "parcels",
        message:
          "can only be split for a cart holding both books in stock and pre-ordered books: send it together",
      }]);
    case "parcel_fee_changed":
      return new ApiError(
        409,
        "PRICE_CHANGED",
        `The second parcel's delivery fee is now LKR ${
          formatRupees(result.feeCents)
        }: check the total and place the order again`,
        { second_parcel_fee: centsToRupees(result.feeCents) },
      );
  }
}

/** Why a code gives the order nothing, for the shopper (who may order without it). */
export const CODE_NOT_APPLIED: Record<CodeRefusal, string> = {
  unknown: "There is no such discount code",
  not_yet: "This discount code is not valid yet",
  expired: "This discount code has expired",
  paused: "This discount code is paused",
  used_up: "This discount code has been used up",
  minimum_not_met: "This discount code needs a larger order",
  nothing_applies: "This discount code applies to nothing in the cart",
};

/** Why an order's code was refused as it was placed, for the shopper. */
const CODE_REFUSED = {
  used_up: "This discount code has just been used up: order again without it",
  paused: "This discount code is paused: order again without it",
  customer_limit: "You have used this discount code as many times as it allows",
} as const;

/**
 * The answer to an order its client's unpaid orders cannot take on: 422 naming the bound,
 * what is held already and what to do.
 */
function holdRefusalError(refusal: HoldRefusal): ApiError {
  const bound = refusal.bound === "units"
    ? `${refusal.limit} copies`
    : `LKR ${formatRupees(refusal.limit)}`;
  return new ApiError(
    422,
    "HOLD_LIMIT",
    `Unpaid orders from one customer may hold at most ${bound} at once: ` +
      "pay for an order placed before, or wait until it is confirmed or cancelled",
    {
      bound: refusal.bound,
      limit: refusal.bound === "units" ? refusal.limit : centsToRupees(refusal.limit),
      held: refusal.bound === "units" ? refusal.held.units : centsToRupees(refusal.held.cents),
    },
  );
}

/** LKR with thousands grouped and two decimals, for a message: 500000_00 → "500,000.00". */
function formatRupees(cents: number): string {
  const rupees = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${rupees}.${String(cents % 100).padStart(2, "0")}`;
}

const BASE = "/api/orders";

/** What the order routes use: their own, placing and moving an order, and the sub-apps'. */
export type OrderRoutesDeps =
  & Pick<
    AppDeps,
    | "bank"
    | "catalogue"
    | "clock"
    | "orderContactLimit"
    | "orderKeys"
    | "orderLimit"
    | "orders"
    | "reports"
    | "rateLimits"
    | "tokens"
    | "trustProxy"
    | "ipv6PrefixLength"
    | "providers"
    | "codeAttemptLimit"
  >
  & Parameters<typeof placeOrder>[0]
  & Parameters<typeof changeOrderStatus>[0]
  & OrderCustomerRoutesDeps
  & OrderAdminRoutesDeps
  & RefundRoutesDeps
  & {
    /** Refused discount codes per client, shared with the cart's pricing; its own when absent. */
    codeAttempts?: CodeAttempts;
    /** Refused voucher codes per client, shared with the cart and the balance check. */
    voucherAttempts?: CodeAttempts;
  };

/**
 * An order is handed over to delivery only once every pre-ordered book in it has arrived
 * (it is no longer a pre-order in the catalogue): 409 with a clear message before then.
 * The in-stock books of such an order go now as a parcel of their own (/api/fulfilment).
 */
async function refuseWhilePreorderWaits(deps: OrderRoutesDeps, id: number): Promise<void> {
  const order = await deps.orders.findById(id);
  if (!order) return;
  const arrived = new Map<number, boolean>();
  for (const item of order.items.filter((i) => i.preorder && i.type === "book")) {
    const book = await deps.catalogue.findBook(item.itemId);
    arrived.set(item.id, book !== undefined && !book.preorder);
  }
  const waiting = preorderLinesWaiting(order.items, (line) => arrived.get(line) ?? true);
  if (waiting.length === 0) return;
  throw new ApiError(
    409,
    "INVALID_STATE",
    `Order ${id} holds a pre-ordered book that has not arrived yet: confirm it once its stock is in, or send the books that are here as a parcel now`,
    { reason: "stock_not_arrived", orderLineIds: waiting },
  );
}

export function orderRoutes(deps: OrderRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limits = deps.rateLimits ?? new MemoryRateLimitStore();
  const rules = {
    perAddress: deps.orderLimit ?? DEFAULT_ORDER_LIMIT,
    perContact: deps.orderContactLimit ?? DEFAULT_ORDER_CONTACT_LIMIT,
  };
  const codeAttempts = deps.codeAttempts ??
    new CodeAttempts({ store: limits, rule: deps.codeAttemptLimit, clock: deps.clock });
  const voucherAttempts = deps.voucherAttempts ??
    new CodeAttempts({
      store: limits,
      rule: deps.codeAttemptLimit,
      clock: deps.clock,
      scope: "voucher",
    });

  /**
   * The customer an order is placed for: a live customer token links the order to the
   * account; no token is a guest; a dead token is refused rather than silently dropped.
   */
  async function customerOf(authorization: string | undefined): Promise<number | null> {
    if (authorization === undefined) return null;
    const token = bearerToken(authorization);
    const verified = token ? await deps.tokens.verify(token) : undefined;
    if (!verified || verified.kind === "invalid") {
      throw new ApiError(
        401,
        "UNAUTHORIZED",
        "Your session has ended: log in again, or check out as a guest",
        undefined,
        { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      );
    }
    return verified.claims.role === "customer" ? verified.claims.id : null;
  }

  serve(
    app,
    BASE,
    SHOPPER_ORDER_ROUTES.bankDetails,
    (c) => c.json({ data: bankDetailsRecord(deps.bank) }),
  );

  /**
   * Counts an order under its address, e-mail and phone before it is placed, so that
   * orders at once cannot pass a limit together (429 when one is full); the answer takes
   * the count back. A request without a socket (in-process calls) has no address to count.
   */
  async function countOrder(
    address: string,
    body: { email: string; phone: string },
  ): Promise<(() => Promise<void>) | undefined> {
    if (address === "unknown") return undefined;
    const keys = orderKeys(address, body, rules);
    const at = deps.clock.now();
    const decision = await limits.hit(keys, at);
    if (!decision.allowed) {
      const byAddress = decision.key.startsWith("order:address:");
      throw tooManyRequests(
        byAddress
          ? "Too many orders from this address, try again later"
          : "Too many orders for this e-mail address or phone number, try again later",
        decision.retryAfterSeconds,
      );
    }
    return async () => {
      for (const key of keys) await limits.release(key.key, at);
    };
  }

  serve(app, BASE, SHOPPER_ORDER_ROUTES.place, async (c) => {
    // Only orders placed count: one refused (a stale total, stock gone, a bad address, a
    // 5xx) or an idempotent replay of one placed before never holds back its sender's next
    // order, nor anyone else behind the address, e-mail or phone it named.
    const body = c.req.valid("json");
    if (!offeredMethods(providerKeys(deps.providers)).includes(body.paymentMethod)) {
      throw validationFailed([{
        field: "paymentMethod",
        message: `${body.paymentMethod} is not offered by this shop`,
      }]);
    }
    const address = clientAddress(c, deps);
    // A client whose refused codes fill their limit is refused before anything is counted.
    const settleCode = await codeAttempts.begin(address, body.code);
    const settleVoucher = await voucherAttempts.begin(address, body.voucher?.code).catch(
      async (error) => {
        await settleCode(false).catch(() => {});
        throw error;
      },
    );
    let codeRefused = false;
    let voucherUnknown = false;
    let takeBack: (() => Promise<void>) | undefined;
    let placed = false;
    try {
      takeBack = await countOrder(address, body);
      const key = c.req.valid("header")["idempotency-key"];
      const claim: IdempotencyClaim | undefined = key === undefined ? undefined : {
        key,
        requestHash: await requestHash(body),
        expiresAt: new Date(deps.clock.now().getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      };
      const orderKey = await deps.orderKeys.issue();
      const userId = await customerOf(c.req.header("Authorization"));
      // The order's entry in the audit trail names the shopper who placed it.
      const shopper = { kind: "shopper" as const, id: userId ?? null, email: body.email };
      const result = await actingAs(deps, shopper, () =>
        placeOrder({ ...deps, mark: digest }, {
          customer: {
            name: body.name,
            address: body.address,
            email: body.email,
            phone: body.phone,
            postalCode: body.postalCode,
          },
          destination: { provinceId: body.province, districtId: body.district, areaId: body.area },
          paymentMethod: body.paymentMethod,
          items: body.items,
          clientTotalCents: body.total,
          locale: body.locale,
          ...(body.code ? { code: body.code } : {}),
          ...(body.voucher
            ? { voucher: { code: body.voucher.code, cents: body.voucher.amount } }
            : {}),
          ...(body.parcels
            ? { parcels: { choice: body.parcels.send, feeCents: body.parcels.fee } }
            : {}),
          key: { salt: orderKey.salt, hash: orderKey.hash },
          userId,
          clientAddress: address === "unknown" ? null : address,
        }, claim));
      if (result.kind === "placed" || result.kind === "replayed") {
        placed = result.kind === "placed";
        if (result.kind === "replayed") c.header("Idempotent-Replayed", "true");
        const url = await orderUrl(deps, result.order);
        return c.json(
          placedOrderRecord(result.order, url, cardPaymentForm(deps, result.order, url)),
          201,
        );
      }
      codeRefused = result.kind === "code_not_applied" || result.kind === "code_refused";
      voucherUnknown = result.kind === "voucher_refused" &&
        (result.reason === "unknown" || result.reason === "other_shop");
      throw refusal(result);
    } finally {
      if (!placed) await takeBack?.().catch(() => {});
      await settleCode(codeRefused).catch(() => {});
      await settleVoucher(voucherUnknown).catch(() => {});
    }
  });

  serve(app, BASE, ORDER_DESK_ROUTES.list, async (c) => {
    const query = orderQuery(c.req.valid("query"));
    const found = await deps.orders.search(query);
    return c.json({
      data: await ordersFor(c, deps, found.orders, "list"),
      page: query.page,
      pageSize: query.pageSize,
      total: found.total,
    });
  });

  serve(app, BASE, ORDER_DESK_ROUTES.stats, async (c) => {
    const now = deps.clock.now();
    const today = colomboDate(now);
    const [stats, days] = await Promise.all([
      deps.orders.stats(colomboToday(now)),
      deps.reports.daySales({ from: today, to: today }),
    ]);
    // Today's orders, paid orders and takings by the report's definitions: the same figures
    // as the report of today and the owner's home.
    const day = dayFigures(days, today);
    return c.json({
      data: orderStatsRecord({
        ...stats,
        today: {
          ...stats.today,
          orders: day.orders,
          paidOrders: day.paidOrders,
          takingsCents: day.takingsCents,
        },
      }),
    });
  });

  serve(app, BASE, ORDER_DESK_ROUTES.status, async (c) => {
    const { id, status, courier, trackingNumber, reason } = c.req.valid("json");
    if (status === "completed") await refuseWhilePreorderWaits(deps, id);
    const outcome = await changeOrderStatus(deps, { id, status, courier, trackingNumber, reason });
    if (outcome.kind === "not_found") throw notFound("Order", id);
    if (outcome.kind === "not_pending") {
      throw new ApiError(
        409,
        "INVALID_STATE",
        `Order ${id} is ${outcome.status}, only a pending order can be ${status}`,
        { status: outcome.status },
      );
    }
    return c.json({ data: await orderFor(c, deps, outcome.order) });
  });

  serve(app, BASE, ORDER_DESK_ROUTES.slip, async (c) => {
    const { id } = c.req.valid("param");
    await mayReadCustomerDocument(c, deps, id, "order_slip");
    const slip = await deps.orders.findSlip(id);
    if (!slip) throw new ApiError(404, "NOT_FOUND", `Order ${id} has no slip`);
    return c.body(slip as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="pothgula-order-${id}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  });

  app.route("/", orderCustomerRoutes(deps));
  app.route("/", orderAdminRoutes(deps));
  app.route("/", refundRoutes(deps));
  return app;
}
