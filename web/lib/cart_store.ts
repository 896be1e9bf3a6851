/**
 * The cart in localStorage under `cart`. Each stored line is the cart line of
 * domain/cart plus the item's wire fields (price in rupees, weight in kg, images or
 * image), so the record reads like the shop's item with a quantity and a type. Writing
 * tells every island on the page (and other tabs, through the storage event), and mirrors
 * the lines in a cookie (domain/cart/cookie.ts) from which the server draws the cart page.
 */
import { type Cart, type CartLine, parseStoredCart } from "../../domain/cart/cart.ts";
import { centsToRupees, gramsToKg } from "../../domain/money.ts";
import { CART_COOKIE, cartCookieValue } from "../../domain/cart/cookie.ts";
import { SHOP_LANGUAGES, UNPREFIXED_LOCALE } from "../../domain/i18n/language.ts";

import { CART_CHANGED_EVENT as CHANGED, CART_STORAGE_KEY } from "./cart_key.ts";

export { CART_STORAGE_KEY };

/** The discount code the shopper applied, kept beside the cart until it is removed or ordered. */
export const CODE_STORAGE_KEY = "cart-code";

/** A line as stored: the domain's line and the wire fields a reader of the record expects. */
export function storedLine(line: CartLine): Record<string, unknown> {
  const media = line.type === "book"
    ? { images: line.image ? [line.image] : [] }
    : { image: line.image };
  return {
    ...line,
    ...media,
    price: centsToRupees(line.unitPriceCents),
    weight: gramsToKg(line.weightGrams),
  };
}

export function readCart(): Cart {
  try {
    return parseStoredCart(globalThis.localStorage?.getItem(CART_STORAGE_KEY) ?? "[]");
  } catch {
    return []; // Storage blocked (private mode, policy): an empty cart.
  }
}

export function writeCart(cart: Cart): void {
  try {
    globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(cart.map(storedLine)));
    mirror(cart, readCode() !== null);
  } catch {
    // Storage full or blocked: the cart lives on this page only.
    mirror([], false);
  }
  globalThis.dispatchEvent?.(new CustomEvent(CHANGED));
}

/**
 * Writes the cart's cookie for a year, or drops it for an empty cart, one too long to mirror,
 * or one that is not stored. It goes with the cart's and the checkout's requests only (their
 * paths in each language), and over https only where the shop is served so.
 */
function mirror(cart: Cart, withCode: boolean): void {
  if (typeof document === "undefined") return;
  const value = cartCookieValue(cart, withCode);
  const kept = value ? `${value}; Max-Age=31536000` : "; Max-Age=0";
  const secure = location.protocol === "https:" ? "; Secure" : "";
  for (const language of SHOP_LANGUAGES) {
    for (const page of ["/cart", "/checkout"]) {
      const path = language === UNPREFIXED_LOCALE ? page : `/${language}${page}`;
      document.cookie = `${CART_COOKIE}=${kept}; Path=${path}; SameSite=Lax${secure}`;
    }
  }
}

/** Calls `listener` whenever the cart changes here or in another tab. */
export function subscribeCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  addEventListener(CHANGED, listener);
  addEventListener("storage", onStorage);
  return () => {
    removeEventListener(CHANGED, listener);
    removeEventListener("storage", onStorage);
  };
}

/** The discount code kept with the cart; null when none. */
export function readCode(): string | null {
  try {
    const code = globalThis.localStorage?.getItem(CODE_STORAGE_KEY) ?? null;
    return code && /^[A-Za-z0-9-]{3,32}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** Keeps `code` with the cart (null forgets it), for the cart, checkout and other tabs. */
export function writeCode(code: string | null): void {
  try {
    if (code === null) globalThis.localStorage?.removeItem(CODE_STORAGE_KEY);
    else globalThis.localStorage?.setItem(CODE_STORAGE_KEY, code);
    mirror(readCart(), code !== null);
  } catch {
    // Storage blocked: the code lives on this page only.
  }
}
