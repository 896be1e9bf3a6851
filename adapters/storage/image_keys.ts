/**
 * The names every image storage gives what it stores: a new random UUID and the
 * extension of the image's type, so `/uploads/...` URLs look the same whichever storage
 * made them, and a key is checked against this shape before it reaches a path or a query.
 */
import {
  type ImageVariant,
  VARIANT_WIDTHS,
  variantPath,
} from "../../domain/catalogue/image_variants.ts";

const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(EXTENSION_BY_TYPE).map(([type, ext]) => [ext, type]),
);

/**
 * A UUID (as crypto.randomUUID makes them), for a resized copy `-w` and its width
 * (domain/catalogue/image_variants.ts), and an image extension.
 */
const KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-w\d{2,4})?\.(jpg|png|webp|gif)$/;

/**
 * A new key for an image of `contentType`; throws for a type the shop does not store.
 *
 * @example newImageKey("image/jpeg") // "0b6e...-....jpg"
 */
export function newImageKey(contentType: string): string {
  const extension = EXTENSION_BY_TYPE[contentType];
  if (!extension) throw new Error(`Cannot store an image of type "${contentType}"`);
  return `${crypto.randomUUID()}.${extension}`;
}

/** The type a well-formed key names, or undefined for any other text. */
export function imageKeyType(key: string): string | undefined {
  const match = KEY.exec(key);
  return match ? TYPE_BY_EXTENSION[match[1]] : undefined;
}

/** The key (after `/uploads/`) of an image stored under `url`, checked; or undefined. */
export function keyOfUrl(url: string): string | undefined {
  const key = url.startsWith("/uploads/") ? url.slice("/uploads/".length) : undefined;
  return key && imageKeyType(key) ? key : undefined;
}

/**
 * Every key a copy of the image `key` may have: each width in each type a copy is made
 * in. Empty for a key that is itself a copy or is malformed.
 */
export function variantKeysOf(key: string): string[] {
  if (!imageKeyType(key) || /-w\d+\./.test(key)) return [];
  const name = key.slice(0, key.lastIndexOf("."));
  return VARIANT_WIDTHS.flatMap((width) =>
    ["jpg", "png", "webp"].map((extension) => `${name}-w${width}.${extension}`)
  );
}

/**
 * The keys `variants` of the image at `url` are stored under; throws for an image URL this
 * storage did not make or a copy of a type it does not store.
 */
export function keysOfVariants(url: string, variants: ImageVariant[]): string[] {
  const key = keyOfUrl(url);
  if (!key || /-w\d+\./.test(key)) throw new Error(`Not an image of this storage: "${url}"`);
  return variants.map((variant) => {
    const variantKey = variantPath(url, variant.width, variant.contentType)
      ?.slice("/uploads/".length);
    if (!variantKey || !imageKeyType(variantKey) || !VARIANT_WIDTHS.includes(variant.width)) {
      throw new Error(`Cannot store a copy of ${variant.width}px in "${variant.contentType}"`);
    }
    return variantKey;
  });
}
