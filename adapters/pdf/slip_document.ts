/**
 * The order slip as a pdfmake document: what the shop packs with a parcel and keeps for
 * its records. A5 portrait; the items table repeats its header on every page and long
 * titles wrap inside their column.
 */
// @ts-types="@types/pdfmake"
import type pdfmake from "pdfmake";
// @ts-types="@types/pdfmake"
import type { Content, TableCell } from "pdfmake";
import type { Order } from "../../domain/orders/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { formatAmount, formatKg, formatLkr } from "../../domain/money.ts";
import { AMOUNT_LABELS } from "../../domain/orders/amount_labels.ts";
import { scriptRuns } from "./scripts.ts";

export type SlipDocument = Parameters<typeof pdfmake.createPdf>[0];

const GREY = "#555555";

/** Text from shoppers and the catalogue, split so that Sinhala gets a font that draws it. */
function t(text: string): Content[] {
  return scriptRuns(text);
}
const LINE = "#bbbbbb";

/** The order date as people in Sri Lanka read it: "14 Mar 2025, 15:00". */
export function slipDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Colombo",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(date);
}

function header(order: Order, shop: ShopInfo): Content {
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
          { text: "ORDER SLIP", style: "slipTitle" },
          { text: `Order #${order.id}`, style: "orderId" },
          { text: slipDate(order.orderDate), style: "small" },
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
    text: [{ text: `${label}  `, color: GREY }, ...t(value)],
    margin: [0, 0, 0, 1],
  };
}

function customer(order: Order): Content {
  const c = order.customer;
  return {
    columns: [
      {
        width: "*",
        stack: [
          { text: "Deliver to", style: "section" },
          { text: t(c.name), bold: true },
          { text: t(c.address) },
          { text: t(`${order.areaName} ${c.postalCode}`.trim()) },
          { text: t(`${order.districtName} District, ${order.provinceName} Province`) },
          labelled("Phone", c.phone),
          labelled("E-mail", c.email),
        ],
      },
      {
        width: 120,
        stack: [
          { text: "Payment", style: "section" },
          { text: order.paymentMethod === "COD" ? "Cash on Delivery (COD)" : "Bank Deposit" },
          order.paymentMethod === "COD"
            ? { text: `Collect ${formatLkr(subtotal(order))}`, bold: true }
            : { text: "Paid by bank deposit", color: GREY },
        ],
      },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
}

function subtotal(order: Order): number {
  return order.totalCents + order.deliveryFeeCents;
}

function itemsTable(order: Order): Content {
  const head: TableCell[] = [
    { text: "Type", style: "th" },
    { text: "Item", style: "th" },
    { text: "Qty", style: "th", alignment: "right" },
    { text: "Unit (LKR)", style: "th", alignment: "right" },
    { text: "Amount (LKR)", style: "th", alignment: "right" },
  ];
  const rows: TableCell[][] = order.items.map((line) => {
    const details: Content[] = [{ text: t(line.title) }];
    if (line.isbn13) details.push({ text: `ISBN-13 ${line.isbn13}`, style: "small" });
    if (line.preorder) {
      details.push({ text: "Pre-order: delivered in 3 - 4 weeks", style: "small" });
    }
    return [
      line.type === "book" ? "Book" : "Stationery",
      { stack: details },
      { text: String(line.quantity), alignment: "right" },
      { text: formatAmount(line.unitPriceCents), alignment: "right", noWrap: true },
      {
        text: formatAmount(line.unitPriceCents * line.quantity),
        alignment: "right",
        noWrap: true,
      },
    ];
  });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [50, "*", 22, 56, 62],
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

function totals(order: Order): Content {
  const weight = order.items.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const row = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, alignment: "right", color: bold ? undefined : GREY, bold },
    { text: value, alignment: "right", bold, noWrap: true },
  ];
  return {
    columns: [
      { width: "*", text: "" },
      {
        width: "auto",
        table: {
          widths: ["auto", 90],
          body: [
            row("Total weight", `${formatKg(weight)} kg`),
            row(AMOUNT_LABELS.items, formatLkr(order.totalCents)),
            row(AMOUNT_LABELS.deliveryFee, formatLkr(order.deliveryFeeCents)),
            row(AMOUNT_LABELS.totalToPay, formatLkr(subtotal(order)), true),
          ],
        },
        layout: "noBorders",
      },
    ],
  };
}

/** The whole slip of an order. */
export function slipDocument(order: Order, shop: ShopInfo): SlipDocument {
  return {
    pageSize: "A5",
    pageMargins: [28, 28, 28, 36],
    info: { title: `${shop.name} order #${order.id}`, author: shop.name },
    content: [header(order, shop), rule(), customer(order), itemsTable(order), totals(order)],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${shop.name}  ·  ${shop.publicUrl}`, style: "small" },
        {
          text: `Order #${order.id}  ·  page ${page} of ${pages}`,
          style: "small",
          alignment: "right",
        },
      ],
      margin: [28, 10, 28, 0],
    }),
    defaultStyle: { font: "Roboto", fontSize: 9, lineHeight: 1.15 },
    styles: {
      shopName: { fontSize: 16, bold: true },
      slipTitle: { fontSize: 8, bold: true, color: GREY, characterSpacing: 1 },
      orderId: { fontSize: 14, bold: true },
      section: { fontSize: 8, bold: true, color: GREY, margin: [0, 0, 0, 2] },
      th: { bold: true, fontSize: 8 },
      small: { fontSize: 7.5, color: GREY },
    },
  };
}
