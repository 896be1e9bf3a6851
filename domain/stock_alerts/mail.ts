/**
 * What a back-in-stock mail says, decided when it is sent: the product as it is now (its
 * name, what one copy costs on the shelf, its page) in the language the shopper asked in,
 * and the links that stop these mails. A request whose address unsubscribed, or whose
 * product is no longer sold, gets no mail.
 */
import type { Book, StationeryItem } from "../catalogue/model.ts";
import { localizedPath } from "../i18n/language.ts";
import type { BackInStockMail } from "../notifications/mail.ts";
import type { ShelfPrice } from "../promotions/shelf_price.ts";
import type { ShopInfo } from "../shop.ts";
import type { StoredStockRequest } from "./ports.ts";
import { unsubscribeToken } from "./rules.ts";

/** The product a mail names: a book or a stationery item as the shop sells it now. */
export type MailedProduct = { type: "book"; book: Book } | {
  type: "stationery";
  item: StationeryItem;
};

/** Why a request gets no mail. */
export type NoMail = "unsubscribed" | "not_on_sale";

/** The path of the page that stops back-in-stock mails (served in every language). */
export const UNSUBSCRIBE_PAGE = "/stock-alerts/unsubscribe";

/**
 * The mail of `request`, or why none goes: its product (undefined when archived or
 * erased), its shelf price now, and the request's signed token (`unsubscribeToken`).
 *
 * @example backInStockMail(request, { type: "book", book }, { shop, shelf, signature }).product.url
 *   // "https://pothgula.lk/si/books/3"
 */
export function backInStockMail(
  request: StoredStockRequest,
  product: MailedProduct | undefined,
  context: { shop: ShopInfo; shelf: ShelfPrice | null; signature: string },
): BackInStockMail | NoMail {
  if (request.unsubscribedAt !== null) return "unsubscribed";
  if (!product) return "not_on_sale";
  const base = context.shop.publicUrl.replace(/\/+$/, "");
  const page = (path: string) => `${base}${localizedPath(request.language, path)}`;
  const token = encodeURIComponent(unsubscribeToken(request.id, context.signature));
  const record = product.type === "book" ? product.book : product.item;
  const priceCents = context.shelf?.unitCents ?? record.priceCents;
  return {
    kind: "back_in_stock",
    to: request.email,
    language: request.language,
    product: {
      type: product.type,
      title: record.title,
      priceCents,
      usualCents: record.priceCents > priceCents ? record.priceCents : null,
      url: product.type === "book"
        ? page(`/books/${record.id}`)
        : `${page("/stationery")}?q=${encodeURIComponent(record.title)}`,
    },
    unsubscribePage: `${page(UNSUBSCRIBE_PAGE)}?token=${token}`,
    unsubscribeUrl: `${base}/api/stock-alerts/unsubscribe?token=${token}`,
  };
}
