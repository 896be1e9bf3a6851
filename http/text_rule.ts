/**
 * One rule at the edge for text: no control characters in any path segment, query
 * parameter or body field, whatever the route (and no JSON number too large for the
 * shop's columns). PostgreSQL cannot store NUL in text and
 * no field of the shop means a bell or an escape, so they are refused with 400 naming the
 * field before any handler runs; routes added later are covered without a line of their
 * own. Newline, carriage return and tab pass only in the body fields that hold several
 * lines (an address, a description, a note) and in plain-text bodies (CSV).
 *
 * The body (of /api/ routes, after their size limit) is read from a clone of the request:
 * handlers read it again as they like.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { type FieldProblem, validationFailed } from "./errors.ts";
import { MAX_INTEGER } from "../contract/ids.ts";
import { buildCsp } from "./security.ts";

/**
 * Body fields (by their last name in the path) that may hold several lines. Every other
 * field is one line.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  "address",
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

function problem(field: string, found: string): FieldProblem {
  return { field, message: `must not contain control characters (found ${found})` };
}

/**
 * No number the shop keeps is this large (ids, counts and cents fit a 32-bit column or are
 * bounded far below it by their own schema): a JSON number beyond it is refused at the
 * edge, on every route, before any sum can overflow.
 */
export const MAX_JSON_NUMBER = MAX_INTEGER;

/** Every string of a JSON value, keys included, checked under its dotted path. */
function walkJson(value: unknown, path: string[], out: FieldProblem[]): void {
  if (out.length >= 20) return;
  if (typeof value === "string") {
    const last = path[path.length - 1] ?? "";
    const found = forbiddenCharacter(value, MULTILINE_FIELDS.has(last));
    if (found) out.push(problem(path.join(".") || "body", found));
    return;
  }
  if (typeof value === "number" && Math.abs(value) > MAX_JSON_NUMBER) {
    out.push({ field: path.join(".") || "body", message: `must be at most ${MAX_JSON_NUMBER}` });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => walkJson(item, [...path, String(index)], out));
    return;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = forbiddenCharacter(key);
      if (found) {
        out.push(problem([...path, "(name)"].join(".") || "body", found));
        continue;
      }
      walkJson(item, [...path, key], out);
    }
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

function mediaType(c: Context): string {
  return (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Reads the body's text from a clone. A body over the size limit fails here as it would
 * in the handler (the limit's own error); a body that is not text is left to the handler.
 */
async function bodyProblems(c: Context): Promise<FieldProblem[]> {
  const type = mediaType(c);
  const out: FieldProblem[] = [];
  if (/^application\/([\w.-]+\+)?json$/.test(type)) {
    const text = await c.req.raw.clone().text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return out; // Malformed JSON: the route answers 400 for it.
    }
    walkJson(value, [], out);
  } else if (
    type === "multipart/form-data" || type === "application/x-www-form-urlencoded"
  ) {
    let form: FormData;
    try {
      form = await c.req.raw.clone().formData();
    } catch {
      return out; // Not a form after all: the route answers 400 for it.
    }
    for (const [name, value] of form.entries()) {
      const foundInName = forbiddenCharacter(name);
      if (foundInName) {
        out.push(problem("(name)", foundInName));
        continue;
      }
      if (typeof value !== "string") continue; // A file's bytes and name are not text fields.
      const found = forbiddenCharacter(value, MULTILINE_FIELDS.has(name));
      if (found) out.push(problem(name, found));
    }
  } else if (type.startsWith("text/")) {
    const found = forbiddenCharacter(await c.req.raw.clone().text(), true);
    // Most often a spreadsheet or an image sent where a CSV file was meant.
    if (found) {
      out.push({
        field: "body",
        message:
          `is not plain text: it holds control characters (found ${found}); save the file as CSV`,
      });
    }
  }
  return out;
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

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses control characters in the path, the query and the body with 400
 * VALIDATION_FAILED naming each field (an HTML page for storefront addresses). Put it
 * after the body limits so an oversized body still answers 413.
 */
export function refuseControlCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const inUrl = urlProblems(url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    if (inUrl.length > 0 && !isApi && c.req.method === "GET") return badAddressPage(c);
    // Bodies are read only where the body limits apply: no other path takes one.
    const problems = inUrl.length > 0 || !isApi || !WITH_BODY.has(c.req.method) || !c.req.raw.body
      ? inUrl
      : await bodyProblems(c);
    if (problems.length > 0) throw validationFailed(problems);
    await next();
  };
}
