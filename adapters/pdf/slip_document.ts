/**
 * The order slip as a pdfmake document: what the shop packs with a parcel and keeps for
 * its records, in the order's language (the words under "slip." in messages/*.json). A5
 * portrait; the items table repeats its header on every page and long titles wrap inside
 * their column. The customer's receipt is the same document under its own title, with the
 * payments received listed after the breakdown (receipt_payments.ts).
 */
// @ts-types="@types/pdfmake"
import type pdfmake from "pdfmake";
// @ts-types="@types/pdfmake"
import type { Content, TableCell } from "pdfmake";
import type { Order } from "../../domain/orders/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { formatKg } from "../../domain/money.ts";
import { type AmountDue, amountDue } from "../../domain/orders/amount_due.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { type WordKey, type Words, wordsFor } from "../i18n/words.ts";
import { scriptRuns } from "./scripts.ts";
import type { Breakdown } from "../../domain/pricing/breakdown.ts";
import { orderBreakdown } from "../../domain/pricing/order_breakdown.ts";
import { receiptPayments } from "./receipt_payments.ts";
import {
  adjustmentLabel,
  breakdownRows,
  rowLabel,
  type Translate,
} from "../../domain/pricing/figures.ts";

/** The slip's words as the breakdown's names ask for them. */
function translate(w: Words): Translate {
  return (word, values) => w.t(word as WordKey, values);
}
import { orderPlace } from "../../domain/orders/place_names.ts";

export type SlipDocument = Parameters<typeof pdfmake.createPdf>[0];

const GREY = "#555555";

/** Text from shoppers and the catalogue, split so that Sinhala gets a font that draws it. */
function t(text: string): Content[] {
  return scriptRuns(text);
}
const LINE = "#bbbbbb";

/** The order date as people in Sri Lanka read it: "14 March 2025, 15:00" in English. */
export function slipDate(iso: string, words: Words = wordsFor("en")): string {
  return words.dateTime(iso);
}

/** The shop's two documents of an order: its packing slip, and the customer's receipt. */
export type OrderDocument = "slip" | "receipt";

/** Each document's title and the PDF's own title, as message keys. */
const DOCUMENT_WORDS: Record<OrderDocument, { title: WordKey; docTitle: WordKey }> = {
  slip: { title: "slip.title", docTitle: "slip.docTitle" },
  receipt: { title: "receipt.title", docTitle: "receipt.docTitle" },
};

function header(w: Words, order: Order, shop: ShopInfo, kind: OrderDocument): Content {
  return {
    columns: [
      {
        width: "*",
        stack: [
          { text: t(shop.name), style: "shopName" },
          { text: t(shop.address), style: "small" },
          { text: `${shop.phones.join(" / ")}  ·  ${shop.email}`, style: "small" },
        ],
      },
      {
        width: "auto",
        alignment: "right",
        stack: [
          // Spaced capitals in English; spacing would pull Sinhala and Tamil letters apart.
          {
            text: t(w.t(DOCUMENT_WORDS[kind].title)),
            style: "slipTitle",
            characterSpacing: w.language === "en" ? 1 : 0,
          },
          { text: t(w.t("slip.order", { id: order.id })), style: "orderId" },
          { text: t(slipDate(order.orderDate, w)), style: "small" },
        ],
      },
    ],
    margin: [0, 0, 0, 8],
  };
}

function rule(): Content {
  return {
    canvas: [{ type: "line", x1: 0, y1: 0, x2: 364, y2: 0, lineWidth: 0.7, lineColor: LINE }],
    margin: [0, 0, 0, 8],
  };
}

function labelled(label: string, value: string): Content {
  return {
    text: [...scriptRuns(`${label}  `).map((run) => ({ ...run, color: GREY })), ...t(value)],
    margin: [0, 0, 0, 1],
  };
}

function customer(w: Words, order: Order, due: AmountDue): Content {
  const c = order.customer;
  const place = orderPlace(order, w.language);
  return {
    columns: [
      {
        width: "*",
        stack: [
          { text: t(w.t("slip.deliverTo")), style: "section" },
          { text: t(c.name), bold: true },
          { text: t(c.address) },
          { text: t(`${place.area} ${c.postalCode}`.trim()) },
          {
            text: t(w.t("slip.region", {
              district: place.district,
              province: place.province,
            })),
          },
          labelled(w.t("slip.phone"), c.phone),
          labelled(w.t("slip.email"), c.email),
          // Who carries the parcel, once the shop has handed it over.
          ...(order.courier ? [labelled(w.t("slip.courier"), order.courier)] : []),
          ...(order.trackingNumber ? [labelled(w.t("slip.tracking"), order.trackingNumber)] : []),
        ],
      },
      {
        width: 120,
        stack: [
          { text: t(w.t("slip.payment")), style: "section" },
          { text: t(w.t(PAYMENT_POLICIES[order.paymentMethod].words.slip)) },
          // What the courier does: collect the amount, or nothing (paid, by deposit, cancelled).
          { text: t(w.t(due.words.slip.note, { amount: w.lkr(due.cents) })), bold: true },
        ],
      },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
}

/**
 * The order's lines from its breakdown: the usual price of a copy, each saving on the line
 * with its source under its title (its sale price, its campaign, its shares of the offer
 * and the code) and the price paid, the line at usual prices struck above it. A line without
 * savings reads as it always has.
 */
function itemsTable(w: Words, order: Order, b: Breakdown): Content {
  const tr = translate(w);
  const head: TableCell[] = [
    { text: t(w.t("slip.type")), style: "th" },
    { text: t(w.t("slip.item")), style: "th" },
    { text: t(w.t("slip.qty")), style: "th", alignment: "right" },
    { text: t(w.t("money.usualPrice")), style: "th", alignment: "right" },
    { text: t(`${w.t("money.pricePaid")} (LKR)`), style: "th", alignment: "right" },
  ];
  const rows: TableCell[][] = order.items.map((item, i) => {
    const line = b.lines[i];
    const details: Content[] = [{ text: t(item.title) }];
    if (item.isbn13) details.push({ text: `ISBN-13 ${item.isbn13}`, style: "small" });
    if (item.preorder) {
      // The date the book's page said, when the line kept one; else that it comes when it arrives.
      const expected = item.preorderDate
        ? w.t("product.preorderExpected", { date: w.date(item.preorderDate) })
        : w.t("slip.preorder");
      details.push({ text: t(expected), style: "small" });
    }
    for (const saving of line.savings) {
      details.push({
        text: t(`${adjustmentLabel(saving, w.language, tr)} −${w.lkr(saving.amountCents)}`),
        style: "saving",
      });
    }
    const paid = w.amount(line.paidCents);
    const amount: TableCell = line.savingCents > 0
      ? {
        stack: [
          {
            text: w.amount(line.usualCents),
            decoration: "lineThrough",
            style: "small",
            noWrap: true,
          },
          { text: paid, noWrap: true },
        ],
        alignment: "right",
      }
      : { text: paid, alignment: "right", noWrap: true };
    return [
      { text: t(w.t(item.type === "book" ? "slip.book" : "slip.stationery")) },
      { stack: details },
      { text: String(item.quantity), alignment: "right" },
      { text: w.amount(line.usualUnitCents), alignment: "right", noWrap: true },
      amount,
    ];
  });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      // The kind and the quantity as wide as their words (Tamil's are long), the title the rest.
      widths: ["auto", "*", "auto", 56, 62],
      body: [head, ...rows],
    },
    layout: {
      hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => LINE,
      fillColor: (row: number) => (row === 0 ? "#eeeeee" : null),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 8],
  };
}

/**
 * The weight, then the breakdown's rows in the one order every surface draws them
 * (domain/pricing/figures.ts), and the savings together when there were any.
 */
function totals(w: Words, order: Order, b: Breakdown): Content {
  const tr = translate(w);
  const weight = order.items.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const row = (label: string, value: string, bold = false): TableCell[] => [
    // A label may wrap (an offer's name can be long); the amounts never do.
    { text: t(label), alignment: "right", color: bold ? undefined : GREY, bold },
    { text: value, alignment: "right", bold, noWrap: true },
  ];
  const figures = breakdownRows(b).map((r) =>
    row(
      rowLabel(r, w.language, tr),
      r.sign === "minus" ? `−${w.lkr(r.cents)}` : w.lkr(r.cents),
      r.sign === "result",
    )
  );
  const savings: TableCell[][] = b.savingsCents > 0
    ? [[{
      text: t(`${w.t("money.savings")}: ${w.lkr(b.savingsCents)}`),
      colSpan: 2,
      alignment: "right",
      bold: true,
      style: "saving",
    }, {}]]
    : [];
  return {
    columns: [
      { width: "*", text: "" },
      {
        width: "auto",
        table: {
          widths: ["auto", 90],
          body: [row(w.t("slip.weight"), `${formatKg(weight)} kg`), ...figures, ...savings],
        },
        layout: "noBorders",
      },
    ],
  };
}

/**
 * The whole slip of an order, in the order's language. What it says about the money
 * follows the order's payment status (domain/orders/amount_due.ts): a paid order has
 * nothing to collect, whatever its method.
 */
export function slipDocument(
  order: Order,
  shop: ShopInfo,
  kind: OrderDocument = "slip",
): SlipDocument {
  const w = wordsFor(order.locale);
  const b = orderBreakdown(order);
  const due = amountDue(order, b);
  return {
    pageSize: "A5",
    pageMargins: [28, 28, 28, 36],
    info: {
      title: w.t(DOCUMENT_WORDS[kind].docTitle, { shop: shop.name, id: order.id }),
      author: shop.name,
    },
    content: [
      header(w, order, shop, kind),
      rule(),
      customer(w, order, due),
      itemsTable(w, order, b),
      totals(w, order, b),
      ...(kind === "receipt" ? [receiptPayments(w, order, b)] : []),
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: t(`${shop.name}  ·  ${shop.publicUrl}`), style: "small" },
        {
          text: t(w.t("slip.page", { id: order.id, page, pages })),
          style: "small",
          alignment: "right",
        },
      ],
      margin: [28, 10, 28, 0],
    }),
    defaultStyle: { font: "Roboto", fontSize: 9, lineHeight: 1.15 },
    styles: {
      shopName: { fontSize: 16, bold: true },
      slipTitle: { fontSize: 8, bold: true, color: GREY },
      orderId: { fontSize: 14, bold: true },
      section: { fontSize: 8, bold: true, color: GREY, margin: [0, 0, 0, 2] },
      th: { bold: true, fontSize: 8 },
      small: { fontSize: 7.5, color: GREY },
      saving: { fontSize: 7.5, color: "#2e6b30" },
    },
  };
}
