/**
 * The cart and checkout pages drawn by the server: the stored cart's cookie
 * (domain/cart/cookie.ts) names the lines, the shop draws each item as it sells it now and
 * prices the cart by the one pricing path (as POST /api/cart/price does: without a payment
 * method for the cart, with the checkout's first method for the checkout), so the page shows
 * the cart without the browser running React at load. The island then hydrates when used
 * (`drawn`, web/islands/names.ts).
 *
 * Drawn only when nothing would be said: every line's item still sold, with what the browser
 * last knew of it (the cookie's marks), within the copies one order may hold, and no discount
 * code kept (a code is the browser's to send). Otherwise the browser draws the cart, refreshes
 * it and tells the shopper what changed, as it always has.
 *
 * Without the cookie the cart is drawn empty (the browser drops the cookie when its cart
 * empties), and the island waits (`empty`): the browser starts React at once only when its
 * storage holds lines the cookie does not name (a cart stored before the cookie was written).
 */
import type { Catalogue } from "../../domain/ports.ts";
import { bookCartItem, type Cart, stationeryCartItem } from "../../domain/cart/cart.ts";
import { z } from "zod";
import {
  CART_COOKIE_MAX_LENGTH,
  cookieMatches,
  parseCartCookie,
} from "../../domain/cart/cookie.ts";
import { MAX_ORDER_LINES } from "../../contract/requests.ts";
import { MAX_INTEGER } from "../../contract/ids.ts";
import { cartHasPreorder, cartLineRequests } from "../../domain/cart/cart.ts";
import { withShownStock } from "../../domain/catalogue/stock.ts";
import { priceCart, type PriceCartDeps } from "../../domain/promotions/price_cart.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { recordFromWireOf } from "../../contract/record_wire.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import type { DrawnCart } from "../../web/islands/Cart.tsx";
import { bookRecord, stationeryRecord } from "../routes/answers.ts";
import { cartPriceRecord, PRICED_WITHOUT_METHOD, splitFeeOf } from "../routes/cart.ts";
import { paidByMethod } from "../../domain/orders/preorder_policy.ts";
import { ITEM_TYPES, PAYMENT_METHODS, type PaymentMethod } from "../../domain/orders/model.ts";

export type { DrawnCart };

export interface DrawCartDeps extends PriceCartDeps {
  catalogue: Pick<Catalogue, "findBook" | "findStationery">;
  /** The copies one order may hold, and the most stock a shopper is told. */
  maxPerLine: number;
}

/**
 * The cookie as the cart page takes it: the browser's writing (domain/cart/cookie.ts), no
 * more lines than an order holds, and no discount code kept (the code is the browser's to
 * send, so such a cart is the browser's to draw).
 */
const DRAWABLE = z.string().max(CART_COOKIE_MAX_LENGTH).transform(parseCartCookie).pipe(
  z.object({
    lines: z.array(z.object({
      type: z.enum(ITEM_TYPES),
      // An id the catalogue could hold (a larger one is no item: nothing to ask the database).
      id: z.number().int().positive().max(MAX_INTEGER),
      quantity: z.number().int().positive(),
      mark: z.string(),
    })).min(1).max(MAX_ORDER_LINES),
    withCode: z.literal(false),
  }),
);

const bookFromWire = recordFromWireOf(BOOK_FIELDS);
const stationeryFromWire = recordFromWireOf(STATIONERY_FIELDS);

/**
 * Draws the cart a cookie names, in `language` (empty without one); undefined when the
 * browser should draw it.
 * Priced as the cart page prices it (no method), or with `checkout`'s offered methods as the
 * checkout first prices it: by its first method, or the first that takes a pre-order.
 *
 * @example await drawCart(deps, "b12-2-1ug5iyk", "si") // { cart: [{ id: 12, quantity: 2, ... }], price: { total: 3700, ... } }
 */
export async function drawCart(
  deps: DrawCartDeps,
  cookie: string | undefined,
  language: Locale,
  checkout?: { methods: readonly PaymentMethod[] },
): Promise<DrawnCart | undefined> {
  // No cookie: nothing stored, as far as the shop can know (no price to give).
  if (cookie === undefined || cookie === "") return { cart: [] };
  const parsed = DRAWABLE.safeParse(cookie);
  if (!parsed.success) return undefined;
  const named = parsed.data;
  if (named.lines.some((line) => line.quantity > deps.maxPerLine)) return undefined;
  // Each item as the browser's refresh reads it: the storefront's record (stock capped as a
  // shopper is told it), back in the domain's terms.
  const items = await Promise.all(named.lines.map(async (line) => {
    if (line.type === "book") {
      const book = await deps.catalogue.findBook(line.id);
      return book &&
        bookCartItem(bookFromWire(wire(bookRecord(withShownStock(book, deps.maxPerLine)))));
    }
    const item = await deps.catalogue.findStationery(line.id);
    return item &&
      stationeryCartItem(
        stationeryFromWire(wire(stationeryRecord(withShownStock(item, deps.maxPerLine)))),
      );
  }));
  if (items.some((item) => item === undefined)) return undefined;
  const cart: Cart = items.map((item, i) => ({ ...item!, quantity: named.lines[i].quantity }));
  if (!cookieMatches(named.lines, cart)) return undefined;
  const method = checkout
    ? paidByMethod(PAYMENT_METHODS[0], cartHasPreorder(cart), checkout.methods)
    : null;
  const priced = await priceCart(deps, {
    items: cartLineRequests(cart),
    paymentMethod: method ?? PRICED_WITHOUT_METHOD,
  });
  if (priced.kind !== "priced") return undefined;
  const splitFeeCents = splitFeeOf(priced, method, deps.feeRules);
  return { cart, price: cartPriceRecord(priced, { method, language, splitFeeCents }) };
}

/** A record as the browser receives it (JSON). */
function wire<T>(record: T): T {
  return JSON.parse(JSON.stringify(record));
}
