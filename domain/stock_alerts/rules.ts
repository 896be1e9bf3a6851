/**
 * Back in stock: a shopper leaves an e-mail address on a product that cannot be bought now
 * (sold out, or a pre-order whose copies have not come) to be told once when it can be
 * bought again. These are the rules every store of the requests keeps: when a product can
 * be asked about, when it has come back, and the token of a request's unsubscribe link.
 */
import type { ItemType } from "../orders/model.ts";
import type { Locale } from "../i18n/language.ts";
import { normalizeEmail } from "../accounts/email.ts";

/** The product a request waits for: a book or a stationery item, by id. */
export interface AlertProduct {
  kind: ItemType;
  id: number;
}

/** A shopper's request, as the shop keeps it: the address trimmed and lower-cased. */
export interface NewStockRequest {
  product: AlertProduct;
  email: string;
  /** The language the shopper asked in: their mail is written in it. */
  language: Locale;
}

/** What a product's state is to a request: its stock and whether it is still on sale. */
export interface ProductState {
  stock: number;
  archived: boolean;
}

/** Why a request is refused: the product is orderable now, no longer sold, or unknown. */
export type RequestRefusal = "orderable" | "not_on_sale" | "not_found";

/** What asking comes to: waiting (a new request, or one that was waiting already), or refused. */
export type RequestOutcome = { kind: "waiting" } | { kind: RequestRefusal };

/**
 * Whether a shopper can buy the product now: on sale, with stock above 0. A pre-order
 * book is sold against its stock like any other, so one with no copies is not orderable.
 *
 * @example orderable({ stock: 2, archived: false }) // true
 * @example orderable({ stock: 0, archived: false }) // false
 */
export function orderable(product: ProductState): boolean {
  return !product.archived && product.stock > 0;
}

/**
 * Whether a change of a product brings it back: it could not be bought before and can
 * now. The triggers of migration 0035 repeat this rule in SQL.
 *
 * @example backInStock({ stock: 0, archived: false }, { stock: 3, archived: false }) // true
 * @example backInStock({ stock: 1, archived: false }, { stock: 3, archived: false }) // false
 */
export function backInStock(before: ProductState, after: ProductState): boolean {
  return !orderable(before) && orderable(after);
}

/**
 * Why a request for a product in this state is refused, or undefined when it may wait:
 * an unknown product, one no longer sold (archived) and one that can be bought now are
 * refused.
 *
 * @example requestRefusal(undefined) // "not_found"
 * @example requestRefusal({ stock: 0, archived: true }) // "not_on_sale"
 * @example requestRefusal({ stock: 4, archived: false }) // "orderable"
 * @example requestRefusal({ stock: 0, archived: false }) // undefined
 */
export function requestRefusal(product: ProductState | undefined): RequestRefusal | undefined {
  if (!product) return "not_found";
  if (product.archived) return "not_on_sale";
  return orderable(product) ? "orderable" : undefined;
}

/**
 * A request as it is kept: the address trimmed and lower-cased, so that one shopper asking
 * twice with "Nimal@Mail.lk " and "nimal@mail.lk" waits once.
 *
 * @example stockRequest({ kind: "book", id: 3 }, " Nimal@Mail.LK", "si").email // "nimal@mail.lk"
 */
export function stockRequest(
  product: AlertProduct,
  email: string,
  language: Locale,
): NewStockRequest {
  return { product, email: normalizeEmail(email), language };
}

/**
 * What the unsubscribe link's token is made from: the request's id under a label of its
 * own, signed with the shop's secret (OrderKeys.keyFor), so no other key is ever the same.
 *
 * @example unsubscribeSalt(42) // "stock-request:42"
 */
export function unsubscribeSalt(requestId: number): string {
  return `stock-request:${requestId}`;
}

/**
 * The unsubscribe token of request `requestId`: its id and its signature.
 *
 * @example unsubscribeToken(42, "sig") // "42.sig"
 */
export function unsubscribeToken(requestId: number, signature: string): string {
  return `${requestId}.${signature}`;
}

/**
 * The request id and signature a token names, or undefined for text that is no token.
 *
 * @example readUnsubscribeToken("42.sig") // { requestId: 42, signature: "sig" }
 * @example readUnsubscribeToken("x.sig") // undefined
 */
export function readUnsubscribeToken(
  token: string,
): { requestId: number; signature: string } | undefined {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{16,100})$/.exec(token);
  if (!match) return undefined;
  const requestId = Number(match[1]);
  return Number.isSafeInteger(requestId) ? { requestId, signature: match[2] } : undefined;
}

/**
 * Whether two texts are equal, taking the same time whatever the first difference: a
 * token's signature cannot be found a character at a time.
 *
 * @example sameText("abc", "abc") // true
 */
export function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
