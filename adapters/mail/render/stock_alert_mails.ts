/** The back-in-stock mail, in the language the shopper asked in. */
import type { BackInStockMail } from "../../../domain/notifications/mail.ts";
import type { Words } from "../../i18n/words.ts";
import { bareLink, buttonLink, detailRows, paragraph } from "./blocks.ts";
import type { Written } from "./customer_mails.ts";

/**
 * The subject and blocks of a back-in-stock mail: the product, what one copy costs now
 * (and its usual price when more), its page, and the unsubscribe link.
 */
export function writeStockAlertMail(
  words: Words,
  shopName: string,
  mail: BackInStockMail,
): Written {
  const { product } = mail;
  const title = { shop: shopName, title: product.title };
  const prices: [string, string][] = [[
    words.t("mail.backInStock.price"),
    words.lkr(product.priceCents),
  ]];
  if (product.usualCents !== null) {
    prices.push([words.t("mail.backInStock.usualPrice"), words.lkr(product.usualCents)]);
  }
  return {
    subject: words.t("mail.backInStock.subject", title),
    parts: [
      paragraph(words.t("mail.hello")),
      paragraph(words.t("mail.backInStock.body", title)),
      detailRows(prices),
      buttonLink(words.t("mail.backInStock.see"), product.url),
      paragraph(words.t("mail.backInStock.once")),
      paragraph(words.t("mail.backInStock.unsubscribe")),
      bareLink(mail.unsubscribePage),
    ],
  };
}
