/**
 * ImageStorage that passes every new image through an ImageProcessor first: what is
 * stored is the picture with its orientation applied and its metadata gone, and its
 * resized copies beside it. Every way an image comes in (a product form, a CSV import's
 * drawn cover, the demo catalogue) goes through `put`, so none skips this.
 *
 * Small images (under `copiesAtOnceFrom` bytes: the covers a CSV import draws, icons) are
 * stored cleaned but without copies, which are made on the first request for one, as for
 * images stored before copies were made (an older database): `get` of a copy that is
 * missing reads the original, makes every copy once (concurrent requests share the work)
 * and stores them. An original that cannot be
 * read (stored before uploads were read whole) is served as it is under its copies' names,
 * so the pages that list the copies still show it.
 */
import {
  type ImageVariant,
  parseVariantKey,
  UnreadableImageError,
} from "../../domain/catalogue/image_variants.ts";
import type { ImageProcessor, ImageStorage, StoredImage } from "../../domain/ports.ts";

const EXTENSIONS = ["jpg", "png", "webp", "gif"];

export class ProcessedImageStorage implements ImageStorage {
  readonly #inner: ImageStorage;
  readonly #processor: ImageProcessor;
  readonly #copiesAtOnceFrom: number;
  readonly #making = new Map<string, Promise<"made" | StoredImage | undefined>>();

  /** `copiesAtOnceFrom`: uploads of at least this many bytes get their copies at once (0: all). */
  constructor(
    inner: ImageStorage,
    processor: ImageProcessor,
    options: { copiesAtOnceFrom?: number } = {},
  ) {
    this.#inner = inner;
    this.#processor = processor;
    this.#copiesAtOnceFrom = options.copiesAtOnceFrom ?? 0;
  }

  async put(bytes: Uint8Array, contentType: string): Promise<string> {
    const copies = bytes.length >= this.#copiesAtOnceFrom;
    const prepared = await this.#processor.prepare(bytes, contentType, { copies });
    const url = await this.#inner.put(prepared.original.bytes, prepared.original.contentType);
    if (prepared.variants.length === 0) return url;
    try {
      await this.#inner.putVariants(url, prepared.variants);
    } catch (error) {
      await this.#inner.delete(url.slice("/uploads/".length)).catch(() => {});
      throw error;
    }
    return url;
  }

  putVariants(url: string, variants: ImageVariant[]): Promise<void> {
    return this.#inner.putVariants(url, variants);
  }

  async get(key: string): Promise<StoredImage | undefined> {
    const stored = await this.#inner.get(key);
    if (stored) return stored;
    const variant = parseVariantKey(key);
    if (!variant) return undefined;
    let making = this.#making.get(variant.name);
    if (!making) {
      making = this.#makeVariants(variant.name).finally(() => this.#making.delete(variant.name));
      this.#making.set(variant.name, making);
    }
    const made = await making;
    return made === "made" ? await this.#inner.get(key) : made;
  }

  delete(key: string): Promise<void> {
    return this.#inner.delete(key);
  }

  /**
   * Makes the copies of the original named `name`: "made", or the original itself when it
   * cannot be read, or undefined when there is none.
   */
  async #makeVariants(name: string): Promise<"made" | StoredImage | undefined> {
    for (const extension of EXTENSIONS) {
      const key = `${name}.${extension}`;
      const original = await this.#inner.get(key);
      if (!original) continue;
      try {
        const prepared = await this.#processor.prepare(original.bytes, original.contentType);
        await this.#inner.putVariants(`/uploads/${key}`, prepared.variants);
        return "made";
      } catch (error) {
        if (error instanceof UnreadableImageError) return original;
        throw error;
      }
    }
    return undefined;
  }
}
