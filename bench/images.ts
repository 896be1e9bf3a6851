/** A few real cover images for the generated catalogue, stored where the shop serves uploads. */
import { LocalDiskImageStorage } from "../adapters/storage/local_disk_storage.ts";
import { ProcessedImageStorage } from "../adapters/images/processed_storage.ts";
import { SharpImageProcessor } from "../adapters/images/sharp_processor.ts";
import { bookFront, stationeryImage } from "../adapters/demo/covers.ts";
import { FIRST_NAMES, STATIONERY_CATEGORIES, TITLE_NOUNS } from "./catalogue_words.ts";
import type { CatalogueImages } from "./catalogue_generator.ts";

/** Stores `count` book covers and a few stationery images under `uploadsDir`. */
export async function storeCatalogueImages(
  uploadsDir: string,
  count: number,
): Promise<CatalogueImages> {
  // Through the shop's own path: each cover with its resized copies.
  const storage = new ProcessedImageStorage(
    new LocalDiskImageStorage(uploadsDir),
    new SharpImageProcessor(),
  );
  const books: string[] = [];
  for (let i = 0; i < count; i++) {
    const png = bookFront({
      title: `The ${TITLE_NOUNS[i % TITLE_NOUNS.length]}`,
      author: FIRST_NAMES[i % FIRST_NAMES.length],
    });
    books.push(await storage.put(png, "image/png"));
  }
  const stationery: string[] = [];
  for (const category of STATIONERY_CATEGORIES.slice(0, Math.max(1, Math.ceil(count / 3)))) {
    const png = stationeryImage({ title: category, category });
    stationery.push(await storage.put(png, "image/png"));
  }
  return { books, stationery };
}
