/**
 * Product images from a multipart form, checked by the uploads module (JPEG, PNG, WebP
 * or GIF by their bytes, at most 5 MB each) and stored through the storage port, which
 * returns the URL path to list (and, in the shop, reads each one whole and makes its
 * resized copies: adapters/images). Nothing is stored unless every file passes.
 */
import type { ImageStorage } from "../../domain/ports.ts";
import { MAX_BOOK_IMAGES } from "../../domain/catalogue/images.ts";
import { UnreadableImageError } from "../../domain/catalogue/image_variants.ts";
import { ApiError } from "../middleware/errors.ts";
import { MAX_IMAGE_BYTES, readImageUploads, uploadError } from "../uploads/mod.ts";

export { MAX_IMAGE_BYTES };
/** Images on one product form: as many as a book may list. */
export const MAX_IMAGES = MAX_BOOK_IMAGES;

/** Checks the files of one form field (400 count, 413 size, 415 type) and stores them in order. */
export async function storeImages(
  storage: ImageStorage,
  upload: { field: string; files: File[]; min: number; max: number },
): Promise<string[]> {
  const outcome = await readImageUploads(upload.files, {
    min: upload.min,
    max: upload.max,
    maxBytes: MAX_IMAGE_BYTES,
  });
  if (outcome.kind !== "ok") throw uploadError(outcome, upload.field);
  const urls: string[] = [];
  try {
    for (const image of outcome.images) {
      urls.push(await storage.put(image.bytes, image.contentType));
    }
  } catch (error) {
    // All or nothing: the images stored before the one that failed go too.
    for (const url of urls) await storage.delete(url.slice("/uploads/".length)).catch(() => {});
    if (error instanceof UnreadableImageError) {
      const message = "An image could not be read: its bytes are not the image they claim to be";
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", message, [{
        field: upload.field,
        message,
      }]);
    }
    throw error;
  }
  return urls;
}
