/**
 * Each route's body allowance, derived from its declaration in the route table: a route
 * that declares no body has none read (a body sent anyway is left on the wire), a JSON
 * route reads at most 64 KB, a CSV import 10 MB, a form its files at 5 MB each plus room
 * for its text fields. The gate runs before anything reads a body: it refuses a declared
 * Content-Length above the allowance at once (413, nothing read), and hands the rest on
 * as a stream cut off at the allowance and the read deadlines (body_timeout.ts). Nothing
 * is read here: a body is read only by its route's handler, after the route's guard and
 * checks (an order's key before a deposit slip), and a request to no route, or to a route
 * that takes no body, is answered without reading one.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { RouteSpec } from "../../contract/route.ts";
import { ApiError } from "./errors.ts";
import { type BodyAllowance, type BodyTimeouts, guardedBody } from "./body_timeout.ts";
import { MAX_CSV_BYTES } from "../routes/catalogue_csv.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "../routes/product_images.ts";
import { MAX_PROOF_BYTES } from "../../domain/orders/payment_proofs.ts";

/** JSON bodies are small: an order of 100 lines is far below this. */
export const MAX_JSON_BYTES = 64 * 1024;
/** Room in a form for its text fields and the parts' headers, beside its files. */
export const FORM_FIELDS_BYTES = 256 * 1024;
/** The largest file a form may carry: an image or a deposit slip. */
export const MAX_FILE_BYTES = Math.max(MAX_IMAGE_BYTES, MAX_PROOF_BYTES);

function tooLarge(limit: number): () => ApiError {
  return () => new ApiError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${limit} bytes`);
}

const csvTooLarge = () => new ApiError(413, "PAYLOAD_TOO_LARGE", "A CSV file may be at most 10 MB");

/**
 * The body a route takes, from its declaration; undefined when it takes none.
 *
 * @example bodyAllowanceOf(proofRoute).maxBytes // 5 MB + 256 KB: one file of 5 MB and its form
 */
export function bodyAllowanceOf(route: RouteSpec): BodyAllowance | undefined {
  if (route.json) {
    const maxBytes = route.maxJsonBytes ?? MAX_JSON_BYTES;
    return { maxBytes, upload: false, tooLarge: tooLarge(maxBytes) };
  }
  if (route.csv) return { maxBytes: MAX_CSV_BYTES, upload: true, tooLarge: csvTooLarge };
  if (route.form) {
    return { maxBytes: FORM_FIELDS_BYTES, upload: false, tooLarge: tooLarge(FORM_FIELDS_BYTES) };
  }
  if (route.multipart) {
    const files = Object.values(route.multipart.files)
      .reduce((sum, count) => sum + (count === "one" ? 1 : MAX_IMAGES), 0);
    const maxBytes = files * MAX_FILE_BYTES + FORM_FIELDS_BYTES;
    return { maxBytes, upload: true, tooLarge: tooLarge(maxBytes) };
  }
  return undefined;
}

interface Matcher {
  method: string;
  segments: string[];
  /** Fixed segments first: `/api/books/price/:id` before `/api/books/:id/images`. */
  fixed: number;
  allowance: BodyAllowance | undefined;
}

/**
 * Finds the route a request goes to, as the router will, by method and path segments
 * (`:name` is any one segment); the most fixed segments win.
 */
export function routeBodies(
  routes: readonly RouteSpec[],
): (method: string, path: string) => { allowance: BodyAllowance | undefined } | undefined {
  const matchers: Matcher[] = routes.map((route) => {
    const segments = route.path.split("/");
    return {
      method: route.method,
      segments,
      fixed: segments.filter((s) => !s.startsWith(":")).length,
      allowance: bodyAllowanceOf(route),
    };
  }).sort((a, b) => b.fixed - a.fixed);
  return (method, path) => {
    const asked = path.split("/");
    const hit = matchers.find((m) =>
      m.method === method && m.segments.length === asked.length &&
      m.segments.every((s, i) => s.startsWith(":") ? asked[i] !== "" : s === asked[i])
    );
    return hit ? { allowance: hit.allowance } : undefined;
  };
}

/**
 * The gate in front of every body: see the module's comment. `now` is the clock of the
 * read deadlines (the request's arrival starts them).
 */
export function bodyGate(
  routes: readonly RouteSpec[],
  timeouts: BodyTimeouts,
): MiddlewareHandler {
  const find = routeBodies(routes);
  return async (c: Context, next) => {
    const body = c.req.raw.body;
    if (!body) return await next();
    const allowance = find(c.req.method, c.req.path)?.allowance;
    // No route, or one that takes no body: nothing reads it.
    if (!allowance) return await next();
    const declared = Number(c.req.header("Content-Length") ?? NaN);
    if (declared > allowance.maxBytes) throw allowance.tooLarge();
    const guarded = guardedBody(body, allowance, timeouts, performance.now());
    c.req.raw = new Request(c.req.raw, { body: guarded });
    await next();
  };
}
