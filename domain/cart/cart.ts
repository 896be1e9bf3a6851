/**
 * The shopper's cart, kept in the browser. Every function is pure and returns a new
 * cart; none changes the one it is given. Lines merge by item kind and id; a quantity
 * runs from 1 up to the line's stock.
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
 * Puts `quantity` of an item into the cart, merging with its line when there is one
 * (and taking the item's fresh price and stock). Refused, with the cart unchanged, when
 * the line would go above the stock. A quantity below 1 counts as 1.
 *
 * @example addToCart([], pen, 2) // { kind: "ok", cart: [{ ...pen, quantity: 2 }] }
 */
export function addToCart(cart: Cart, item: CartItem, quantity: number): CartChange {
  const adding = Number.isSafeInteger(quantity) && quantity > 1 ? quantity : 1;
  const key = lineKey(item);
  const existing = cart.find((line) => lineKey(line) === key);
  const wanted = (existing?.quantity ?? 0) + adding;
  if (wanted > item.stock) return refused(cart, item.stock);
  const line: CartLine = { ...pickItem(item), quantity: wanted };
  const next = existing ? cart.map((l) => lineKey(l) === key ? line : l) : [...cart, line];
  return { kind: "ok", cart: next };
}

/** One more of a line; refused at its stock (the shopper reads 'Insufficient stock'). */
export function increment(cart: Cart, key: string): CartChange {
  const line = cart.find((l) => lineKey(l) === key);
  if (!line) return { kind: "ok", cart };
  if (line.quantity + 1 > line.stock) return refused(cart, line.stock);
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
 * 'Only {stock} in stock'), or the item is sold out ('Sold out').
 */
export type CheckoutProblem =
  | { key: string; kind: "only_in_stock"; stock: number }
  | { key: string; kind: "sold_out" };

/**
 * What stops checkout: every line above its stock. Empty when the cart may go to checkout.
 *
 * @example checkoutProblems([{ ...pen, stock: 2, quantity: 4 }]) // [{ key: "stationery:3", kind: "only_in_stock", stock: 2 }]
 */
export function checkoutProblems(cart: Cart): CheckoutProblem[] {
  return cart
    .filter((line) => line.quantity > line.stock)
    .map((line): CheckoutProblem =>
      line.stock > 0
        ? { key: lineKey(line), kind: "only_in_stock", stock: line.stock }
        : { key: lineKey(line), kind: "sold_out" }
    );
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

function refused(cart: Cart, stock: number): CartChange {
  return { kind: "insufficient_stock", cart, stock };
}
