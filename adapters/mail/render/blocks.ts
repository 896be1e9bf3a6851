/**
 * The building blocks every shop mail is made of. Each block renders twice, as HTML and
 * as plain text, so the two versions of a mail never drift apart. Every value that comes
 * from a shopper, the catalogue or configuration is escaped here; the words come from the
 * mail's language (`Words`).
 */
import type { MailAddress, OrderFacts } from "../../../domain/notifications/mail.ts";
import type { ShopInfo } from "../../../domain/shop.ts";
import type { WordKey, Words } from "../../i18n/words.ts";
import { PAYMENT_POLICIES } from "../../../domain/orders/payment_policy.ts";
import {
  adjustmentLabel,
  type BreakdownRow,
  breakdownRows,
  rowLabel,
  type Translate,
} from "../../../domain/pricing/figures.ts";

/** One block of a mail in both of its forms. */
export interface MailPart {
  html: string;
  text: string;
}

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

// Long words (titles, mail addresses) wrap rather than widen a phone's screen.
const CELL =
  "padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:left;overflow-wrap:anywhere;";
const CELL_RIGHT = "padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:right;";
/** Latin first, then faces that draw Sinhala and Tamil on phones and desktops. */
const FONTS = "Arial,Helvetica,'Noto Sans Sinhala','Iskoola Pota','Noto Sans Tamil'," +
  "'Latha','Nirmala UI',sans-serif";

/** A paragraph of plain text. */
export function paragraph(text: string): MailPart {
  return { html: `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`, text };
}

/** A small heading. */
export function heading(text: string): MailPart {
  return {
    html: `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(text)}</h2>`,
    text: `${text}\n${"-".repeat(Math.min([...text].length, 60))}`,
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

/** A link as a button in HTML and a labelled address in text. */
export function buttonLink(label: string, url: string): MailPart {
  const href = escapeHtml(url);
  return {
    html: `<p style="margin:0 0 12px"><a href="${href}" style="display:inline-block;` +
      `padding:8px 14px;background:#1f4e79;color:#ffffff;text-decoration:none;` +
      `border-radius:4px">${escapeHtml(label)}</a></p>` +
      `<p style="margin:0 0 12px;font-size:12px;color:#555;overflow-wrap:anywhere">${href}</p>`,
    text: `${label}: ${url}`,
  };
}

/** A link as its own paragraph, so that mail clients show it whole and make it clickable. */
export function bareLink(url: string): MailPart {
  const href = escapeHtml(url);
  return {
    html: `<p style="margin:0 0 12px;overflow-wrap:anywhere"><a href="${href}" ` +
      `style="color:#0b5394">${href}</a></p>`,
    text: url,
  };
}

/** The colour of what promotions took off: a green that keeps 4.5:1 on white. */
const SAVING = "color:#2e6b30";

/** The mail's words as the breakdown's names ask for them (domain/pricing/figures.ts). */
export function translate(words: Words): Translate {
  return (word, values) => words.t(word as WordKey, values);
}

/**
 * The order's lines: title, kind, the usual price x quantity, each saving on the line with
 * its source (its sale price, its campaign, its shares of the offer and the code), and the
 * price paid, from the order's breakdown. Two columns, the kind and prices under the title,
 * so that the table fits a 375px phone. A line without savings reads as it always has.
 */
export function itemsTable(words: Words, order: OrderFacts): MailPart {
  const t = translate(words);
  const rows = order.lines.map((line) => {
    const paid = words.lkr(line.paidCents);
    const each = `${words.lkr(line.usualUnitCents)} x ${line.quantity}`;
    // A pre-ordered line says its own date, as the book's page did.
    const badge = !line.preorder
      ? ""
      : line.preorderDate
      ? ` (${words.t("product.preorderExpected", { date: words.date(line.preorderDate) })})`
      : ` (${words.t("mail.preorderBadge")})`;
    const kind = words.t(line.type === "book" ? "mail.book" : "mail.stationery");
    const savings = line.savings.map((a) =>
      `${adjustmentLabel(a, words.language, t)} −${words.lkr(a.amountCents)}`
    );
    const struck = savings.length > 0
      ? `<s title="${escapeHtml(t("money.usualPrice", {}))}">${words.lkr(line.usualCents)}</s><br>`
      : "";
    return {
      html: `<tr><td style="${CELL}">${escapeHtml(line.title)}${escapeHtml(badge)}` +
        `<br><span style="color:#666;font-size:12px">${escapeHtml(kind)} · ` +
        `<span style="white-space:nowrap">${each}</span></span>` +
        savings.map((text) =>
          `<br><span style="${SAVING};font-size:12px">${escapeHtml(text)}</span>`
        ).join("") +
        `</td>` +
        `<td style="${CELL_RIGHT}white-space:nowrap;vertical-align:top">${struck}${paid}</td></tr>`,
      text: `- ${line.title}${badge} (${kind}): ${each}` +
        (savings.length > 0 ? ` = ${words.lkr(line.usualCents)}, ${savings.join(", ")}` : "") +
        ` = ${paid}`,
    };
  });
  const head = [words.t("mail.item"), words.t("money.pricePaid")].map((h, i) =>
    `<th style="${i === 1 ? CELL_RIGHT : CELL}background:#f5f5f5">${escapeHtml(h)}</th>`
  ).join("");
  return {
    html: `<table style="border-collapse:collapse;width:100%;margin:0 0 12px">` +
      `<thead><tr>${head}</tr></thead><tbody>${rows.map((r) => r.html).join("")}</tbody></table>`,
    text: rows.map((r) => r.text).join("\n"),
  };
}

/** A row's amount as the totals show it: a saving or a tender with a minus sign. */
function rowAmount(words: Words, row: BreakdownRow): string {
  return row.sign === "minus" ? `−${words.lkr(row.cents)}` : words.lkr(row.cents);
}

/**
 * The order's totals, its breakdown's rows in the one order every surface draws them
 * (domain/pricing/figures.ts): Items at usual prices, each saving by its source, the
 * delivery fee (or what made it free), the order total, then what paid for it and what is
 * still to pay; then the savings together, when there were any. The same words speak to
 * the customer and to the owner.
 */
export function totalsTable(words: Words, order: OrderFacts): MailPart {
  const t = translate(words);
  const rows = breakdownRows(order.breakdown).map((row) => ({
    label: rowLabel(row, words.language, t),
    value: rowAmount(words, row),
    strong: row.sign === "result",
  }));
  const html = rows.map(({ label, value, strong }) => {
    const weight = strong ? "font-weight:bold;" : "";
    return `<tr><td style="${CELL_RIGHT}${weight}">${escapeHtml(label)}</td>` +
      `<td style="${CELL_RIGHT}${weight}white-space:nowrap">${escapeHtml(value)}</td></tr>`;
  }).join("");
  const savings = order.breakdown.savingsCents > 0
    ? `${t("money.savings", {})}: ${words.lkr(order.breakdown.savingsCents)}`
    : null;
  return {
    html: `<table style="border-collapse:collapse;margin:0 0 12px auto">${html}</table>` +
      (savings
        ? `<p style="margin:0 0 12px;text-align:right;font-weight:bold;${SAVING}">` +
          `${escapeHtml(savings)}</p>`
        : ""),
    text: rows.map(({ label, value }) => `${label}: ${value}`).join("\n") +
      (savings ? `\n${savings}` : ""),
  };
}

/** The order's heading, with the day it was placed in Sri Lanka. */
export function orderHeading(words: Words, order: OrderFacts): MailPart[] {
  return [
    heading(words.t("mail.orderHeading", { id: order.id })),
    paragraph(words.t("mail.placedOn", { date: words.date(order.placedAt) })),
  ];
}

/** Where the order goes, as the shopper entered it. */
export function deliverTo(words: Words, to: MailAddress): MailPart {
  return detailRows([
    [words.t("mail.name"), to.name],
    [words.t("mail.address"), to.address],
    [words.t("mail.city"), to.city],
    [words.t("mail.district"), to.district],
    [words.t("mail.province"), to.province],
    [words.t("mail.postalCode"), to.postalCode],
    [words.t("mail.phone"), to.phone],
  ]);
}

/** How a payment method reads in the mail's language. */
export function paymentLabel(words: Words, order: OrderFacts): string {
  return words.t(PAYMENT_POLICIES[order.paymentMethod].words.mail);
}

/**
 * What the order's money comes to now, as its payment status has it: pay the courier,
 * pay by deposit, paid in full, or nothing owed.
 */
export function amountNote(words: Words, order: OrderFacts): MailPart {
  return paragraph(words.t(order.due.words.mail.note, { amount: words.lkr(order.due.cents) }));
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

/** Wraps the blocks into a complete HTML document in the mail's language and a text body. */
export function composeMail(
  words: Words,
  shop: ShopInfo,
  parts: MailPart[],
): { html: string; text: string } {
  const all = [...parts, footer(shop)];
  const html = `<!doctype html><html lang="${words.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(shop.name)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#ffffff;color:#222;` +
    `font-family:${FONTS};font-size:14px;line-height:1.5">` +
    `<div style="max-width:600px;margin:0 auto">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(shop.name)}</h1>` +
    `${all.map((p) => p.html).join("\n")}</div></body></html>`;
  return { html, text: all.map((p) => p.text).join("\n\n") + "\n" };
}
