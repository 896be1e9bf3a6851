/**
 * The stored cart's mirror in a cookie, so that the cart page can be drawn by the server: the
 * browser keeps the cart in localStorage (web/lib/cart_store.ts) and writes this beside it on
 * every change. It names each line's item and quantity and a mark of what the browser last
 * knew of the item (title, price, stock, weight, image, pre-order): the server, which draws
 * the item as the shop sells it now, draws the cart only when every mark still matches, which
 * is when the browser's own refresh would have changed nothing and said nothing. It also says
 * whether a discount code is kept with the cart (the code itself stays in the browser).
 *
 * @example cartCookieValue([{ type: "book", id: 12, quantity: 2, ... }], false) // "b12-2-1x9k3a"
 */
import type { ItemType } from "../orders/model.ts";
import { type Cart, type CartLine, lineKey } from "./line.ts";

/** The cookie's name. */
export const CART_COOKIE = "cart-lines";

/** A cookie longer than this is not written (the cart page is then drawn by the browser). */
export const CART_COOKIE_MAX_LENGTH = 2_000;

const TYPE_OF: Record<string, ItemType> = { b: "book", s: "stationery" };
const LINE = /^([bs])([1-9]\d{0,9})-([1-9]\d{0,5})-([0-9a-z]{1,7})$/;
const WITH_CODE = "c~";

/** One line as the cookie names it. */
export interface CookieLine {
  type: ItemType;
  id: number;
  quantity: number;
  /** `lineMark` of the line as the browser stored it. */
  mark: string;
}

export interface CartCookie {
  lines: CookieLine[];
  /** A discount code is kept with the cart. */
  withCode: boolean;
}

/**
 * A short mark of what a line says of its item (not its quantity): FNV-1a over the fields'
 * JSON, base 36. The same in every JavaScript engine (UTF-16 code units).
 */
export function lineMark(line: Omit<CartLine, "quantity">): string {
  const text = JSON.stringify([
    line.title,
    line.unitPriceCents,
    line.stock,
    line.weightGrams,
    line.image,
    line.preorder,
    line.preorderDate ?? null,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The cookie's value for `cart`; "" for an empty cart, and undefined when it would be too
 * long to keep (the cookie is then dropped).
 */
export function cartCookieValue(cart: Cart, withCode: boolean): string | undefined {
  if (cart.length === 0) return "";
  const lines = cart.map((line) =>
    // The kind's first letter: b(ook), s(tationery).
    `${line.type[0]}${line.id}-${line.quantity}-${lineMark(line)}`
  );
  const value = (withCode ? WITH_CODE : "") + lines.join(".");
  return value.length <= CART_COOKIE_MAX_LENGTH ? value : undefined;
}

/** The cookie read back; undefined for anything the browser's code did not write. */
export function parseCartCookie(value: string | undefined): CartCookie | undefined {
  if (!value || value.length > CART_COOKIE_MAX_LENGTH) return undefined;
  const withCode = value.startsWith(WITH_CODE);
  const lines: CookieLine[] = [];
  const seen = new Set<string>();
  for (const part of (withCode ? value.slice(WITH_CODE.length) : value).split(".")) {
    const match = LINE.exec(part);
    if (!match) return undefined;
    const line = {
      type: TYPE_OF[match[1]],
      id: Number(match[2]),
      quantity: Number(match[3]),
      mark: match[4],
    };
    if (seen.has(lineKey(line))) return undefined;
    seen.add(lineKey(line));
    lines.push(line);
  }
  return { lines, withCode };
}

/**
 * Whether `cart` (lines as the shop sells their items now, in the cookie's order) is what the
 * cookie names: the same items, quantities and marks.
 */
export function cookieMatches(cookie: readonly CookieLine[], cart: Cart): boolean {
  return cookie.length === cart.length &&
    cookie.every((line, i) =>
      lineKey(line) === lineKey(cart[i]) && line.quantity === cart[i].quantity &&
      line.mark === lineMark(cart[i])
    );
}
