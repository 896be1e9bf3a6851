/**
 * ImageStorage in the shop's database (table stored_images), for several server
 * processes behind one load balancer: an image uploaded through one is served by every
 * other, with nothing shared but PostgreSQL. Keys have the same shape as the local-disk
 * storage's, so `/uploads/...` URLs look the same whichever storage made them.
 */
import type { ImageStorage, StoredImage } from "../../domain/ports.ts";
import type { SqlClient } from "../postgres/sql_client.ts";
import type { ImageVariant } from "../../domain/catalogue/image_variants.ts";
import { imageKeyType, keysOfVariants, newImageKey, variantKeysOf } from "./image_keys.ts";

export class PostgresImageStorage implements ImageStorage {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async put(bytes: Uint8Array, contentType: string): Promise<string> {
    const key = newImageKey(contentType);
    await this.#sql.query(
      "INSERT INTO stored_images (key, content_type, bytes) VALUES ($1, $2, $3)",
      [key, contentType, bytes],
    );
    return `/uploads/${key}`;
  }

  async putVariants(url: string, variants: ImageVariant[]): Promise<void> {
    const keys = keysOfVariants(url, variants);
    await this.#sql.transaction(async (tx) => {
      for (const [i, key] of keys.entries()) {
        await tx.query(
          `INSERT INTO stored_images (key, content_type, bytes) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes`,
          [key, variants[i].contentType, variants[i].bytes],
        );
      }
    });
  }

  async get(key: string): Promise<StoredImage | undefined> {
    if (!imageKeyType(key)) return undefined;
    const rows = await this.#sql.query<{ content_type: string; bytes: Uint8Array }>(
      "SELECT content_type, bytes FROM stored_images WHERE key = $1",
      [key],
    );
    const row = rows[0];
    return row ? { bytes: new Uint8Array(row.bytes), contentType: row.content_type } : undefined;
  }

  async delete(key: string): Promise<void> {
    if (!imageKeyType(key)) return;
    await this.#sql.query("DELETE FROM stored_images WHERE key = ANY($1::text[])", [
      [key, ...variantKeysOf(key)],
    ]);
  }
}
