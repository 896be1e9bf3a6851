/**
 * SHA-256 in lowercase hex, as the shop writes a digest it keeps or compares: migration
 * checksums, reset-link key hashes, the rate limits' keys (which keep no address in the
 * clear), a client's marks and the embedded database template's key. WebCrypto's, so it
 * runs wherever the shop's code does, with no permission. Where a request pays for its
 * promise on every answer or checkout, the same digest is made synchronously with
 * node:crypto outside the domain: an answer's ETag (http/middleware/http_caching.ts), order
 * keys (adapters/security/order_keys.ts), a checkout's limit keys and body hash
 * (http/routes/orders.ts).
 *
 * @example await sha256Hex("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
