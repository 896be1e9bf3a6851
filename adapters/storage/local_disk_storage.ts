/**
 * ImageStorage on the local disk (DATA_DIR/uploads by default). Each image gets a new
 * random name, is written to a temporary file and renamed into place, so a reader never
 * sees half an image. Keys are checked against the names this storage makes before any
 * path is built, so no key can reach outside the directory.
 */
import type { ImageStorage, StoredImage } from "../../domain/ports.ts";
import type { ImageVariant } from "../../domain/catalogue/image_variants.ts";
import { imageKeyType, keysOfVariants, newImageKey, variantKeysOf } from "./image_keys.ts";

export class LocalDiskImageStorage implements ImageStorage {
  readonly #directory: string;

  /** `directory` is created on the first upload. */
  constructor(directory: string) {
    this.#directory = directory.replace(/\/+$/, "") || "/";
  }

  async put(bytes: Uint8Array, contentType: string): Promise<string> {
    const key = newImageKey(contentType);
    await this.#write(key, bytes);
    return `/uploads/${key}`;
  }

  async putVariants(url: string, variants: ImageVariant[]): Promise<void> {
    const keys = keysOfVariants(url, variants);
    for (const [i, key] of keys.entries()) await this.#write(key, variants[i].bytes);
  }

  /** Writes a temporary file and renames it over `key`: a reader never sees half an image. */
  async #write(key: string, bytes: Uint8Array): Promise<void> {
    await Deno.mkdir(this.#directory, { recursive: true });
    const temp = `${this.#directory}/.${key}.${crypto.randomUUID()}.tmp`;
    const file = await Deno.open(temp, { write: true, createNew: true, mode: 0o644 });
    try {
      try {
        let written = 0;
        while (written < bytes.length) written += await file.write(bytes.subarray(written));
        await file.syncData();
      } finally {
        file.close();
      }
      await Deno.rename(temp, `${this.#directory}/${key}`);
    } catch (error) {
      await Deno.remove(temp).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<StoredImage | undefined> {
    const contentType = imageKeyType(key);
    if (!contentType) return undefined;
    try {
      const bytes = await Deno.readFile(`${this.#directory}/${key}`);
      return { bytes, contentType };
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!imageKeyType(key)) return;
    for (const name of [...variantKeysOf(key), key]) {
      try {
        await Deno.remove(`${this.#directory}/${name}`);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
    }
  }
}
