/**
 * The names every image storage gives what it stores: a new random UUID and the
 * extension of the image's type, so `/uploads/...` URLs look the same whichever storage
 * made them, and a key is checked against this shape before it reaches a path or a query.
 */

const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(EXTENSION_BY_TYPE).map(([type, ext]) => [ext, type]),
);

/** A UUID (as crypto.randomUUID makes them) and an image extension. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif)$/;

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
