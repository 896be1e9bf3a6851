/**
 * SHA-256 in lowercase hex, the one way the shop writes a digest it keeps or compares:
 * migration checksums, order and reset-link key hashes, idempotency body hashes, the
 * rate limits' keys (which keep no address in the clear) and the embedded database
 * template's key. WebCrypto's, so it runs wherever the shop's code does, with no
 * permission. (An answer's ETag is hashed synchronously with node:crypto instead:
 * http/middleware/http_caching.ts says why.)
 *
 * @example await sha256Hex("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
