/**
 * The HTML document around a page: head (texts, share card, assets), the words its islands
 * use and the island data.
 *
 * Written as a string template rather than rendered by React: it holds no component, and
 * React's render of it was about 50 of a book page's 125 µs (docs/benchmarks.md, items 18
 * and 22). The markup is the one React wrote for it, in React's order (its head's tags,
 * then the module preloads, the stylesheets, the structured data and the entry script).
 */
import type { PageAssets, PageHead } from "./model.ts";
import { ISLAND_DATA_ID, PAGE_WORDS_ID } from "../islands/names.ts";
import { scriptSafeJsonLd } from "./structured_data.ts";

export interface DocumentProps {
  head: PageHead;
  assets: PageAssets;
  /** Already escaped JSON of the islands' props, or undefined when the page has none. */
  islandJson?: string;
  /** The rendered body markup. */
  bodyHtml: string;
  /** The page's language (`<html lang>`); English when absent (the admin area). */
  lang?: string;
}

const ESCAPED: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/**
 * Text or an attribute's value as HTML, escaped as React escapes it.
 *
 * @example escapeHtml(`Tom & "Jerry"`) // "Tom &amp; &quot;Jerry&quot;"
 */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPED[c]) : text;
}

const meta = (attribute: "name" | "property", key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}"/>`;

function shareTags(share: NonNullable<PageHead["share"]>): string {
  return [
    meta("property", "og:type", share.type),
    meta("property", "og:title", share.title),
    meta("property", "og:description", share.description),
    meta("property", "og:url", share.url),
    meta("property", "og:site_name", "Pothgula"),
    share.image ? meta("property", "og:image", share.image) : "",
    meta("name", "twitter:card", share.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", share.title),
    meta("name", "twitter:description", share.description),
    share.image ? meta("name", "twitter:image", share.image) : "",
  ].join("");
}

/** The whole document, `<!DOCTYPE html>` included. */
export function documentHtml({ head, assets, islandJson, bodyHtml, lang }: DocumentProps): string {
  const canonical = head.canonical ?? head.share?.url;
  return `<!DOCTYPE html><html lang="${escapeHtml(lang ?? "en")}"><head>` +
    `<meta charSet="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<title>${escapeHtml(head.title)}</title>` +
    meta("name", "description", head.description) +
    `<meta name="theme-color" content="#0f5c5c"/>` +
    `<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"/>` +
    (canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}"/>` : "") +
    (head.alternates ?? []).map(({ hreflang, href }) =>
      `<link rel="alternate" hrefLang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>`
    ).join("") +
    (head.share ? shareTags(head.share) : "") +
    assets.preload.map((href) =>
      `<link rel="modulepreload" href="${escapeHtml(href)}" fetchPriority="low"/>`
    ).join("") +
    assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}"/>`).join("") +
    (head.jsonLd ?? []).map((data) =>
      `<script type="application/ld+json">${scriptSafeJsonLd(data)}</script>`
    ).join("") +
    assets.scripts.map((src) =>
      `<script type="module" src="${escapeHtml(src)}" fetchPriority="low"></script>`
    ).join("") +
    `</head><body><div id="app">${bodyHtml}</div>` +
    (assets.words
      ? `<script type="application/json" id="${PAGE_WORDS_ID}">${assets.words}</script>`
      : "") +
    (islandJson
      ? `<script type="application/json" id="${ISLAND_DATA_ID}">${islandJson}</script>`
      : "") +
    `</body></html>`;
}
