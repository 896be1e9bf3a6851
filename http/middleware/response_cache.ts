/**
 * Whole answers of the public catalogue reads (GET /api/books, /api/stationery and a
 * product by id) and of the storefront pages built from them (`/`, `/stationery`,
 * `/books/{id}`, server-rendered), kept by URL for as long as the store they are given keeps them. In
 * main.ts that store is the catalogue cache's, so an answer lives exactly as long as the
 * data behind it would (a few seconds) and goes with it at every catalogue write and order
 * made through this process. A hit skips validation, the catalogue, the JSON and the
 * compression: at 100,000 books this took a listing from about 30% to over half of what a
 * bare route answers (docs/benchmarks.md).
 *
 * Only 200 answers to requests without credentials are kept; the key holds the coding the
 * client is sent (zstd, gzip or none), since the kept bytes are the encoded ones, and an
 * answer sent in another coding (one too large to compress whole goes as gzip's stream, or
 * as it is) is not kept under it. Request ids, security headers and the request log still
 * come from the middleware around this one.
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { answerBytes, chosenEncoding, replace } from "./compression.ts";
import { etagOf } from "./http_caching.ts";
import { type LanguagePaths, SHOP_PATHS } from "../../domain/i18n/language.ts";

/** An answer as kept: its status, the headers it was built with and its bytes. */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/**
 * Where answers are kept (adapters/cache's TtlCache fits). `lookup` tells a fresh answer
 * from one past its time that may still be served while a new one is made.
 */
export interface ResponseStore {
  lookup(key: string): { value: CachedResponse; fresh: boolean } | undefined;
  /** Changes whenever the store is cleared (a write changed what answers show). */
  readonly generation: number;
  /** Keeps `response`, unless the store was cleared since `madeIn` (its generation then). */
  set(key: string, response: CachedResponse, madeIn: number): void;
}

/**
 * The public catalogue reads and the storefront's catalogue pages (the book list, the
 * stationery list and a book's page, also under the prefix of any language of `languages`
 * such as `/si/`), and the pages the owner writes (FAQ, Terms, Privacy, Delivery, Returns):
 * their answers depend on nothing but their URL (path and query), the catalogue and those
 * pages (kept 2 s, so a saved page shows within seconds).
 */
export function cacheablePath(languages: LanguagePaths = SHOP_PATHS): RegExp {
  // The owner's pages too: the same for everyone, changed only when the owner saves one.
  const pages = String
    .raw`(?:\/?|\/stationery|\/books\/\d{1,10}|\/(?:faq|terms|privacy|delivery|returns))`;
  const api = String.raw`\/api\/(?:books|stationery)(?:\/\d{1,10})?`;
  return new RegExp(`^(?:${api}|${languages.optionalPrefix}${pages})$`);
}

/** The shop's cacheable paths, in the languages of SHOP_LANGUAGES. */
export const CACHEABLE_PATH: RegExp = cacheablePath();

/** Headers the answer's own middleware set again on every request: not kept. */
const PER_REQUEST = new Set(["x-request-id", "date"]);

/**
 * Serves kept answers of `cacheable` (the shop's CACHEABLE_PATH) and keeps new ones in
 * `store`. When an answer is past its time, the first request makes a new one and the
 * others are served the kept one meanwhile (as long as the store still offers it): no
 * crowd of requests waits on the database each time an answer expires.
 */
export function responseCache(
  store: ResponseStore,
  cacheable: RegExp = CACHEABLE_PATH,
): MiddlewareHandler {
  const renewing = new Set<string>();
  return async (c, next) => {
    if (
      c.req.method !== "GET" || c.req.header("Authorization") || !cacheable.test(c.req.path)
    ) {
      return await next();
    }
    const url = c.req.url;
    const coding = chosenEncoding(c.req.header("Accept-Encoding")) ?? "identity";
    const key = `${coding} ${url.slice(url.indexOf("/", url.indexOf("//") + 2))}`;
    const kept = store.lookup(key);
    if (kept && (kept.fresh || renewing.has(key))) {
      const { body, status, headers } = kept.value;
      // Through the context, so that headers set before (the request id) are kept.
      return c.newResponse(body, status as 200, Object.fromEntries(headers));
    }
    renewing.add(key);
    try {
      await keep(c, next, store, key, coding);
    } finally {
      renewing.delete(key);
    }
  };
}

/**
 * Answers the request and keeps a 200 answer under `key`, unless a write cleared the
 * store while it was made (that answer may show the catalogue as it was before the write)
 * or it went in another coding than the key's.
 */
async function keep(
  c: Context,
  next: Next,
  store: ResponseStore,
  key: string,
  coding: string,
): Promise<void> {
  const madeIn = store.generation;
  await next();
  const res = c.res;
  if (res.status !== 200 || res.headers.has("Set-Cookie")) return;
  if ((res.headers.get("Content-Encoding") ?? "identity") !== coding) return;
  // The bytes as the compression made them, or read from the body (which then goes again).
  const made = answerBytes(c);
  const body = made ?? new Uint8Array(await res.arrayBuffer());
  // Tagged once here, so that answers from the store need no hashing (http_caching.ts).
  if (!res.headers.has("ETag")) res.headers.set("ETag", await etagOf(body));
  const headers = [...res.headers].filter(([name]) => !PER_REQUEST.has(name.toLowerCase()));
  store.set(key, { status: res.status, headers, body }, madeIn);
  if (made) return;
  // The body was read: the same bytes go out, with this request's own headers.
  replace(c, new Response(body, { status: res.status, headers: res.headers }));
}
