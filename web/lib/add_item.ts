/** Putting an item in the stored cart, with the notice the shopper sees. */
import { addToCart, type CartItem, lineKey } from "../../domain/cart/cart.ts";
import { readCart, writeCart } from "./cart_store.ts";
import type { I18n } from "../i18n/mod.ts";
import { refusalText } from "./cart_words.ts";

export interface AddOutcome {
  ok: boolean;
  /** The notice in the page's language. */
  message: string;
}

/** How many of an item the stored cart already holds. */
export function quantityInCart(item: Pick<CartItem, "type" | "id">): number {
  return readCart().find((line) => lineKey(line) === lineKey(item))?.quantity ?? 0;
}

/** Puts `quantity` of an item in the stored cart, up to its stock and `maxPerLine` copies. */
export function addItemToCart(
  i18n: I18n,
  item: CartItem,
  quantity: number,
  maxPerLine: number,
): AddOutcome {
  const change = addToCart(readCart(), item, quantity, maxPerLine);
  const refused = refusalText(i18n, change, item);
  if (refused !== undefined) return { ok: false, message: refused };
  writeCart(change.cart);
  return { ok: true, message: i18n.t("cart.added", { quantity, title: item.title }) };
}
