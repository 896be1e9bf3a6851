/**
 * One rule at the edge for text: no control characters in any path segment, query
 * parameter or body field, whatever the route (and no JSON number too large for the
 * shop's columns). PostgreSQL cannot store NUL in text and
 * no field of the shop means a bell or an escape, so they are refused with 400 naming the
 * field before the handler sees them; routes added later are covered without a line of
 * their own. Newline, carriage return and tab pass only in the body fields that hold several
 * lines (an address, a description, a note) and in plain-text bodies (CSV).
 *
 * Paths and queries are checked for every request at once (`refuseControlCharacters`);
 * a body is checked where it is parsed, once its route has decided to read it (the JSON,
 * form and CSV readers call `jsonTextProblems`, `formTextProblems`, `plainTextProblems`).
 */
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { type FieldProblem, validationFailed } from "./errors.ts";
import { MAX_INTEGER } from "../../contract/ids.ts";
import { buildCsp } from "./security.ts";

/**
 * Body fields (by their last name in the path) that may hold several lines. Every other
 * field is one line.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  "address",
  // An owner's page (/api/pages): paragraphs and lists, line by line.
  "body",
  "description",
  "note",
  "reason",
]);

/** C0 controls, DEL, C1 controls and unpaired surrogates: never in a field. */
const CONTROL = /[\p{Cc}\p{Cs}]/u;
/** The same, less newline, carriage return and tab. */
const CONTROL_BUT_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** The first forbidden character of `text` as `U+0000`, or undefined when it is clean. */
export function forbiddenCharacter(text: string, allowLines = false): string | undefined {
  const match = (allowLines ? CONTROL_BUT_LINES : CONTROL).exec(text);
  if (!match) return undefined;
  const code = match[0].codePointAt(0)!;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Characters that show nothing: spaces, format characters (zero-width space and joiners,
 * byte-order mark, direction marks, soft hyphen), Hangul fillers, variation selectors.
 */
const INVISIBLE = /^[\s\p{Z}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F]+$/u;
/** The same, less what `trim()` removes: the part a schema's `.trim().min(1)` cannot see. */
const UNTRIMMED_INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F]/u;

/**
 * Whether `text` looks blank yet is not empty after trimming: only invisible characters,
 * at least one of them one `trim()` keeps (`"\u200b"`). Plain spaces are left to the
 * field's own schema.
 */
export function blankLooking(text: string): boolean {
  return INVISIBLE.test(text) && UNTRIMMED_INVISIBLE.test(text);
}

export const BLANK_LOOKING = "must not be made only of invisible characters";

/**
 * What is wrong with one text field under the rule, or undefined: a control character
 * (newline, carriage return and tab pass when `allowLines`), or text that shows nothing.
 * The JSON API, forms and the CSV import apply this same rule.
 */
export function textProblem(text: string, allowLines = false): string | undefined {
  const found = forbiddenCharacter(text, allowLines);
  if (found) return controlMessage(found);
  return blankLooking(text) ? BLANK_LOOKING : undefined;
}

function controlMessage(found: string): string {
  return `must not contain control characters (found ${found})`;
}

function problem(field: string, found: string): FieldProblem {
  return { field, message: controlMessage(found) };
}

/**
 * No number the shop keeps is this large (ids, counts and cents fit a 32-bit column or are
 * bounded far below it by their own schema): a JSON number beyond it is refused at the
 * edge, on every route, before any sum can overflow.
 */
export const MAX_JSON_NUMBER = MAX_INTEGER;

/**
 * No request of the shop nests deeper than a few levels (an order's items are three): a
 * body deeper than this is refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;

/** Problems a body lists at most: the first ones are enough to mend it. */
const MAX_PROBLEMS = 20;

/**
 * Every string of a JSON value, keys included, checked under its dotted path. Walked with
 * a stack of its own, not by recursion: a body nested 10,000 deep ends at the depth bound
 * instead of the call stack's.
 */
function walkJson(root: unknown, out: FieldProblem[]): void {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0 && out.length < MAX_PROBLEMS) {
    const { value, path } = stack.pop()!;
    const field = path.join(".") || "body";
    if (typeof value === "string") {
      const message = textProblem(value, MULTILINE_FIELDS.has(path[path.length - 1] ?? ""));
      if (message) out.push({ field, message });
      continue;
    }
    if (typeof value === "number" && Math.abs(value) > MAX_JSON_NUMBER) {
      out.push({ field, message: `must be at most ${MAX_JSON_NUMBER}` });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) {
      out.push({ field, message: `is nested too deeply: at most ${MAX_JSON_DEPTH} levels` });
      return;
    }
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    const children: { value: unknown; path: string[] }[] = [];
    for (const [key, item] of entries) {
      const found = Array.isArray(value) ? undefined : forbiddenCharacter(key);
      if (found) out.push(problem([...path, "(name)"].join("."), found));
      else children.push({ value: item, path: [...path, key] });
    }
    // Last first onto the stack, so that the fields are checked in the body's order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // Malformed escapes are the router's business, not a control character.
  }
}

/** The path's segments and the query's names and values. */
function urlProblems(url: URL): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const segment of url.pathname.split("/")) {
    const found = forbiddenCharacter(decoded(segment));
    if (found) {
      out.push(problem("path", found));
      break;
    }
  }
  for (const [name, value] of url.searchParams) {
    const foundInName = forbiddenCharacter(name);
    const found = foundInName ?? forbiddenCharacter(value);
    if (found) out.push(problem(foundInName ? "query" : name, found));
  }
  return out;
}

/** The problems of a parsed JSON body: every string (keys too), large numbers, the depth. */
export function jsonTextProblems(value: unknown): FieldProblem[] {
  const out: FieldProblem[] = [];
  walkJson(value, out);
  return out;
}

/** The problems of a form's field names and text values (a file's bytes and name are not text). */
export function formTextProblems(form: FormData): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const [name, value] of form.entries()) {
    if (out.length >= MAX_PROBLEMS) break;
    const foundInName = forbiddenCharacter(name);
    if (foundInName) {
      out.push(problem("(name)", foundInName));
      continue;
    }
    if (typeof value !== "string") continue;
    const message = textProblem(value, MULTILINE_FIELDS.has(name));
    if (message) out.push({ field: name, message });
  }
  return out;
}

/** The problem of a plain-text body (a CSV file): control characters other than line breaks and tabs. */
export function plainTextProblems(text: string): FieldProblem[] {
  const found = forbiddenCharacter(text, true);
  // Most often a spreadsheet or an image sent where a CSV file was meant.
  return found
    ? [{
      field: "body",
      message:
        `is not plain text: it holds control characters (found ${found}); save the file as CSV`,
    }]
    : [];
}

const PAGE_STYLE = "body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;" +
  "padding:0 1rem;line-height:1.5;color:#1f2937}h1{font-size:1.5rem}a{color:#14532d}";
/** The page's one inline style, allowed by its hash and nothing else. */
const PAGE_CSP = buildCsp({
  "style-src": [`'sha256-${createHash("sha256").update(PAGE_STYLE).digest("base64")}'`],
});

/** A short page for a storefront address with control characters, with a way back. */
function badAddressPage(c: Context): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Address not understood - Pothgula</title><style>${PAGE_STYLE}</style></head><body>` +
    `<h1>This address could not be read</h1>` +
    `<p>The link holds characters that no page of the shop uses. Please check the link, or ` +
    `search again from the shop's front page.</p><p><a href="/">Back to the shop</a></p>` +
    `</body></html>`;
  return c.html(html, 400, { "Cache-Control": "no-store", "Content-Security-Policy": PAGE_CSP });
}

/**
 * Refuses control characters in the path and the query with 400 VALIDATION_FAILED naming
 * each field (an HTML page for storefront addresses). Bodies are checked by the readers
 * that parse them (validation.ts: `jsonBody`, `readMultipart`; the CSV reader), only once
 * a route has decided to read its body.
 */
export function refuseControlCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const inUrl = urlProblems(url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    if (inUrl.length > 0 && !isApi && c.req.method === "GET") return badAddressPage(c);
    if (inUrl.length > 0) throw validationFailed(inUrl);
    await next();
  };
}
