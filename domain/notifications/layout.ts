/**
 * The building blocks every shop mail is made of. Each block renders twice, as HTML and
 * as plain text, so the two versions of a mail never drift apart. Every value that comes
 * from a shopper, the catalogue or configuration is escaped here.
 */
import type { ShopInfo } from "../shop.ts";
import type { Order } from "../orders/model.ts";
import { formatLkr } from "../money.ts";
import { AMOUNT_LABELS } from "../orders/amount_labels.ts";
import { escapeHtml, itemTypeLabel } from "./format.ts";

/** One block of a mail in both of its forms. */
export interface MailPart {
  html: string;
  text: string;
}

/** The standard delivery promise for orders without pre-order lines. */
export const DELIVERY_PROMISE = "3 - 5 working days";
/** The delivery promise for pre-ordered books. */
export const PREORDER_PROMISE = "3 - 4 weeks";

// Long words (titles, mail addresses) wrap rather than widen a phone's screen.
const CELL =
  "padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:left;overflow-wrap:anywhere;";
const CELL_RIGHT = "padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:right;";

/** A paragraph of plain text. */
export function paragraph(text: string): MailPart {
  return { html: `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`, text };
}

/** A small heading. */
export function heading(text: string): MailPart {
  return {
    html: `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(text)}</h2>`,
    text: `${text}\n${"-".repeat(text.length)}`,
  };
}

/** Label and value rows, e.g. bank details or the delivery address. */
export function detailRows(rows: [label: string, value: string][]): MailPart {
  const html = rows.map(([label, value]) =>
    `<tr><th style="${CELL}font-weight:normal;color:#555;overflow-wrap:normal">` +
    `${escapeHtml(label)}</th>` +
    `<td style="${CELL}font-weight:bold">${escapeHtml(value)}</td></tr>`
  ).join("");
  return {
    html: `<table style="border-collapse:collapse;margin:0 0 12px;max-width:100%">${html}</table>`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
  };
}

/**
 * The order's lines: title, kind, unit price x quantity and line total. Two columns, the
 * kind and unit price under the title, so that the table fits a 375px phone.
 */
export function itemsTable(order: Order): MailPart {
  const rows = order.items.map((line) => {
    const lineTotal = formatLkr(line.unitPriceCents * line.quantity);
    const each = `${formatLkr(line.unitPriceCents)} x ${line.quantity}`;
    const badge = line.preorder ? " (pre-order)" : "";
    return {
      html: `<tr><td style="${CELL}">${escapeHtml(line.title)}${escapeHtml(badge)}` +
        `<br><span style="color:#666;font-size:12px">${itemTypeLabel(line.type)} · ` +
        `<span style="white-space:nowrap">${each}</span></span></td>` +
        `<td style="${CELL_RIGHT}white-space:nowrap;vertical-align:top">${lineTotal}</td></tr>`,
      text: `- ${line.title}${badge} (${itemTypeLabel(line.type)}): ${each} = ${lineTotal}`,
    };
  });
  const head = ["Item", "Amount"].map((h, i) =>
    `<th style="${i === 1 ? CELL_RIGHT : CELL}background:#f5f5f5">${h}</th>`
  ).join("");
  return {
    html: `<table style="border-collapse:collapse;width:100%;margin:0 0 12px">` +
      `<thead><tr>${head}</tr></thead><tbody>${rows.map((r) => r.html).join("")}</tbody></table>`,
    text: rows.map((r) => r.text).join("\n"),
  };
}

/** The items' sum, the delivery fee and the total to pay. */
export function totalsTable(order: Order): MailPart {
  const rows: [string, string, boolean][] = [
    [AMOUNT_LABELS.items, formatLkr(order.totalCents), false],
    [AMOUNT_LABELS.deliveryFee, formatLkr(order.deliveryFeeCents), false],
    [AMOUNT_LABELS.totalToPay, formatLkr(order.totalCents + order.deliveryFeeCents), true],
  ];
  const html = rows.map(([label, value, strong]) => {
    const weight = strong ? "font-weight:bold;" : "";
    return `<tr><td style="${CELL_RIGHT}${weight}">${label}</td>` +
      `<td style="${CELL_RIGHT}${weight}white-space:nowrap">${value}</td></tr>`;
  }).join("");
  return {
    html: `<table style="border-collapse:collapse;margin:0 0 12px auto">${html}</table>`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
  };
}

/** Where the order goes, as the shopper entered it. */
export function deliverTo(order: Order): MailPart {
  const c = order.customer;
  return detailRows([
    ["Name", c.name],
    ["Address", c.address],
    ["City", order.areaName],
    ["District", order.districtName],
    ["Province", order.provinceName],
    ["Postal code", c.postalCode],
    ["Phone", c.phone],
  ]);
}

/** True when any line of the order is a pre-ordered book. */
export function hasPreorder(order: Order): boolean {
  return order.items.some((line) => line.preorder);
}

/** When the order arrives: the standard promise, plus the pre-order one when it applies. */
export function deliveryPromise(order: Order): MailPart[] {
  const parts = [paragraph(`Orders are delivered in ${DELIVERY_PROMISE}.`)];
  if (hasPreorder(order)) parts.push(paragraph(`Pre-orders are delivered in ${PREORDER_PROMISE}.`));
  return parts;
}

function footer(shop: ShopInfo): MailPart {
  const lines = [shop.name, shop.address, shop.phones.join(" / "), shop.email, shop.publicUrl];
  const url = escapeHtml(shop.publicUrl);
  return {
    html: `<p style="margin:24px 0 0;color:#666;font-size:12px;border-top:1px solid #e5e5e5;` +
      `padding-top:12px">${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>` +
      `${escapeHtml(shop.phones.join(" / "))}<br>${escapeHtml(shop.email)}<br>` +
      `<a href="${url}/" style="color:#666">${url}</a></p>`,
    text: `--\n${lines.join("\n")}`,
  };
}

/** Wraps the blocks into a complete HTML document and a plain text body. */
export function composeMail(
  shop: ShopInfo,
  parts: MailPart[],
): { html: string; text: string } {
  const all = [...parts, footer(shop)];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(shop.name)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#ffffff;color:#222;` +
    `font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45">` +
    `<div style="max-width:600px;margin:0 auto">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(shop.name)}</h1>` +
    `${all.map((p) => p.html).join("\n")}</div></body></html>`;
  return { html, text: all.map((p) => p.text).join("\n\n") + "\n" };
}
