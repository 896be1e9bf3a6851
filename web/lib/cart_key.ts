/**
 * Where the browser keeps the cart (web/lib/cart_store.ts): apart, so that the storefront's
 * entry can tell whether the cart holds anything without loading the cart's code.
 */

/** The browser's localStorage key the cart lives under (the browser's business, not a rule). */
export const CART_STORAGE_KEY = "cart";

/** The event a write of the cart sends to the page's own listeners. */
export const CART_CHANGED_EVENT = "pothgula:cart";
