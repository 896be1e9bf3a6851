/**
 * The cart priced by the shop (POST /api/cart/price) as island state: asked again whenever
 * the lines, the payment method, the discount code, the gift voucher or the page's language
 * change, a moment after the last change; the discount code kept with the cart in the
 * browser. The cart and checkout show this price and compute none of their own: the one
 * pricing path is the server's.
 *
 * A code the shop will not look at now (too many refused from this connection: 429) is said
 * as such and the cart is priced without it; a failed pricing keeps the page usable, says
 * so and can be tried again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type Cart, cartLineRequests } from "../../domain/cart/cart.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { CART_PATHS } from "../../contract/paths.ts";
import type { WireCartPrice } from "../../contract/cart_price.ts";
import { ApiFailure, shopApi } from "./api.ts";
import { readCode, writeCode } from "./cart_store.ts";
import { useI18n } from "../i18n/mod.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { ParcelChoice } from "../../domain/fulfilment/delivery_fees.ts";

/** How long after the last change the cart is priced (quick clicks on + price once). */
const SETTLE_MS = 150;

export interface CartPricing {
  /** The latest price the shop gave; null before the first or after a failure. */
  price: WireCartPrice | null;
  /** Whether `price` answers the cart, method and code as they are now. */
  current: boolean;
  /**
   * A pricing is under way, or about to be: from the render in which the lines, method, code or
   * voucher changed (before the request leaves, a moment later) until the shop answers them.
   * Not after a failure that nothing has changed since (the page stays usable).
   */
  pricing: boolean;
  /** Why the last pricing failed; null when it did not. */
  error: unknown;
  /** Seconds until the shop looks at codes from this connection again; null when it does. */
  blockedSeconds: number | null;
  /** The code kept with the cart; null when none. */
  code: string | null;
  setCode(code: string | null): void;
  /**
   * The gift voucher typed at checkout; null when none. It is kept by the page only (a
   * voucher's code is money: it is not stored in the browser).
   */
  voucher: string | null;
  setVoucher(voucher: string | null): void;
  /** Seconds until the shop looks at voucher codes from this connection again; null when it does. */
  voucherBlockedSeconds: number | null;
  /** Prices the cart again (after a failure, or when the shop's prices moved). */
  reprice(): void;
}

/**
 * @example
 * const pricing = useCartPrice(cart, "COD");
 * pricing.setCode("SCHOOL10"); // pricing.price.code: { status: "applied", saving: 200, ... }
 */
export function useCartPrice(
  cart: Cart | null,
  method: PaymentMethod | null,
  /** How a mixed cart is sent (the checkout's choice); together when absent. */
  parcels: ParcelChoice = "together",
  /**
   * The shop's price of the cart as first rendered, without a code or voucher (the cart the
   * server drew): shown from the first render and not asked again until something changes.
   */
  drawn?: WireCartPrice,
): CartPricing {
  const { language } = useI18n();
  const [code, setCodeState] = useState<string | null>(null);
  const [price, setPrice] = useState<WireCartPrice | null>(drawn ?? null);
  const [pricing, setPricing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [blockedSeconds, setBlocked] = useState<number | null>(null);
  const [voucher, setVoucher] = useState<string | null>(null);
  const [voucherBlockedSeconds, setVoucherBlocked] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The stored code is read after hydration, as the cart is.
  useEffect(() => setCodeState(readCode()), []);

  const items = cart ? cartLineRequests(cart) : [];
  const request = JSON.stringify({ items, method, code, voucher, language, parcels });
  const [pricedFor, setPricedFor] = useState<string | null>(drawn ? request : null);
  // The request the drawn price answers: the first effect asks nothing for it.
  const answered = useRef(drawn ? request : null);

  useEffect(() => {
    if (answered.current !== null) {
      const same = answered.current === request;
      answered.current = null;
      if (same) return;
    }
    const asked = JSON.parse(request) as {
      items: ReturnType<typeof cartLineRequests>;
      method: PaymentMethod | null;
      code: string | null;
      voucher: string | null;
      language: Locale;
      parcels: ParcelChoice;
    };
    // An emptied cart (an order just placed, the last line removed) asks nothing; a pricing
    // it cut short is over, so nothing waits on it.
    if (asked.items.length === 0) {
      setPricing(false);
      return;
    }
    const controller = new AbortController();
    setPricing(true);
    const ask = (withCode: string | null, withVoucher: string | null) =>
      shopApi.call(CART_PATHS.price, {
        json: {
          items: asked.items,
          locale: asked.language,
          ...(asked.method ? { paymentMethod: asked.method } : {}),
          ...(withCode ? { code: withCode } : {}),
          ...(withVoucher ? { voucher: withVoucher } : {}),
          ...(asked.parcels === "split" ? { parcels: asked.parcels } : {}),
        },
      }, { signal: controller.signal });
    const timer = setTimeout(async () => {
      try {
        // A 429 names what was tried too often (`field`: code or voucher): the cart is
        // priced without it, and the page says so.
        let withCode = asked.code;
        let withVoucher = asked.voucher;
        let answer;
        for (;;) {
          try {
            answer = await ask(withCode, withVoucher);
            break;
          } catch (failure) {
            if (!(failure instanceof ApiFailure && failure.status === 429)) throw failure;
            const field = (failure.details as { field?: unknown } | undefined)?.field;
            const seconds = failure.retryAfterSeconds ?? 60;
            if (withVoucher && field === "voucher") {
              setVoucherBlocked(seconds);
              withVoucher = null;
            } else if (withCode && field !== "voucher") {
              setBlocked(seconds);
              withCode = null;
            } else throw failure;
          }
        }
        if (withCode) setBlocked(null);
        if (withVoucher) setVoucherBlocked(null);
        if (controller.signal.aborted) return;
        setPrice(answer.data);
        setPricedFor(request);
        setError(null);
      } catch (failure) {
        if (controller.signal.aborted) return;
        setPrice(null);
        setPricedFor(null);
        setError(failure);
      } finally {
        if (!controller.signal.aborted) setPricing(false);
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request, attempt]);

  const setCode = useCallback((next: string | null) => {
    writeCode(next);
    setCodeState(next);
  }, []);
  const reprice = useCallback(() => setAttempt((n) => n + 1), []);

  // A change is waiting to be priced from the render that made it, so nothing (the checkout's
  // Place order) acts on the figures of what the cart was before.
  const waiting = items.length > 0 && pricedFor !== request && error === null;
  return {
    price,
    current: price !== null && pricedFor === request && !pricing,
    pricing: pricing || waiting,
    error,
    blockedSeconds,
    code,
    setCode,
    voucher,
    setVoucher,
    voucherBlockedSeconds,
    reprice,
  };
}

/** Rupees on the wire as the cents the page formats. */
export function wireCents(rupees: number): number {
  return Math.round(rupees * 100);
}
