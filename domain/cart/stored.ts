/**
 * The cart between visits: read back from localStorage (which may hold anything: an
 * older shape, a hand edit, half a write) and brought up to date with the shop.
 */
import type { Book, StationeryItem } from "../catalogue/model.ts";
import { ITEM_TYPES } from "../orders/model.ts";
import { type Cart, type CartItem, type CartLine, lineKey, pickItem } from "./line.ts";

/**
 * The cart stored as JSON (the parsed value or its text). Lines that are not valid are
 * dropped, unknown fields ignored, and a second line for the same item is dropped;
 * anything that is not a list gives an empty cart. Never throws.
 */
export function parseStoredCart(json: unknown): Cart {
  const value = typeof json === "string" ? parseJson(json) : json;
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const cart: Cart = [];
  for (const candidate of value) {
    const line = toCartLine(candidate);
    if (!line || seen.has(lineKey(line))) continue;
    seen.add(lineKey(line));
    cart.push(line);
  }
  return cart;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toCartLine(value: unknown): CartLine | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const valid = (ITEM_TYPES as readonly unknown[]).includes(v.type) &&
    isCount(v.id) && (v.id as number) >= 1 &&
    typeof v.title === "string" &&
    isCount(v.unitPriceCents) && isCount(v.stock) && isCount(v.weightGrams) &&
    (v.image === null || typeof v.image === "string") &&
    typeof v.preorder === "boolean" &&
    isCount(v.quantity) && (v.quantity as number) >= 1;
  if (!valid) return undefined;
  return { ...pickItem(v as unknown as CartItem), quantity: v.quantity as number };
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

export interface CartRefresh {
  cart: Cart;
  /** Lines whose item the shop no longer sells. */
  removed: CartLine[];
  /** Keys of lines whose price, stock, title, weight, image or pre-order state moved. */
  changed: string[];
}

/**
 * Takes the shop's current price, stock and details for every line, keeping each
 * quantity (a line now above its stock shows up in `checkoutProblems`), and drops the
 * lines the shop no longer sells.
 */
export function refreshCart(cart: Cart, current: readonly CartItem[]): CartRefresh {
  const byKey = new Map(current.map((item) => [lineKey(item), item]));
  const removed: CartLine[] = [];
  const changed: string[] = [];
  const next: Cart = [];
  for (const line of cart) {
    const item = byKey.get(lineKey(line));
    if (!item) {
      removed.push(line);
      continue;
    }
    const fresh: CartLine = { ...pickItem(item), quantity: line.quantity };
    if (differs(line, fresh)) changed.push(lineKey(line));
    next.push(fresh);
  }
  return { cart: next, removed, changed };
}

function differs(a: CartLine, b: CartLine): boolean {
  return a.title !== b.title || a.unitPriceCents !== b.unitPriceCents || a.stock !== b.stock ||
    a.weightGrams !== b.weightGrams || a.image !== b.image || a.preorder !== b.preorder ||
    a.preorderDate !== b.preorderDate;
}

/** A book as it goes into the cart: its first image, if any. */
export function bookCartItem(book: Book): CartItem {
  return {
    type: "book",
    id: book.id,
    title: book.title,
    unitPriceCents: book.priceCents,
    stock: book.stock,
    weightGrams: book.weightGrams,
    image: book.images[0] ?? null,
    preorder: book.preorder,
    ...(book.preorder && book.preorderDate ? { preorderDate: book.preorderDate.slice(0, 10) } : {}),
  };
}

/** A stationery item as it goes into the cart. */
export function stationeryCartItem(item: StationeryItem): CartItem {
  return {
    type: "stationery",
    id: item.id,
    title: item.title,
    unitPriceCents: item.priceCents,
    stock: item.stock,
    weightGrams: item.weightGrams,
    image: item.image,
    preorder: false,
  };
}
