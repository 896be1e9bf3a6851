/**
 * What browsers and shared caches (a CDN, nginx) may keep, decided for every answer by rule
 * rather than route by route, so that routes added later are covered too:
 *
 * - **Private** (`Cache-Control: no-store`): every write, every request carrying
 *   credentials, every admin route of the route table, and every path under the customer,
 *   order, checkout, sign-in and admin prefixes, also behind any language prefix of the
 *   shop's list (`/si/cart`, `/en/account`: domain/i18n/language.ts).
 * - **Public** (`PUBLIC_CACHE_CONTROL`, with an `ETag`): a 200 answer to any other GET,
 *   unless its handler chose its own lasting policy (uploads, built assets, locations).
 *   A matching `If-None-Match` is answered 304 with no body.
 *
 * Freshness: a shared cache keeps a public answer `s-maxage` seconds and may serve it
 * `stale-while-revalidate` seconds more while it fetches a new one; the answer it fetched
 * may itself be up to the process cache's life old (response_cache.ts). Their sum,
 * `STALE_LIMIT_SECONDS`, is the longest a price change or an order's stock takes to show
 * through a cache that follows these headers (docs/deployment.md).
 */
import type { MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import type { RouteSpec } from "../../contract/route.ts";
import { type LanguagePaths, SHOP_PATHS } from "../../domain/i18n/language.ts";
import { answerBytes, replace } from "./compression.ts";

/** Seconds a shared cache keeps a public answer fresh. */
export const SHARED_MAX_AGE_SECONDS = 30;
/** Seconds more a shared cache may serve it while it fetches a new one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 25;
/** The in-process answer cache: 2 s fresh and 2 s stale at most (main.ts). */
export const PROCESS_CACHE_SECONDS = 4;
/** The longest a catalogue change takes to show through caches that follow the headers. */
export const STALE_LIMIT_SECONDS = 60;

/**
 * Browsers ask again every time (`max-age=0`, answered 304 while nothing changed); shared
 * caches keep the answer for `s-maxage`.
 */
export const PUBLIC_CACHE_CONTROL =
  `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = "no-store";

/**
 * Paths whose answers belong to one person or to the admin; `*` in the contract. The
 * sign-in, registration, password reset and order lookup pages show nobody's data, but
 * they are the account's and the orders' doors (a reset link carries its secret in the
 * URL): no shared cache keeps them either.
 */
export const PRIVATE_PREFIXES: readonly string[] = [
  "/api/orders",
  "/api/auth",
  "/api/account",
  "/admin",
  "/checkout",
  "/cart",
  "/account",
  "/orders",
  "/login",
  "/register",
  "/reset-password",
  // A confirmation mail's page carries its token.
  "/verify-email",
  "/track",
  "/gift-voucher",
  // A back-in-stock mail's unsubscribe page carries its token; the requests name an address.
  "/stock-alerts",
  "/api/stock-alerts",
];

/**
 * Whether `path` lies under one of the private prefixes (at a segment boundary or not),
 * once any language prefix of `languages` is set aside: `/si/cart` is `/cart`.
 */
export function isPrivatePath(path: string, languages: LanguagePaths = SHOP_PATHS): boolean {
  return underPrivatePrefix(languages.unprefixed(path));
}

function underPrivatePrefix(bare: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

/** Matches a method and path against the admin rows of the route table. */
export function adminRouteMatcher(
  routes: readonly Pick<RouteSpec, "method" | "path" | "admin">[],
): (method: string, path: string) => boolean {
  const patterns = routes.filter((route) => route.admin).map((route) => ({
    method: route.method,
    regex: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
  }));
  return (method, path) =>
    patterns.some((p) =>
      (p.method === method || (method === "HEAD" && p.method === "GET")) &&
      p.regex.test(path)
    );
}

/** What a request is, for the rule: its method, path and whether it carries credentials. */
export interface CacheRequest {
  method: string;
  path: string;
  authorized: boolean;
}

/** What decides that an answer is private: the route table's admin rows and the languages. */
export interface PrivacyRules {
  isAdminRoute: (method: string, path: string) => boolean;
  /** The language prefixes a path may carry; the shop's (SHOP_LANGUAGES) when absent. */
  languages?: LanguagePaths;
}

/**
 * Whether the answer to `request` must never be kept by anyone. The path is judged with
 * any language prefix set aside, an admin route's too: `/si/api/orders` is no page, but
 * whatever answers it is no shared cache's.
 */
export function mustNotStore(request: CacheRequest, rules: PrivacyRules): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  if (request.authorized) return true;
  const bare = (rules.languages ?? SHOP_PATHS).unprefixed(request.path);
  return underPrivatePrefix(bare) || rules.isAdminRoute(request.method, bare);
}

/**
 * A strong validator over the answer's bytes as sent (each encoding has its own): the first
 * 18 bytes of their SHA-256, base64url. Hashed synchronously: WebCrypto's promise cost eight
 * times the hashing of a page (40 µs against 5 µs, docs/benchmarks.md item 18).
 */
export function etagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = createHash("sha256").update(bytes).digest();
  return Promise.resolve(`"${digest.subarray(0, 18).toString("base64url")}"`);
}

/**
 * Whether an `If-None-Match` header matches `etag` by the weak comparison HTTP asks for on
 * GET: `*`, or any listed tag equal once a `W/` is set aside.
 *
 * @example ifNoneMatchMatches('W/"a", "b"', '"a"') // true
 */
export function ifNoneMatchMatches(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  if (header.trim() === "*") return true;
  const wanted = opaque(etag);
  return header.split(",").some((tag) => opaque(tag) === wanted);
}

/** Lasting policies chosen by a handler (assets, uploads, locations): kept as they are. */
function ownPolicy(cacheControl: string | null): boolean {
  return cacheControl !== null && !/no-cache/i.test(cacheControl);
}

/** Headers a 304 carries over from the answer it stands for. */
const KEPT_ON_304 = new Set(["content-type", "content-length", "content-encoding"]);

/**
 * Sets `Cache-Control` on every answer by the rule above, an `ETag` on public ones that
 * have none, and answers a matching `If-None-Match` with 304.
 *
 * @example
 * app.use(httpCaching({ isAdminRoute: adminRouteMatcher(ROUTES) }));
 */
export function httpCaching(rules: PrivacyRules): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const request = {
      method: c.req.method,
      path: c.req.path,
      authorized: c.req.header("Authorization") !== undefined,
    };
    const res = c.res;
    if (mustNotStore(request, rules) || res.headers.has("Set-Cookie")) {
      res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      return;
    }
    const cacheControl = res.headers.get("Cache-Control");
    if (res.status !== 200) {
      if (!ownPolicy(cacheControl)) res.headers.set("Cache-Control", "no-cache");
      return;
    }
    if (!ownPolicy(cacheControl)) res.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    if (/immutable|no-store/i.test(res.headers.get("Cache-Control") ?? "")) return;
    // A HEAD is answered by its GET's handler (Hono drops the body after the middleware),
    // so its tag is the GET's and a matching If-None-Match is 304 alike.
    let etag = res.headers.get("ETag");
    if (!etag) {
      const made = answerBytes(c);
      const body = made ?? new Uint8Array(await res.arrayBuffer());
      etag = await etagOf(body);
      if (made) res.headers.set("ETag", etag);
      else {
        const headers = new Headers(res.headers);
        headers.set("ETag", etag);
        replace(c, new Response(body, { status: res.status, headers }));
      }
    }
    const wanted = c.req.header("If-None-Match");
    if (wanted === undefined || !ifNoneMatchMatches(wanted, etag)) return;
    const headers = new Headers();
    for (const [name, value] of c.res.headers) {
      if (!KEPT_ON_304.has(name.toLowerCase())) headers.set(name, value);
    }
    replace(c, new Response(null, { status: 304, headers }));
  };
}
