/**
 * The stored cart as island state: read after hydration, refreshed from the shop, saved on
 * change. A cart the server drew (`drawn`, from the cart's cookie) is the state from the
 * first render; it is not asked of the shop again while the browser's copy is the same.
 */
import { useCallback, useEffect, useState } from "react";
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

  const refresh = useCallback(async (): Promise<Cart> => {
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

  useEffect(() => {
    // The server drew this very cart from the shop moments ago: nothing to ask again.
    if (!drawn || !sameCart(readCart(), drawn)) refresh();
    return subscribeCart(() => setCartState(readCart()));
  }, [refresh]);

  return { cart, setCart, notices, setNotices, refreshing, refresh };
}

/** Whether the browser's cart is the one the server drew (items, quantities, what it knew). */
function sameCart(stored: Cart, drawn: Cart): boolean {
  return cartCookieValue(stored, false) === cartCookieValue(drawn, false);
}
