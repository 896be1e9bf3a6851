/**
 * The stored cart as island state: read after hydration, refreshed from the shop, saved on
 * change. A cart the server drew (`drawn`, from the cart's cookie) is the state from the
 * first render; it is not asked of the shop again while the browser's copy is the same.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Cart } from "../../domain/cart/cart.ts";
import { cartCookieValue } from "../../domain/cart/cookie.ts";
import { readCart, subscribeCart, writeCart } from "./cart_store.ts";
import { refreshFromShop } from "./refresh_cart.ts";
import { type CartNotice, changedLines, refreshNotices } from "./cart_words.ts";
import { useI18n } from "../i18n/mod.ts";

export function useStoredCart(drawn?: Cart) {
  // null until the browser's copy is read: the server renders the loading state (or the cart
  // it drew).
  const [cart, setCartState] = useState<Cart | null>(drawn ?? null);
  const [notices, setNotices] = useState<CartNotice[]>([]);
  const [refreshing, setRefreshing] = useState(false);
  const { lkr } = useI18n();

  const setCart = useCallback((next: Cart) => {
    writeCart(next);
    setCartState(next);
  }, []);

  // The refresh under way, if any: what a press made meanwhile waits for (settled()).
  const pending = useRef<Promise<Cart> | null>(null);

  const ask = useCallback(async (): Promise<Cart> => {
    const stored = readCart();
    setCartState(stored);
    if (stored.length === 0) return stored;
    setRefreshing(true);
    try {
      const result = await refreshFromShop(stored);
      writeCart(result.cart);
      setCartState(result.cart);
      setNotices(
        refreshNotices(
          result.removed,
          changedLines(stored, result.cart, result.changed),
          result.unchecked,
          lkr,
        ),
      );
      return result.cart;
    } finally {
      setRefreshing(false);
    }
  }, [lkr]);

  const refresh = useCallback((): Promise<Cart> => {
    const run = ask();
    pending.current = run;
    const clear = () => {
      if (pending.current === run) pending.current = null;
    };
    run.then(clear, clear);
    return run;
  }, [ask]);

  /**
   * The cart once the refresh under way has answered, else the browser's copy now: a press
   * while the shop is asked is answered after it, never dropped (a refresh that failed leaves
   * the browser's copy).
   */
  const settled = useCallback(
    (): Promise<Cart> => (pending.current ?? Promise.resolve(readCart())).catch(() => readCart()),
    [],
  );

  useEffect(() => {
    // The server drew this very cart from the shop moments ago: nothing to ask again.
    if (!drawn || !sameCart(readCart(), drawn)) refresh();
    return subscribeCart(() => setCartState(readCart()));
  }, [refresh]);

  return { cart, setCart, notices, setNotices, refreshing, refresh, settled };
}

/** Whether the browser's cart is the one the server drew (items, quantities, what it knew). */
function sameCart(stored: Cart, drawn: Cart): boolean {
  return cartCookieValue(stored, false) === cartCookieValue(drawn, false);
}
