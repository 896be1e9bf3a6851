/**
 * Response compression that reads the answer whole and compresses it in one call: with
 * zstd for a client that takes it (Chrome and Firefox say so), else with gzip. The shop's
 * answers are built in memory (JSON, rendered pages, files read whole), so nothing is lost
 * by not streaming, and much is won: hono/compress pipes every body through a
 * CompressionStream and sends it chunked, which cost about four fifths of the CPU time of
 * a cached catalogue page (1,400 against 6,900 answers a second here; docs/benchmarks.md).
 * Bodies under 1 KB go as they are; a body above `maxBufferBytes` (known by its
 * Content-Length) is left to hono/compress's stream.
 *
 * Level 4, not zlib's 6: a page made for one request is compressed once, while it is
 * waited for; level 4 took a book's page from 88 to 56 µs and a listing from 129 to 108 µs
 * for 1-1.5% more bytes (docs/benchmarks.md, item 18). zstd at its level 3 makes about the
 * same bytes as gzip at 4 in three fifths of the time: a book's page 103 µs against 157,
 * a listing 126 against 207 (item 62).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { StatusCode } from "hono/utils/http-status";
import { compress as streamingCompress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { constants, gzipSync, zstdCompressSync } from "node:zlib";

export interface CompressionOptions {
  /** Smaller bodies are sent uncompressed; 1,024 bytes by default. */
  threshold?: number;
  /** Larger bodies (by Content-Length) are compressed as a stream; 4 MiB by default. */
  maxBufferBytes?: number;
  /** zlib's level, 1 (fastest) to 9 (smallest); 4 by default. */
  level?: number;
  /** zstd's level, 1 (fastest) to 19; 3 by default. */
  zstdLevel?: number;
}

export const DEFAULT_GZIP_LEVEL = 4;
export const DEFAULT_ZSTD_LEVEL = 3;

/** A content coding the shop compresses with. */
export type Encoding = "zstd" | "gzip";

const KEEP_BOM = new TextDecoder("utf-8", { ignoreBOM: true });
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Whether the client takes gzip: named (or `*`) with a quality above 0.
 *
 * @example acceptsGzip("gzip;q=0, deflate") // false
 */
export function acceptsGzip(header: string | undefined): boolean {
  return qualities(header).gzip > 0;
}

/**
 * The coding to send a client by its Accept-Encoding: the one it prefers by quality of
 * zstd and gzip, zstd on a tie (it compresses as well, sooner); none when it takes neither.
 * A wildcard stands for a coding it does not name, and gives gzip, which every client reads.
 *
 * @example chosenEncoding("gzip, deflate, br, zstd") // "zstd"
 * @example chosenEncoding("zstd;q=0.5, gzip") // "gzip"
 */
export function chosenEncoding(header: string | undefined): Encoding | undefined {
  const { gzip, zstd } = qualities(header);
  if (zstd > 0 && zstd >= gzip) return "zstd";
  return gzip > 0 ? "gzip" : undefined;
}

/** The quality Accept-Encoding gives gzip (a wildcard's when not named) and zstd (named). */
function qualities(header: string | undefined): { gzip: number; zstd: number } {
  const named = new Map<string, number>();
  let wildcard = 0;
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (name === "*") wildcard = quality;
    else named.set(name, quality);
  }
  return { gzip: named.get("gzip") ?? wildcard, zstd: named.get("zstd") ?? 0 };
}

/** Whether a response is one to compress at all, whatever its size. */
function compressible(res: Response, method: string): boolean {
  if (method === "HEAD" || res.status === 206 || res.status === 204 || !res.body) return false;
  if (res.headers.has("Content-Encoding") || res.headers.has("Transfer-Encoding")) return false;
  const type = res.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  return !NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "");
}

/**
 * Compresses compressible answers for clients that accept zstd or gzip, in one call for
 * bodies in memory.
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const encode = encoder(options);
  const maxBufferBytes = options.maxBufferBytes ?? 4 * 1024 * 1024;
  const stream = streamingCompress({ encoding: "gzip", threshold: encode.threshold });
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!compressible(res, c.req.method)) return;
    res.headers.set("Vary", varyingOnEncoding(res.headers.get("Vary")));
    if (!chosenEncoding(c.req.header("Accept-Encoding"))) return;
    const declared = res.headers.get("Content-Length");
    if (declared !== null && Number(declared) > maxBufferBytes) {
      // Too large to hold twice in memory: hono/compress streams it (gzip, when taken).
      if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
      return await stream(c, () => Promise.resolve());
    }
    const headers = new Headers(res.headers);
    // Decoded keeping a byte-order mark (Response.text() drops it): a CSV download needs
    // its BOM for Excel to read Sinhala and Tamil.
    const text = KEEP_BOM.decode(await res.arrayBuffer());
    const { bytes, encoding } = encode(c, text);
    if (encoding) {
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(bytes.byteLength));
    const made = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
    replace(c, made);
    c.set(MADE as never, { res: made, bytes } as never);
  };
}

/**
 * Makes answers straight from their text (through the context, so headers set before are
 * kept), encoded as `compression` would encode them: one `Response`, whose bytes the answer
 * cache and the ETag then take from the context (`answerBytes`) instead of reading the body
 * back. Rendered pages are made this way. `remember: false` is for a text the answer cache
 * keeps anyway (a catalogue page): looking it up among recent texts would only cost.
 */
export function answerEncoder(options: CompressionOptions = {}): (
  c: Context,
  text: string,
  status: StatusCode,
  headers: Record<string, string>,
  remember?: boolean,
) => Response {
  const encode = encoder(options);
  return (c, text, status, headers, remember = true) => {
    const { bytes, encoding } = encode(c, text, remember);
    const all: Record<string, string> = {
      ...headers,
      "Content-Length": String(bytes.byteLength),
      "Vary": varyingOnEncoding(headers["Vary"]),
    };
    if (encoding) all["Content-Encoding"] = encoding;
    const res = c.newResponse(bytes, status, all);
    c.set(MADE as never, { res, bytes } as never);
    return res;
  };
}

/** The bytes of the context's answer, when `compression` or an `answerEncoder` made it. */
export function answerBytes(c: Context): Uint8Array<ArrayBuffer> | undefined {
  const made = (c.get as (key: string) => unknown)(MADE) as MadeAnswer | undefined;
  return made && made.res === c.res ? made.bytes : undefined;
}

const MADE = "compression.answer";

interface MadeAnswer {
  res: Response;
  bytes: Uint8Array<ArrayBuffer>;
}

type Encoder =
  & ((c: Context, text: string, remember?: boolean) => {
    bytes: Uint8Array<ArrayBuffer>;
    /** The coding of `bytes`; none when they are the text as it is. */
    encoding: Encoding | undefined;
  })
  & { threshold: number };

/**
 * Compresses `text` with `encoding` (zstd from its UTF-8 bytes). zstd's and gzip's output
 * are Buffers; each is copied into an array of its own, so that a kept answer holds no
 * pooled memory.
 *
 * @example compressText("<p>…</p>", "zstd", { zstdLevel: 3 })
 */
export function compressText(
  text: string,
  encoding: Encoding,
  options: Pick<CompressionOptions, "level" | "zstdLevel"> = {},
): Uint8Array<ArrayBuffer> {
  if (encoding === "gzip") {
    return new Uint8Array(gzipSync(text, { level: options.level ?? DEFAULT_GZIP_LEVEL }));
  }
  const level = options.zstdLevel ?? DEFAULT_ZSTD_LEVEL;
  return new Uint8Array(
    zstdCompressSync(UTF8.encode(text), { params: { [constants.ZSTD_c_compressionLevel]: level } }),
  );
}

/** Encodes a compressible text for the request's client, compressed once per recent text. */
function encoder(options: CompressionOptions): Encoder {
  const threshold = options.threshold ?? 1024;
  const recent = { zstd: new Map<string, Remembered>(), gzip: new Map<string, Remembered>() };
  const encode = (c: Context, text: string, again = true) => {
    const encoding = text.length < threshold
      ? undefined
      : chosenEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return { bytes: UTF8.encode(text) as Uint8Array<ArrayBuffer>, encoding };
    if (!again) return { bytes: compressText(text, encoding, options), encoding };
    const memo = recent[encoding];
    const key = memoKey(text);
    const kept = memo.get(key);
    // A long text's key is a sample of it: the text itself must be the same.
    const bytes = kept && kept.text === text
      ? kept.bytes
      : remember(memo, key, text, compressText(text, encoding, options));
    return { bytes, encoding };
  };
  return Object.assign(encode, { threshold });
}

const UTF8 = new TextEncoder();

/**
 * An answer's Vary once it depends on Accept-Encoding, for caches between.
 *
 * @example varyingOnEncoding("Origin") // "Origin, Accept-Encoding"
 */
function varyingOnEncoding(vary: string | null | undefined): string {
  if (vary === "*" || (vary && VARY_ACCEPT_ENCODING.test(vary))) return vary;
  return vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
}

interface Remembered {
  text: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The same answer is often sent many times in a row (a cached listing page): compress it
 * once.
 */
function remember(
  recent: Map<string, Remembered>,
  key: string,
  text: string,
  compressed: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  if (text.length > 64 * 1024) return compressed;
  recent.delete(key);
  recent.set(key, { text, bytes: compressed });
  if (recent.size > 256) recent.delete(recent.keys().next().value as string);
  return compressed;
}

/**
 * V8 hashes a string of this many characters or more another, slow way: 250-640 µs for the
 * first lookup of a fresh 16-40 KB text in a Map, against 2-5 µs just under it, and more
 * than gzipping the same text (about 150 µs for a 20 KB page; Deno 2.9, V8 15.0).
 */
export const LONG_TEXT = 16_384;

/**
 * The key a text is remembered by: the text itself under LONG_TEXT; a longer one by its
 * length, a hash of about a thousand of its characters spread over it, and its last 64,
 * so that its key hashes quickly. Two long texts may share a key; the memo compares the
 * text itself before answering from it.
 *
 * @example memoKey("short") // "short"
 */
export function memoKey(text: string): string {
  if (text.length < LONG_TEXT) return text;
  const step = Math.ceil(text.length / 1024);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += step) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(36)}:${text.slice(-64)}`;
}

/**
 * Puts `res` in place of the context's answer as it is. Assigning over an answer makes Hono
 * wrap the new body in a stream and merge the old headers back (the old Content-Length
 * included); `res` already carries every header of the old answer.
 */
export function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
