/**
 * Order keys (domain OrderKeys): a 128-bit random salt kept with the order, the key an
 * HMAC-SHA-256 of it under the shop's secret (256 bits, base64url), and the order keeps
 * only the key's SHA-256. A copy of the database alone opens no order page.
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac } from "node:crypto";
import type { OrderKeys } from "../../domain/ports.ts";

const encoder = new TextEncoder();

/**
 * Hashed and signed synchronously with node:crypto: WebCrypto's promises cost more than the
 * hashing itself, at every checkout (docs/benchmarks.md, item 51). The same SHA-256 and
 * HMAC-SHA-256, so the keys and hashes already kept stay valid.
 */
export class HmacOrderKeys implements OrderKeys {
  readonly #material: Uint8Array;

  /** `secret`: at least 32 bytes, kept outside the database (the shop's JWT secret). */
  constructor(secret: Uint8Array | string) {
    const bytes = typeof secret === "string" ? encoder.encode(secret) : secret;
    if (bytes.length < 32) throw new Error("The order key secret must be 32+ bytes");
    // A label of its own: these keys never equal a token signature under the same secret.
    const label = encoder.encode("pothgula order keys\u0000");
    const material = new Uint8Array(label.length + bytes.length);
    material.set(label);
    material.set(bytes, label.length);
    this.#material = material;
  }

  async issue(): Promise<{ salt: string; hash: string; key: string }> {
    const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
    const key = await this.keyFor(salt);
    return { salt, key, hash: await this.hash(key) };
  }

  keyFor(salt: string): Promise<string> {
    return Promise.resolve(createHmac("sha256", this.#material).update(salt).digest("base64url"));
  }

  hash(key: string): Promise<string> {
    return Promise.resolve(createHash("sha256").update(key).digest("hex"));
  }
}
