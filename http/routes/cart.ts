/**
 * /api/cart: what the shopper's cart costs now, priced by the shop with the one pricing
 * path placing an order uses (`priceCart`): each line's usual price, its price now, its
 * saving and the campaign that gave it (named in the page's language), the order offer, the
 * discount code's answer, delivery and the total. A refused code counts against its
 * client's limit (code_attempts.ts); nothing else does.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { centsToRupees } from "../../domain/money.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../domain/orders/model.ts";
import {
  methodSecondParcelFee,
  offeredMethods,
  PREORDER_METHODS,
} from "../../domain/orders/payment_policy.ts";
import { providerKeys } from "../../domain/payments/providers.ts";
import { DEFAULT_ORDER_RULES, tooManyCopies } from "../../domain/orders/place_order.ts";
import type { OrderRules } from "../../domain/orders/place_order.ts";
import {
  priceCart,
  type PriceCartDeps,
  type PriceCartResult,
} from "../../domain/promotions/price_cart.ts";
import { cartBreakdown } from "../../domain/promotions/price_cart.ts";
import { breakdownRecord } from "../../domain/pricing/breakdown_record.ts";
import { maskedCode } from "../../domain/vouchers/rules.ts";
import type { WireVoucherAnswer } from "../../contract/vouchers.ts";
import { voucherAnswer } from "./vouchers.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { WireCartPrice, WireCodeAnswer } from "../../contract/cart_price.ts";
import { CART_ROUTES } from "../../contract/routes/mod.ts";
import { validationFailed } from "../middleware/errors.ts";
import { clientAddress, MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { CodeAttempts } from "./code_attempts.ts";
import { refusal } from "./orders.ts";
import { serve } from "./route_spec.ts";

const BASE = "/api/cart";

/**
 * The method a cart is priced under before the shopper chooses one (the cart page): one that
 * takes pre-orders, since promotions do not depend on the method; no fee is said.
 */
export const PRICED_WITHOUT_METHOD: PaymentMethod = PREORDER_METHODS[0] ?? PAYMENT_METHODS[0];

/** What a second parcel adds to a mixed cart's delivery under `method` (0 otherwise). */
export function splitFeeOf(
  cart: Extract<PriceCartResult, { kind: "priced" }>,
  method: PaymentMethod | null,
  feeRules: PriceCartDeps["feeRules"],
): number {
  return method !== null && cart.mixed
    ? methodSecondParcelFee(cart.promoted.lines, method, feeRules)
    : 0;
}

/**
 * A priced cart as the API answers it, its figures from its breakdown. Without a payment
 * method there is no delivery fee yet: the total is the items'.
 *
 * @example cartPriceRecord(priced, { method: "COD", language: "si" }).total // 1900
 */
export function cartPriceRecord(
  cart: Extract<PriceCartResult, { kind: "priced" }>,
  { method, voucher, splitFeeCents = 0 }: {
    method: PaymentMethod | null;
    /** What two parcels would add to delivery under `method` (mixed carts). */
    splitFeeCents?: number;
    language: Locale;
    /** The gift voucher's answer, and what it pays (its last four symbols when it pays). */
    voucher?: { answer: WireVoucherAnswer; cents: number; last4: string | null } | null;
  },
): WireCartPrice {
  const { promoted } = cart;
  const { pricing } = promoted;
  const rupees = centsToRupees;
  const b = cartBreakdown(promoted, {
    deliveryKnown: method !== null,
    secondParcelFeeCents: cart.secondParcelFeeCents,
    vouchers: voucher?.last4 ? [{ code: maskedCode(voucher.last4), cents: voucher.cents }] : [],
  });
  const lines = promoted.lines.map((line, i) => ({
    type: line.type,
    id: line.itemId,
    title: line.title,
    quantity: line.quantity,
    usual_price: rupees(line.listUnitCents),
    price: rupees(line.unitPriceCents),
    line_total: rupees(b.lines[i].paidCents),
    saving: rupees(b.lines[i].savingCents),
  }));
  let code: WireCodeAnswer | null = null;
  if (pricing.code?.kind === "applied") {
    code = {
      status: "applied",
      code: pricing.code.code,
      saving: rupees(pricing.code.savingCents),
      free_delivery: pricing.code.freeDelivery,
    };
  } else if (pricing.code?.kind === "refused") {
    const minimum = pricing.code.reason === "minimum_not_met" && cart.code
      ? cart.code.minItemsCents
      : undefined;
    code = {
      status: "refused",
      code: pricing.code.code,
      reason: pricing.code.reason,
      ...(minimum === undefined ? {} : {
        minimum: rupees(minimum),
        short_by: rupees(Math.max(minimum - pricing.itemsCents, 0)),
      }),
    };
  }
  return {
    lines,
    usual_items: rupees(b.itemsCents),
    items: rupees(b.itemsPaidCents),
    saving: rupees(b.savingsCents),
    code,
    voucher: voucher?.answer ?? null,
    payment_method: method,
    free_delivery: b.freeDelivery !== null,
    delivery_fee: b.deliveryFeeCents === null ? null : rupees(b.deliveryFeeCents),
    total: rupees(b.totalCents),
    priced_at: cart.now,
    mixed: cart.mixed,
    parcels: cart.parcels,
    split_fee: method !== null && cart.mixed ? rupees(splitFeeCents) : null,
    breakdown: breakdownRecord(b),
  };
}

export type CartRoutesDeps =
  & PriceCartDeps
  & Pick<
    AppDeps,
    | "orderRules"
    | "providers"
    | "rateLimits"
    | "codeAttemptLimit"
    | "trustProxy"
    | "ipv6PrefixLength"
  >
  & {
    /** Refused discount codes per client, shared with placing orders; its own when absent. */
    codeAttempts?: CodeAttempts;
    /** Refused voucher codes per client, shared with the balance check; its own when absent. */
    voucherAttempts?: CodeAttempts;
    /** The shop's gift vouchers; a voucher is refused as unknown without them. */
    vouchers?: AppDeps["vouchers"];
  };

export function cartRoutes(deps: CartRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const attempts = deps.codeAttempts ?? new CodeAttempts({
    store: deps.rateLimits ?? new MemoryRateLimitStore(),
    rule: deps.codeAttemptLimit,
    clock: deps.clock,
  });
  const rules: OrderRules = { ...DEFAULT_ORDER_RULES, ...deps.orderRules };
  const voucherAttempts = deps.voucherAttempts ?? new CodeAttempts({
    store: deps.rateLimits ?? new MemoryRateLimitStore(),
    rule: deps.codeAttemptLimit,
    clock: deps.clock,
    scope: "voucher",
  });

  serve(app, BASE, CART_ROUTES.price, async (c) => {
    const body = c.req.valid("json");
    const method = body.paymentMethod ?? null;
    if (method !== null && !offeredMethods(providerKeys(deps.providers)).includes(method)) {
      throw validationFailed([{
        field: "paymentMethod",
        message: `${method} is not offered by this shop`,
      }]);
    }
    const settle = await attempts.begin(clientAddress(c, deps), body.code);
    let refused = false;
    try {
      const tooMany = await tooManyCopies(deps, body.items, rules.maxLineQuantity);
      if (tooMany) throw refusal(tooMany);
      // Without a method the items are priced as any method would (promotions do not depend
      // on it), under one that takes pre-orders, and no fee is said.
      const cart = await priceCart(deps, {
        items: body.items,
        paymentMethod: method ?? PRICED_WITHOUT_METHOD,
        ...(body.code === undefined ? {} : { code: body.code }),
        ...(body.parcels === undefined ? {} : { parcels: body.parcels }),
      });
      if (cart.kind !== "priced") throw refusal(cart);
      // The fee beside the choice is the server's, whichever way the cart is priced now.
      const splitFeeCents = splitFeeOf(cart, method, deps.feeRules);
      refused = cart.promoted.pricing.code?.kind === "refused";
      // A gift voucher pays what is still to pay: the items after savings and delivery.
      let voucher = null;
      if (body.voucher !== undefined) {
        const total = cartBreakdown(cart.promoted, {
          deliveryKnown: method !== null,
          secondParcelFeeCents: cart.secondParcelFeeCents,
        }).totalCents;
        const settleVoucher = await voucherAttempts.begin(clientAddress(c, deps), body.voucher);
        voucher = await voucherAnswer(deps.vouchers, body.voucher, total, cart.now);
        const reason = voucher.answer.status === "refused" ? voucher.answer.reason : null;
        await settleVoucher(reason === "unknown" || reason === "other_shop").catch(() => {});
      }
      return c.json({
        data: cartPriceRecord(cart, {
          method,
          language: body.locale ?? "en",
          voucher,
          splitFeeCents,
        }),
      });
    } finally {
      await settle(refused).catch(() => {});
    }
  });

  return app;
}
