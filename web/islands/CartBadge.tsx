/** The number beside the cart icon: every unit in the cart, kept current across tabs. */
import { useEffect, useState } from "react";
import { cartQuantity } from "../../domain/cart/cart.ts";
import { readCart, subscribeCart } from "../lib/cart_store.ts";

export function CartBadge(_props: Record<string, never>) {
  // Unknown on the server: the first render matches the server's (empty) markup.
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setCount(cartQuantity(readCart()));
    update();
    return subscribeCart(update);
  }, []);
  return (
    <span className="cart-count" aria-live="polite">
      {count
        ? (
          <span>
            {count}
            <span className="visually-hidden">{count === 1 ? " item" : " items"}</span>
          </span>
        )
        : null}
    </span>
  );
}
