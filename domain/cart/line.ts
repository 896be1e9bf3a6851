/** A cart line and its key: the shape the cart is stored in. */
import type { Cents, Grams } from "../money.ts";
import type { ItemType } from "../orders/model.ts";

export interface CartLine {
  type: ItemType;
  id: number;
  title: string;
  unitPriceCents: Cents;
  stock: number;
  /** Per unit. */
  weightGrams: Grams;
  /** The first image of a book, the image of a stationery item. */
  image: string | null;
  preorder: boolean;
  /** A pre-ordered book's expected date (YYYY-MM-DD), when the shop has set one. */
  preorderDate?: string;
  quantity: number;
}

export type Cart = CartLine[];

/** What the shop says about an item when it goes into the cart. */
export type CartItem = Omit<CartLine, "quantity">;

/**
 * The result of a change that stock can refuse; a refused change leaves the cart as it was
 * and says how many the shop has (the storefront words it in the shopper's language).
 */
export type CartChange =
  | { kind: "ok"; cart: Cart }
  | { kind: "insufficient_stock"; cart: Cart; stock: number }
  /** One order holds at most `max` copies of an item (`MAX_LINE_QUANTITY`). */
  | { kind: "line_limit"; cart: Cart; max: number };

/** @example lineKey({ type: "book", id: 12 }) // "book:12" */
export function lineKey(line: { type: ItemType; id: number }): string {
  return `${line.type}:${line.id}`;
}

/** Only the cart's own fields, whatever else the caller's object carries. */
export function pickItem(item: CartItem): CartItem {
  const { type, id, title, unitPriceCents, stock, weightGrams, image, preorder } = item;
  const picked: CartItem = { type, id, title, unitPriceCents, stock, weightGrams, image, preorder };
  if (
    preorder && typeof item.preorderDate === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(item.preorderDate)
  ) {
    picked.preorderDate = item.preorderDate;
  }
  return picked;
}
