/**
 * The shopper's cart, kept in the browser. Every function is pure and returns a new
 * cart; none changes the one it is given. Lines merge by item kind and id; a quantity
 * runs from 1 up to the line's ceiling: its stock, and the copies one order may hold
 * (`maxPerLine`, the shop's `MAX_LINE_QUANTITY`, which the pages hand the browser).
 */
import type { Cents, Grams } from "../money.ts";
import type { LineRequest } from "../orders/model.ts";
import {
  type Cart,
  type CartChange,
  type CartItem,
  type CartLine,
  lineKey,
  pickItem,
} from "./line.ts";

export {
  type Cart,
  type CartChange,
  type CartItem,
  type CartLine,
  lineKey,
  pickItem,
} from "./line.ts";
export {
  bookCartItem,
  type CartRefresh,
  parseStoredCart,
  refreshCart,
  stationeryCartItem,
} from "./stored.ts";

/**
 * The most of an item a line may hold: what the shop has, and no more than one order may
 * hold. Without `maxPerLine`, the stock alone.
 *
 * @example lineCeiling({ stock: 23 }, 20) // 20
 * @example lineCeiling({ stock: 3 }, 20) // 3
 */
export function lineCeiling(item: Pick<CartItem, "stock">, maxPerLine = Infinity): number {
  return Math.max(0, Math.min(item.stock, maxPerLine));
}

/**
 * What stops a line at its ceiling: the stock when it is below the copies one order may
 * hold, else that limit. Shoppers are shown at most the limit as stock, so a stock equal to
 * it may stand for more: the limit is then the true reason.
 *
 * @example stoppedBy(3, 20) // "stock"
 * @example stoppedBy(20, 20) // "limit"
 */
export function stoppedBy(stock: number, maxPerLine = Infinity): "stock" | "limit" {
  return stock < maxPerLine ? "stock" : "limit";
}

/**
 * Puts `quantity` of an item into the cart, merging with its line when there is one
 * (and taking the item's fresh price and stock). Refused, with the cart unchanged, when
 * the line would go above the stock or above `maxPerLine` copies. A quantity below 1 counts
 * as 1.
 *
 * @example addToCart([], pen, 2) // { kind: "ok", cart: [{ ...pen, quantity: 2 }] }
 * @example addToCart([], { ...pen, stock: 50 }, 21, 20) // { kind: "line_limit", cart: [], max: 20 }
 */
export function addToCart(
  cart: Cart,
  item: CartItem,
  quantity: number,
  maxPerLine = Infinity,
): CartChange {
  const adding = Number.isSafeInteger(quantity) && quantity > 1 ? quantity : 1;
  const key = lineKey(item);
  const existing = cart.find((line) => lineKey(line) === key);
  const wanted = (existing?.quantity ?? 0) + adding;
  if (wanted > lineCeiling(item, maxPerLine)) return refused(cart, item, maxPerLine);
  const line: CartLine = { ...pickItem(item), quantity: wanted };
  const next = existing ? cart.map((l) => lineKey(l) === key ? line : l) : [...cart, line];
  return { kind: "ok", cart: next };
}

/** One more of a line; refused at its stock, or at `maxPerLine` copies. */
export function increment(cart: Cart, key: string, maxPerLine = Infinity): CartChange {
  const line = cart.find((l) => lineKey(l) === key);
  if (!line) return { kind: "ok", cart };
  if (line.quantity + 1 > lineCeiling(line, maxPerLine)) return refused(cart, line, maxPerLine);
  return { kind: "ok", cart: withQuantity(cart, key, line.quantity + 1) };
}

/** One fewer of a line, never below 1 (Remove takes a line out). */
export function decrement(cart: Cart, key: string): Cart {
  const line = cart.find((l) => lineKey(l) === key);
  if (!line || line.quantity <= 1) return cart;
  return withQuantity(cart, key, line.quantity - 1);
}

export function removeLine(cart: Cart, key: string): Cart {
  return cart.filter((line) => lineKey(line) !== key);
}

/**
 * Why a line cannot go to checkout: it asks for more than the shop has (the shopper reads
 * 'Only {stock} in stock'), the item is sold out ('Sold out'), or it holds more copies
 * than one order may (`max`).
 */
export type CheckoutProblem =
  | { key: string; title: string; kind: "only_in_stock"; stock: number }
  | { key: string; title: string; kind: "sold_out" }
  | { key: string; title: string; kind: "line_limit"; max: number };

/**
 * What stops checkout: every line above its stock or above `maxPerLine` copies. Empty when
 * the cart may go to checkout.
 *
 * @example checkoutProblems([{ ...pen, stock: 2, quantity: 4 }]) // [{ key: "stationery:3", title: "Pen", kind: "only_in_stock", stock: 2 }]
 */
export function checkoutProblems(cart: Cart, maxPerLine = Infinity): CheckoutProblem[] {
  return cart
    .filter((line) => line.quantity > lineCeiling(line, maxPerLine))
    .map((line): CheckoutProblem => {
      const named = { key: lineKey(line), title: line.title };
      if (line.stock <= 0) return { ...named, kind: "sold_out" };
      return line.quantity > line.stock && stoppedBy(line.stock, maxPerLine) === "stock"
        ? { ...named, kind: "only_in_stock", stock: line.stock }
        : { ...named, kind: "line_limit", max: maxPerLine };
    });
}

/** The number the cart icon shows: all units of all lines. */
export function cartQuantity(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum of unit price x quantity, before delivery. */
export function cartTotalCents(cart: Cart): Cents {
  return cart.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

export function cartWeightGrams(cart: Cart): Grams {
  return cart.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
}

/** Whether any line is a pre-order book (then only Bank Deposit is offered). */
export function cartHasPreorder(cart: Cart): boolean {
  return cart.some((line) => line.preorder);
}

/** The items of the order payload: `{ type, id, quantity }` per line. */
export function cartLineRequests(cart: Cart): LineRequest[] {
  return cart.map(({ type, id, quantity }) => ({ type, id, quantity }));
}

function withQuantity(cart: Cart, key: string, quantity: number): Cart {
  return cart.map((line) => lineKey(line) === key ? { ...line, quantity } : line);
}

/** Why a line cannot grow: the stock when it is the lower bound, else the order's limit. */
function refused(cart: Cart, item: Pick<CartItem, "stock">, maxPerLine: number): CartChange {
  return stoppedBy(item.stock, maxPerLine) === "stock"
    ? { kind: "insufficient_stock", cart, stock: item.stock }
    : { kind: "line_limit", cart, max: maxPerLine };
}
