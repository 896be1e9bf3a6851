/**
 * The resized copies of every product image: which widths and types are made, what they
 * are called, and the `srcset` a page lists them in. An image at `/uploads/K.jpg` has
 * `/uploads/K-w160.webp`, `/uploads/K-w160.jpg`, … up to `-w1024`: the original's type for
 * browsers without WebP (GIF's copies are PNG), and WebP for the others. A copy is never
 * wider than the original: a small original's larger copies are the original's size.
 */

/** The widths made of every image, in CSS pixels at 1x on a phone up to 2x on a desktop. */
export const VARIANT_WIDTHS: readonly number[] = [160, 320, 640, 1024];

/** One resized copy of an image, as made and stored. */
export interface ImageVariant {
  width: number;
  contentType: string;
  bytes: Uint8Array;
}

/** An image ready to store: the full-size picture and its copies. */
export interface PreparedImage {
  original: { bytes: Uint8Array; contentType: string };
  variants: ImageVariant[];
}

/**
 * Thrown when bytes that start like an image of a type cannot be read as one (a script
 * behind a JPEG signature, a truncated file): nothing of it is stored.
 */
export class UnreadableImageError extends Error {
  override name = "UnreadableImageError";
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** An uploaded image's path: `/uploads/`, a name, an image extension. */
const UPLOAD = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]{0,100})\.(jpg|jpeg|png|webp|gif)$/;
/** A copy's key (after `/uploads/`): the original's name, `-w` and a width. */
const VARIANT_KEY = /^([A-Za-z0-9][A-Za-z0-9_-]{0,100})-w(\d{2,4})\.(jpg|png|webp)$/;

/** The types a copy of an image of `contentType` is made in: its own (PNG for GIF) and WebP. */
export function variantTypes(contentType: string): string[] {
  const own = contentType === "image/gif" ? "image/png" : contentType;
  return own === "image/webp" ? ["image/webp"] : [own, "image/webp"];
}

/**
 * The path of the copy of the image at `url` in `width` and `contentType`, or undefined
 * when `url` is not an uploaded image (a placeholder, another site's address).
 *
 * @example variantPath("/uploads/ab.jpg", 320, "image/webp") // "/uploads/ab-w320.webp"
 */
export function variantPath(url: string, width: number, contentType: string): string | undefined {
  const match = UPLOAD.exec(url);
  const extension = EXTENSIONS[contentType];
  if (!match || !extension) return undefined;
  return `/uploads/${match[1]}-w${width}.${extension}`;
}

/** The key (after `/uploads/`) of a copy of the image with key `originalKey`. */
export function variantKey(originalKey: string, width: number, contentType: string) {
  return variantPath(`/uploads/${originalKey}`, width, contentType)?.slice("/uploads/".length);
}

/**
 * What a copy's key names: the original's name (no extension), the width and the type;
 * undefined for any other key, or a width that is not made.
 */
export function parseVariantKey(
  key: string,
): { name: string; width: number; contentType: string } | undefined {
  const match = VARIANT_KEY.exec(key);
  if (!match) return undefined;
  const width = Number(match[2]);
  const contentType = Object.entries(EXTENSIONS).find(([, ext]) => ext === match[3])?.[0];
  if (!VARIANT_WIDTHS.includes(width) || !contentType) return undefined;
  return { name: match[1], width, contentType };
}

/** The image sources a page lists for one picture. */
export interface ImageSources {
  /** The full-size picture, for browsers that take no srcset. */
  src: string;
  /** WebP copies by width, or undefined for an image that has none (a placeholder). */
  webp?: string;
  /** The original type's copies by width. */
  srcset?: string;
}

/**
 * The `srcset`s of the image at `url`: every width in WebP and in its own type.
 *
 * @example imageSources("/uploads/ab.png").webp
 * // "/uploads/ab-w160.webp 160w, /uploads/ab-w320.webp 320w, ..."
 */
export function imageSources(url: string): ImageSources {
  const match = UPLOAD.exec(url);
  if (!match) return { src: url };
  const own = variantTypes(`image/${match[2] === "jpg" ? "jpeg" : match[2]}`)[0];
  const list = (type: string) =>
    VARIANT_WIDTHS.map((width) => `${variantPath(url, width, type)} ${width}w`).join(", ");
  return {
    src: url,
    webp: list("image/webp"),
    srcset: own === "image/webp" ? undefined : list(own),
  };
}

/**
 * The widest copy of the image at `url` in its own type (PNG for a GIF), for a share card:
 * link previews fetch it and many take no WebP. Any other URL is given back as it is.
 *
 * @example shareImage("/uploads/ab.jpg") // "/uploads/ab-w1024.jpg"
 */
export function shareImage(url: string): string {
  const match = UPLOAD.exec(url);
  if (!match) return url;
  const own = variantTypes(`image/${match[2] === "jpg" ? "jpeg" : match[2]}`)[0];
  return variantPath(url, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1], own) ?? url;
}
