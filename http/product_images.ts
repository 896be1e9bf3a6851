/**
 * Product images from a multipart form: recognised by their bytes (JPEG, PNG, WebP,
 * GIF), never by the file name or the declared type; at most 5 MB each and 10 a form.
 * Stored through the storage port, which returns the URL path to list.
 */
import type { ImageStorage } from "../domain/ports.ts";
import { ApiError } from "./errors.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  return prefix.every((b, i) => bytes[offset + i] === b);
}

/** The image type the bytes are, or undefined when they are no image the shop serves. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "image/webp";
  }
  return undefined;
}

/**
 * Checks every file of a field and stores them, in order. 400 when the count is wrong,
 * 413 for a file over 5 MB, 415 for bytes that are not an image. Nothing is stored
 * unless every file passes.
 */
export async function storeImages(
  storage: ImageStorage,
  upload: { field: string; files: File[]; min: number; max: number },
): Promise<string[]> {
  const { field, files, min, max } = upload;
  if (files.length < min || files.length > max) {
    const wanted = min === max ? `exactly ${min}` : `${min} to ${max}`;
    throw new ApiError(400, "VALIDATION_FAILED", `Invalid fields: ${field}`, [
      { field, message: `must hold ${wanted} image files` },
    ]);
  }
  const checked: { bytes: Uint8Array; type: string }[] = [];
  for (const file of files) {
    if (file.size > MAX_IMAGE_BYTES) {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", `Image "${file.name}" is larger than 5 MB`);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) {
      throw new ApiError(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        `File "${file.name}" is not a JPEG, PNG, WebP or GIF image`,
      );
    }
    checked.push({ bytes, type });
  }
  const urls: string[] = [];
  for (const image of checked) urls.push(await storage.put(image.bytes, image.type));
  return urls;
}
