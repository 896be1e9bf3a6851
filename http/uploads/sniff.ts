/**
 * Recognises the image types the shop accepts by their first bytes. The file name and
 * the client's Content-Type are never consulted: a script called cover.png is not a PNG.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

export const IMAGE_TYPES: readonly ImageType[] = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, i) => bytes[offset + i] === value);
}

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_HEADER_CHUNK = ascii("IHDR");
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const WEBP_CHUNKS = [ascii("VP8 "), ascii("VP8L"), ascii("VP8X")];

/**
 * The image type the bytes start with, or undefined for anything else (SVG, HTML,
 * scripts, text that merely contains an image signature later on, empty input).
 *
 * @example
 * sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])); // "image/jpeg"
 * sniffImageType(new TextEncoder().encode("<svg ...")); // undefined
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, PNG_HEADER_CHUNK, 12)) {
    return "image/png";
  }
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "image/gif";
  if (
    startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8) &&
    WEBP_CHUNKS.some((chunk) => startsWith(bytes, chunk, 12))
  ) {
    return "image/webp";
  }
  return undefined;
}
