/**
 * The pages the owner writes (FAQ, Terms, Privacy, Delivery, Returns): a title and a text
 * per language in plain formatting, read into blocks the storefront renders as elements
 * (never as HTML, so no markup the owner types reaches a page):
 *
 * - `## Heading` (or `# Heading`) a heading; `- item` (or `* item`) a list item; lines
 *   together a paragraph, an empty line between paragraphs;
 * - `[words](https://...)`, `[words](/path)` or `[words](mailto:...)` a link;
 * - `{{payment_methods}}`, `{{holds}}` and `{{delivery_times}}` the shop's own rules, put
 *   in from its policies when the page is shown, so they are never typed twice.
 *
 * A text with a script, an iframe or any other HTML element, or a link to anything but
 * https, the shop's own paths or mail, is refused with the reason; a text above
 * MAX_PAGE_BYTES is too large (413 at the HTTP edge).
 */

export const OWNER_PAGES = ["faq", "terms", "privacy", "delivery", "returns"] as const;
export type OwnerPageSlug = typeof OWNER_PAGES[number];

/** The largest page text the shop keeps, in UTF-8 bytes. */
export const MAX_PAGE_BYTES = 100 * 1024;

/** The shop's rules a page may name; their words come from the policies when shown. */
export const PAGE_POLICIES = ["payment_methods", "holds", "delivery_times"] as const;
export type PagePolicy = typeof PAGE_POLICIES[number];

/** A page as the owner wrote it in one language. */
export interface OwnerPage {
  slug: OwnerPageSlug;
  language: string;
  title: string;
  body: string;
  updatedAt: string;
}

/** A piece of a line: text, a link, or one of the shop's rules. */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "policy"; policy: PagePolicy };

export type Block =
  | { kind: "heading"; parts: Inline[] }
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "list"; items: Inline[][] };

const HTML_ELEMENT = /<\s*\/?\s*([a-z][a-z0-9-]*)[^>]*>/i;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const POLICY = /\{\{\s*([a-z_]+)\s*\}\}/g;
const SAFE_HREF = /^(https:\/\/[^\s<>"']+|\/(?!\/)[^\s<>"']*|mailto:[^\s<>"']+)$/i;

/**
 * Why a page's text is refused, or nothing: an HTML element (a script, an iframe, any
 * other), a link that is not https, the shop's own path or mail (javascript:, data:, http:),
 * or a rule the shop does not know.
 *
 * @example pageTextProblems("<script>alert(1)</script>") // ["a script is not allowed: write plain text"]
 */
export function pageTextProblems(text: string): string[] {
  const problems: string[] = [];
  const element = HTML_ELEMENT.exec(text);
  if (element) {
    const name = element[1].toLowerCase();
    problems.push(
      name === "script"
        ? "a script is not allowed: write plain text"
        : name === "iframe"
        ? "an iframe is not allowed: link to the page instead"
        : `HTML (<${name}>) is not allowed: use the plain formatting (## heading, - item, [words](https://...))`,
    );
  }
  for (const [, , href] of text.matchAll(LINK)) {
    if (!SAFE_HREF.test(href)) {
      problems.push(
        `the link "${href}" is not allowed: a link is https://..., a path of the shop (/...) or mailto:`,
      );
    }
  }
  for (const [, name] of text.matchAll(POLICY)) {
    if (!(PAGE_POLICIES as readonly string[]).includes(name)) {
      problems.push(
        `{{${name}}} is no rule of the shop: use ${
          PAGE_POLICIES.map((p) => `{{${p}}}`).join(", ")
        }`,
      );
    }
  }
  return problems;
}

/** The size of a text in UTF-8 bytes. */
export function pageBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A line's pieces: links and rules among its text. */
export function inlineParts(line: string): Inline[] {
  const parts: Inline[] = [];
  const pattern = /\[([^\]\n]+)\]\(([^)\s]+)\)|\{\{\s*([a-z_]+)\s*\}\}/g;
  let at = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > at) parts.push({ kind: "text", text: line.slice(at, match.index) });
    if (match[1] !== undefined) {
      // A link that is not safe is shown as its words (a text is checked before it is kept).
      parts.push(
        SAFE_HREF.test(match[2])
          ? { kind: "link", text: match[1], href: match[2] }
          : { kind: "text", text: match[1] },
      );
    } else if ((PAGE_POLICIES as readonly string[]).includes(match[3])) {
      parts.push({ kind: "policy", policy: match[3] as PagePolicy });
    } else {
      parts.push({ kind: "text", text: match[0] });
    }
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ kind: "text", text: line.slice(at) });
  return parts;
}

/**
 * A page's text as blocks: headings, paragraphs and lists (see the module's comment).
 *
 * @example pageBlocks("## Delivery\n- Colombo: 2 days") // [{ kind: "heading", ... }, { kind: "list", ... }]
 */
export function pageBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Inline[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: "paragraph", parts: inlineParts(paragraph.join(" ")) });
    }
    paragraph = [];
    if (list) blocks.push({ kind: "list", items: list });
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^#{1,3}\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (line === "") flush();
    else if (heading) {
      flush();
      blocks.push({ kind: "heading", parts: inlineParts(heading[1]) });
    } else if (item) {
      if (paragraph.length > 0) {
        blocks.push({ kind: "paragraph", parts: inlineParts(paragraph.join(" ")) });
        paragraph = [];
      }
      (list ??= []).push(inlineParts(item[1]));
    } else {
      if (list) {
        blocks.push({ kind: "list", items: list });
        list = null;
      }
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
