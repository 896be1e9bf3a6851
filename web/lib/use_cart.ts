/** The stored cart as island state: read after hydration, refreshed from the shop, saved on change. */
import { useCallback, useEffect, useState } from "react";
import type { Cart } from "../../domain/cart/cart.ts";
import { readCart, subscribeCart, writeCart } from "./cart_store.ts";
import { refreshFromShop } from "./refresh_cart.ts";
import { type CartNotice, changedLines, refreshNotices } from "./cart_words.ts";
import { useI18n } from "../i18n/mod.ts";

export function useStoredCart() {
  // null until the browser's copy is read: the server renders the loading state.
  const [cart, setCartState] = useState<Cart | null>(null);
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
    refresh();
    return subscribeCart(() => setCartState(readCart()));
  }, [refresh]);

  return { cart, setCart, notices, setNotices, refreshing, refresh };
}
