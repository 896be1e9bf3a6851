/**
 * SHA-256 in lowercase hex, as the shop writes a digest it keeps or compares: migration
 * checksums, reset-link key hashes, the rate limits' keys (which keep no address in the
 * clear), a client's marks and the embedded database template's key. WebCrypto's, so it
 * runs wherever the shop's code does, with no permission. Where a request pays for its
 * promise on every answer or checkout, the same digest is made synchronously with
 * node:crypto outside the domain: an answer's ETag (http/middleware/http_caching.ts), order
 * keys (adapters/security/order_keys.ts), a checkout's limit keys, its client's marks and its
 * body hash (http/routes/orders.ts).
 *
 * @example await sha256Hex("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Makes a mark of a text: the first 128 bits of its SHA-256 in lowercase hex, a key that
 * keeps no personal data in the clear. `sha256Mark` is WebCrypto's; the checkout passes one
 * made synchronously with node:crypto (http/routes/orders.ts), which must give the same
 * marks (http/routes/order_marks_test.ts).
 */
export type MarkMaker = (text: string) => string | Promise<string>;

/**
 * The first 128 bits of a text's SHA-256, in lowercase hex.
 *
 * @example await sha256Mark("abc") // "ba7816bf8f01cfea414140de5dae2223"
 */
export async function sha256Mark(text: string): Promise<string> {
  return (await sha256Hex(text)).slice(0, 32);
}
