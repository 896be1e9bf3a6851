/**
 * Response compression that reads the answer whole and gzips it in one call. The shop's
 * answers are built in memory (JSON, rendered pages, files read whole), so nothing is lost
 * by not streaming, and much is won: hono/compress pipes every body through a
 * CompressionStream and sends it chunked, which cost about four fifths of the CPU time of
 * a cached catalogue page (1,400 against 6,900 answers a second here; docs/benchmarks.md).
 * Bodies under 1 KB go as they are; a body above `maxBufferBytes` (known by its
 * Content-Length) is left to hono/compress's stream.
 *
 * Level 4, not zlib's 6: a page made for one request is compressed once, while it is
 * waited for; level 4 took a book's page from 88 to 56 µs and a listing from 129 to 108 µs
 * for 1-1.5% more bytes (docs/benchmarks.md, item 18).
 */
import type { Context, MiddlewareHandler } from "hono";
import { compress as streamingCompress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { gzipSync } from "node:zlib";

export interface CompressionOptions {
  /** Smaller bodies are sent uncompressed; 1,024 bytes by default. */
  threshold?: number;
  /** Larger bodies (by Content-Length) are compressed as a stream; 4 MiB by default. */
  maxBufferBytes?: number;
  /** zlib's level, 1 (fastest) to 9 (smallest); 4 by default. */
  level?: number;
}

export const DEFAULT_GZIP_LEVEL = 4;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Whether the client takes gzip: named (or `*`) with a quality above 0.
 *
 * @example acceptsGzip("gzip;q=0, deflate") // false
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip") return accepted;
    if (name === "*") wildcard = accepted;
  }
  return wildcard ?? false;
}

/** Whether a response is one to compress at all, whatever its size. */
function compressible(res: Response, method: string): boolean {
  if (method === "HEAD" || res.status === 206 || res.status === 204 || !res.body) return false;
  if (res.headers.has("Content-Encoding") || res.headers.has("Transfer-Encoding")) return false;
  const type = res.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  return !NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "");
}

/** Gzips compressible answers for clients that accept it, in one call for bodies in memory. */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  const maxBufferBytes = options.maxBufferBytes ?? 4 * 1024 * 1024;
  const level = options.level ?? DEFAULT_GZIP_LEVEL;
  const stream = streamingCompress({ encoding: "gzip", threshold });
  const recent = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!compressible(res, c.req.method)) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    const declared = res.headers.get("Content-Length");
    if (declared !== null && Number(declared) > maxBufferBytes) {
      // Too large to hold twice in memory: hono/compress streams it.
      return await stream(c, () => Promise.resolve());
    }
    const body = await res.text();
    const headers = new Headers(res.headers);
    if (body.length < threshold) {
      return replace(
        c,
        new Response(body, { status: res.status, statusText: res.statusText, headers }),
      );
    }
    const gzipped = recent.get(body) ??
      remember(recent, body, new Uint8Array(gzipSync(body, { level })));
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(gzipped.byteLength));
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    replace(c, new Response(gzipped, { status: res.status, statusText: res.statusText, headers }));
  };
}

/** The same answer is often sent many times in a row (a cached listing page): gzip it once. */
function remember(
  recent: Map<string, Uint8Array<ArrayBuffer>>,
  body: string,
  gzipped: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  if (body.length > 64 * 1024) return gzipped;
  recent.set(body, gzipped);
  if (recent.size > 256) recent.delete(recent.keys().next().value as string);
  return gzipped;
}

/**
 * Puts `res` in place of the context's answer as it is. Assigning over an answer makes Hono
 * wrap the new body in a stream and merge the old headers back (the old Content-Length
 * included); `res` already carries every header of the old answer.
 */
function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
