/**
 * The shop's own notices of a new order and of a deposit slip to check. They go to the
 * shop owner, who works in the admin area's English, so their sentences are English here;
 * the order's blocks come from the English catalogue like every other mail's.
 */
import { IntlMessageFormat } from "intl-messageformat";
import type {
  ShopDigestMail,
  ShopOrderMail,
  ShopOrdersDigestMail,
  ShopTextBudgetMail,
} from "../../../domain/notifications/mail.ts";
import type { Words } from "../../i18n/words.ts";
import {
  buttonLink,
  deliverTo,
  detailRows,
  heading,
  itemsTable,
  orderHeading,
  paragraph,
  paymentLabel,
  totalsTable,
} from "./blocks.ts";
import type { Written } from "./customer_mails.ts";

/** How many lines an order has, in English: "1 line", "3 lines" (an ICU plural). */
const LINES = new IntlMessageFormat("{count, plural, one {# line} other {# lines}}", "en");

/** The subject and blocks of a notice to the shop. */
export function writeShopMail(words: Words, shopName: string, mail: ShopOrderMail): Written {
  const { order } = mail;
  const method = paymentLabel(words, order);
  const news = mail.kind === "shop_order_placed"
    ? {
      subject: `${shopName}: new order #${order.id} from ${order.customerName}`,
      line: `${order.customerName} placed order #${order.id}: ` +
        `${LINES.format({ count: order.lines.length })}, ${method}.`,
    }
    : {
      subject: `${shopName}: deposit slip for order #${order.id}`,
      line: `${order.customerName} sent a deposit slip for order #${order.id} ` +
        `(${mail.proofs} so far). Check it and mark the order paid.`,
    };
  return {
    subject: news.subject,
    parts: [
      paragraph(news.line),
      buttonLink(`Open order #${order.id}`, mail.deskUrl),
      ...orderHeading(words, order),
      detailRows([
        ["Customer", order.customerName],
        ["Phone", order.deliverTo.phone],
        ["E-mail", mail.customerEmail],
        ["Payment", method],
        [words.t("money.total"), words.lkr(order.breakdown.totalCents)],
        [words.t("money.due"), words.lkr(order.breakdown.dueCents)],
        ["Amount", order.due.words.admin.note],
      ]),
      itemsTable(words, order),
      totalsTable(words, order),
      heading(words.t("mail.deliveringTo")),
      deliverTo(words, order.deliverTo),
    ],
  };
}

/**
 * The digest of the deposit slips sent in one window: a line per order (its customer, its
 * slips so far, what it comes to, where it is on the desk) and the desk's slips to check.
 */
export function writeProofsDigest(words: Words, shopName: string, mail: ShopDigestMail): Written {
  const count = mail.orders.length;
  const numbers = mail.orders.map((o) => `#${o.order.id}`).join(", ");
  return {
    subject: count === 1
      ? `${shopName}: deposit slip for order ${numbers}`
      : `${shopName}: deposit slips for ${count} orders (${numbers})`,
    parts: [
      paragraph(
        count === 1
          ? "A customer sent a deposit slip. Check it and mark the order paid."
          : `Customers sent deposit slips for ${count} orders. Check them and mark the orders paid.`,
      ),
      buttonLink("Open the slips to check", mail.deskUrl),
      detailRows(mail.orders.map((o): [string, string] => [
        `Order #${o.order.id}`,
        `${o.order.customerName} (${o.customerEmail}), ${o.proofs} slip(s), ` +
        `${words.lkr(o.order.breakdown.dueCents)} to pay: ${o.deskUrl}`,
      ])),
    ],
  };
}

/**
 * The digest of new orders while they flood: a line per order (its customer, what it comes
 * to, where it is on the desk) and the desk's pending orders.
 */
export function writeOrdersDigest(
  words: Words,
  shopName: string,
  mail: ShopOrdersDigestMail,
): Written {
  const count = mail.orders.length;
  const numbers = mail.orders.map((o) => `#${o.order.id}`).join(", ");
  return {
    subject: count === 1
      ? `${shopName}: new order ${numbers}`
      : `${shopName}: ${count} new orders (${numbers})`,
    parts: [
      paragraph(
        `New orders are coming faster than one mail each is useful: these ${count} came in since the last mail. ` +
          "Each is on the orders desk.",
      ),
      buttonLink("Open the orders desk", mail.deskUrl),
      detailRows(mail.orders.map((o): [string, string] => [
        `Order #${o.order.id}`,
        `${o.order.customerName} (${o.customerEmail}), ${paymentLabel(words, o.order)}, ` +
        `${words.lkr(o.order.breakdown.totalCents)}, ${
          words.lkr(o.order.breakdown.dueCents)
        } to pay: ${o.deskUrl}`,
      ])),
    ],
  };
}

/** The notice that the day's texts are used up: how many, and when texts go out again. */
export function writeTextBudget(shopName: string, mail: ShopTextBudgetMail): Written {
  const resumes = new Date(Date.parse(mail.resumesAt) + 330 * 60_000).toISOString()
    .slice(0, 16).replace("T", " ");
  return {
    subject: `${shopName}: today's ${mail.limit} texts are used up`,
    parts: [
      paragraph(
        `The shop has sent the ${mail.limit} texts a day it may send. The texts after wait, and go ` +
          `out from ${resumes} (Sri Lanka time); mails are not held back.`,
      ),
      paragraph(
        "Many texts at once can mean someone is placing orders with other people's numbers. " +
          "You can change the daily number in the settings.",
      ),
      buttonLink("Open the settings", mail.settingsUrl),
    ],
  };
}
