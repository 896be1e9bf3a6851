/** Putting an item in the stored cart, with the notice the shopper sees. */
import { addToCart, type CartItem } from "../../domain/cart/cart.ts";
import { readCart, writeCart } from "./cart_store.ts";

export interface AddOutcome {
  ok: boolean;
  message: string;
}

export function addItemToCart(item: CartItem, quantity: number): AddOutcome {
  const change = addToCart(readCart(), item, quantity);
  if (change.kind !== "ok") return { ok: false, message: change.message };
  writeCart(change.cart);
  return { ok: true, message: `Added ${quantity} × ${item.title} to your cart` };
}
