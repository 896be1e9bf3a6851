/**
 * Small formatters shared by the mail templates: HTML escaping, header-safe text, labels.
 */
import type { ItemType, PaymentMethod } from "../orders/model.ts";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML element content and quoted attribute values.
 *
 * @example escapeHtml("<b>Tom & Jerry</b>") === "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/** Collapses line breaks and runs of white space, so that text is safe in a mail header. */
export function singleLine(text: string): string {
  return text.replace(/[\r\n\t\f\v\u2028\u2029\s]+/g, " ").trim();
}

/** "Book" or "Stationery", as the shop names the kinds of items. */
export function itemTypeLabel(type: ItemType): string {
  return type === "book" ? "Book" : "Stationery";
}

/** How a payment method reads to a shopper. */
export function paymentLabel(method: PaymentMethod): string {
  return method === "COD" ? "Cash on Delivery (COD)" : "Bank Deposit";
}
