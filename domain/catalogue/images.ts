/** The rules of a product's images: what a change leaves and what it drops. */
import type { ImageChange } from "./model.ts";

/** The most images a book lists (and one form may upload). */
export const MAX_BOOK_IMAGES = 10;

export type ImageChangeOutcome =
  | { kind: "ok"; images: string[]; removed: string[] }
  | { kind: "unknown_image"; image: string }
  | { kind: "no_images" }
  | { kind: "too_many_images"; limit: number };

/**
 * A book's images after a change, and the ones it no longer lists. `arrange` may drop and
 * reorder but never bring in an image the book does not have; every change leaves at
 * least one image; adding stops at MAX_BOOK_IMAGES; an image is listed once.
 *
 * @example applyImageChange(["/a", "/b"], { kind: "arrange", images: ["/b"] })
 * // { kind: "ok", images: ["/b"], removed: ["/a"] }
 */
export function applyImageChange(current: string[], change: ImageChange): ImageChangeOutcome {
  let images: string[];
  switch (change.kind) {
    case "add":
      images = [...current, ...change.images.filter((i) => !current.includes(i))];
      // Only adding grows the list: a book listing more (from before the limit) can still
      // be rearranged and trimmed.
      if (images.length > MAX_BOOK_IMAGES && images.length > current.length) {
        return { kind: "too_many_images", limit: MAX_BOOK_IMAGES };
      }
      break;
    case "arrange": {
      const stranger = change.images.find((i) => !current.includes(i));
      if (stranger !== undefined) return { kind: "unknown_image", image: stranger };
      images = [...new Set(change.images)];
      break;
    }
    case "replace": {
      if (!current.includes(change.old)) return { kind: "unknown_image", image: change.old };
      images = current.map((i) => i === change.old ? change.image : i);
      images = [...new Set(images)];
      break;
    }
  }
  if (images.length === 0) return { kind: "no_images" };
  return { kind: "ok", images, removed: current.filter((i) => !images.includes(i)) };
}
