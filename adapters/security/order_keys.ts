/**
 * Order keys (domain OrderKeys): a 128-bit random salt kept with the order, the key an
 * HMAC-SHA-256 of it under the shop's secret (256 bits, base64url), and the order keeps
 * only the key's SHA-256. A copy of the database alone opens no order page.
 */
import type { OrderKeys } from "../../domain/ports.ts";
import { sha256Hex } from "../../domain/sha256.ts";

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export class HmacOrderKeys implements OrderKeys {
  readonly #key: Promise<CryptoKey>;

  /** `secret`: at least 32 bytes, kept outside the database (the shop's JWT secret). */
  constructor(secret: Uint8Array | string) {
    const bytes = typeof secret === "string" ? encoder.encode(secret) : secret;
    if (bytes.length < 32) throw new Error("The order key secret must be 32+ bytes");
    // A label of its own: these keys never equal a token signature under the same secret.
    const label = encoder.encode("pothgula order keys\u0000");
    const material = new Uint8Array(label.length + bytes.length);
    material.set(label);
    material.set(bytes, label.length);
    this.#key = crypto.subtle.importKey(
      "raw",
      material,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
  }

  async issue(): Promise<{ salt: string; hash: string; key: string }> {
    const salt = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const key = await this.keyFor(salt);
    return { salt, key, hash: await this.hash(key) };
  }

  async keyFor(salt: string): Promise<string> {
    const mac = await crypto.subtle.sign("HMAC", await this.#key, encoder.encode(salt));
    return base64url(new Uint8Array(mac));
  }

  hash(key: string): Promise<string> {
    return sha256Hex(key);
  }
}
