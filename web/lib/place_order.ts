/**
 * Placing an order from the checkout: the request it sends, the order the shop answers, and
 * the words of a refusal. Loaded when the page is idle or the order is sent, whichever comes
 * first, not with the page: none of it is part of what the checkout shows first
 * (docs/benchmarks.md, item 43).
 */
import { type Cart, cartTotalCents, lineKey } from "../../domain/cart/cart.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import type { ParcelChoice } from "../../domain/fulfilment/delivery_fees.ts";
import {
  customerHoldHours,
  DEFAULT_HOLD_RULES,
  type HoldRules,
  lapseTime,
} from "../../domain/orders/payment_policy.ts";
import { preorderArrival } from "../../domain/orders/preorder_arrival.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import type { PlacedOrder } from "../components/PaymentDialog.tsx";
import { breakdownFromRecord } from "../../domain/pricing/breakdown_record.ts";
import type { I18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { ApiFailure, shopApi } from "./api.ts";
import {
  type CheckoutFields,
  type FieldErrors,
  idempotencyKeyFor,
  orderPayload,
  serverFieldErrors,
} from "./checkout_form.ts";
import { isCodeReason, refusalReason } from "./promo_words.ts";
import { readSession } from "./session.ts";
import { isVoucherReason, voucherReason } from "./voucher_words.ts";
import { type CartPricing, wireCents } from "./use_cart_price.ts";

/** What moved in price between the cart the shopper saw and the shop's. */
export function priceChanges(i18n: I18n, before: Cart, after: Cart): string[] {
  const old = new Map(before.map((l) => [lineKey(l), l.unitPriceCents]));
  return after
    .filter((l) => old.has(lineKey(l)) && old.get(lineKey(l)) !== l.unitPriceCents)
    .map((l) => i18n.t("checkout.priceNow", { title: l.title, price: i18n.lkr(l.unitPriceCents) }));
}

/** A 409 INSUFFICIENT_STOCK's lines, each named with what the shop has and what was asked. */
export function shortfallTexts(i18n: I18n, details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((line) =>
    typeof line?.title === "string" && Number.isInteger(line?.available)
      ? [i18n.t("cart.onlyInStockAsked", {
        title: line.title,
        available: line.available,
        requested: line.requested,
      })]
      : []
  );
}

/**
 * A 422 TOO_MANY_COPIES's lines, each named with the copies one order may hold (the title
 * from the answer, else from the cart's line of that item).
 */
export function limitTexts(i18n: I18n, details: unknown, cart: Cart): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((line) => {
    const title = typeof line?.title === "string"
      ? line.title
      : cart.find((l) => l.type === line?.type && l.id === line?.id)?.title;
    return title && Number.isInteger(line?.max)
      ? [i18n.t("cart.lineLimit", { title, max: line.max })]
      : [];
  });
}

/**
 * What an order sends as its items' total, code and gift voucher: the shop's price of this
 * very cart and method when it has one (with its code only when the shop applied it, its
 * voucher with what it pays), else the cart's own prices and neither.
 */
export function pricedOrder(
  pricing: Pick<CartPricing, "price" | "current" | "voucher">,
  cart: Cart,
  method: PaymentMethod,
): {
  totalCents: number;
  code?: string;
  voucher?: { code: string; cents: number };
  /** How a mixed cart is sent, and the second parcel's fee the shop priced beside it. */
  parcels?: { send: ParcelChoice; feeCents: number };
} {
  const price = pricing.current && pricing.price?.payment_method === method ? pricing.price : null;
  if (!price) return { totalCents: cartTotalCents(cart) };
  const code = price.code?.status === "applied" ? price.code.code : undefined;
  // A voucher pays what the shopper was shown it pays: the shop refuses another amount (409).
  const voucher = price.voucher?.status === "applied" && pricing.voucher
    ? { code: pricing.voucher, cents: wireCents(price.voucher.pays) }
    : undefined;
  // A mixed cart says how it is sent, with the fee its summary showed (the shop refuses another).
  const parcels = price.mixed
    ? { send: price.parcels, feeCents: wireCents(price.breakdown.second_parcel_fee) }
    : undefined;
  return {
    totalCents: wireCents(price.items),
    ...(code ? { code } : {}),
    ...(voucher ? { voucher } : {}),
    ...(parcels ? { parcels } : {}),
  };
}

/**
 * A refused order's words about its discount code: 422 (the code gives this order nothing,
 * and why) or 409 (it ran out, was paused, or this customer used their share); undefined
 * for any other failure. `removed` says whether the code is to be taken off the cart.
 */
export function codeFailureText(
  i18n: I18n,
  error: unknown,
): { text: string; removed: boolean } | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const details = error.details as { reason?: unknown } | undefined;
  const reason = details?.reason;
  // 422: the code gives this order nothing; 409: refused as the order was placed (its uses
  // ran out, it was paused, or this customer used their share), and taken off the cart.
  const atPlacing = error.status === 409 &&
    (reason === "used_up" || reason === "paused" || reason === "customer_limit");
  if (!isCodeReason(reason) || !(atPlacing || error.status === 422)) return undefined;
  return {
    text: i18n.t("promo.orderCodeNotApplied", { reason: refusalReason(i18n, { reason }) }),
    removed: atPlacing,
  };
}

/** The order the checkout sends: its form, its cart as the shop priced it, its language. */
export interface OrderToPlace {
  fields: CheckoutFields;
  cart: Cart;
  method: PaymentMethod;
  pricing: Pick<CartPricing, "price" | "current" | "voucher">;
  preorder: boolean;
  /** The page's language: the order's mails and slip are written in it. */
  language: Locale;
  holdRules?: HoldRules;
}

/** The key and body of the last order sent: sending the same body again re-sends its key. */
export interface Attempt {
  current: { key: string; body: string } | null;
}

/**
 * Sends the order (as the signed-in customer's, else a guest's) and answers it as the
 * payment dialog shows it; throws the shop's refusal. `attempt` keeps the idempotency key,
 * so a retry of the same order after a lost answer places it once.
 */
export async function placeOrder(order: OrderToPlace, attempt: Attempt): Promise<PlacedOrder> {
  const { cart, method } = order;
  const priced = pricedOrder(order.pricing, cart, method);
  const payload = {
    ...orderPayload(order.fields, cart, method),
    total: centsToRupees(priced.totalCents),
    ...(priced.code ? { code: priced.code } : {}),
    ...(priced.voucher
      ? { voucher: { code: priced.voucher.code, amount: centsToRupees(priced.voucher.cents) } }
      : {}),
    ...(priced.parcels
      ? { parcels: { send: priced.parcels.send, fee: centsToRupees(priced.parcels.feeCents) } }
      : {}),
    locale: order.language,
  };
  // The cart's dates are the books' own: the dialog says them as their pages did.
  const arrival = preorderArrival(cart);
  attempt.current = idempotencyKeyFor(
    attempt.current,
    JSON.stringify(payload),
    () => crypto.randomUUID(),
  );
  const session = readSession();
  const answer = await shopApi.call(ORDER_PATHS.place, {
    json: payload,
    headers: { "idempotency-key": attempt.current.key },
  }, session?.role === "customer" ? { token: session.token } : {});
  // When the order lapses unless its slip arrives, counted from the shop's answer (the
  // order's page and mail give the shop's own time, to the minute).
  const rules = { ...DEFAULT_HOLD_RULES, ...order.holdRules };
  const hours = customerHoldHours(method, rules);
  return {
    orderId: answer.orderId,
    breakdown: breakdownFromRecord(answer.breakdown),
    method,
    preorder: order.preorder,
    ...(arrival?.kind === "date" ? { preorderDate: arrival.date } : {}),
    ...(answer.orderUrl ? { orderUrl: answer.orderUrl } : {}),
    ...(answer.cardPayment ? { cardPayment: answer.cardPayment } : {}),
    ...(hours !== null
      ? { lapse: { at: lapseTime(method, new Date().toISOString(), rules), hours } }
      : {}),
  };
}

/** What the checkout shows and does after a refused order. */
export interface Refusal {
  message: string;
  /** Each line the refusal names: a new price, a shortfall, a limit. */
  changes: string[];
  /** The fields the shop found wrong, shown beside them. */
  fieldErrors?: FieldErrors;
  /** The session ended: the next try goes as a guest's order unless they sign in again. */
  signedOut?: boolean;
}

/** What the checkout can do about a refusal: its cart read again, its price asked again. */
export interface RefusalActions {
  cart: Cart;
  /** The stored cart, with the shop's current prices. */
  refresh(): Promise<Cart>;
  reprice(): void;
  setCode(code: null): void;
}

/** The words of a refused (or unsent) order, after doing what it calls for. */
export async function refusalOf(
  i18n: I18n,
  error: unknown,
  actions: RefusalActions,
): Promise<Refusal> {
  const message = i18n.t("checkout.failed", { reason: failureText(i18n, error) });
  const aboutCode = codeFailureText(i18n, error);
  if (aboutCode) {
    // The code's answer is priced again (and a code the shop refused is taken off).
    if (aboutCode.removed) actions.setCode(null);
    else actions.reprice();
    return { message: aboutCode.text, changes: [] };
  }
  if (!(error instanceof ApiFailure)) return { message, changes: [] };
  if (error.code === "VOUCHER_CHANGED") {
    actions.reprice();
    return { message: i18n.t("voucher.changed"), changes: [] };
  }
  if (error.code === "VOUCHER_REFUSED") {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    actions.reprice();
    return {
      message: i18n.t("voucher.notApplied", {
        reason: isVoucherReason(reason) ? voucherReason(i18n, reason) : error.message,
      }),
      changes: [],
    };
  }
  if (error.code === "PRICE_CHANGED" || error.code === "INSUFFICIENT_STOCK") {
    const before = actions.cart;
    const after = await actions.refresh().catch(() => before);
    actions.reprice();
    if (error.code === "INSUFFICIENT_STOCK") {
      return { message, changes: shortfallTexts(i18n, error.details) };
    }
    const changes = priceChanges(i18n, before, after);
    // No price of a line moved: an offer began or ended since the cart was priced.
    return { message: changes.length === 0 ? i18n.t("promo.orderRepriced") : message, changes };
  }
  if (error.code === "TOO_MANY_COPIES") {
    return { message, changes: limitTexts(i18n, error.details, actions.cart) };
  }
  return {
    message,
    changes: [],
    ...(error.status === 400 ? { fieldErrors: serverFieldErrors(error.details) } : {}),
    ...(error.status === 401 ? { signedOut: true } : {}),
  };
}
