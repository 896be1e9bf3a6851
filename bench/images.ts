/** A few real cover images for the generated catalogue, stored where the shop serves uploads. */
import type { Buffer } from "node:buffer";
import sharp from "sharp";
import { LocalDiskImageStorage } from "../adapters/storage/local_disk_storage.ts";
import { ProcessedImageStorage } from "../adapters/images/processed_storage.ts";
import { SharpImageProcessor } from "../adapters/images/sharp_processor.ts";
import { bookFront, stationeryImage } from "../adapters/demo/covers.ts";
import { FIRST_NAMES, STATIONERY_CATEGORIES, TITLE_NOUNS } from "./catalogue_words.ts";
import type { CatalogueImages } from "./catalogue_generator.ts";

const PHOTO = { width: 3000, height: 4000 };

/** A photo's grain, made once for all covers (gaussian noise of 12 megapixels is slow). */
export async function photoGrain(): Promise<Buffer> {
  const grain = await sharp({
    create: {
      ...PHOTO,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 14 },
    },
  }).raw().toBuffer();
  return grain;
}

/**
 * A phone's photo of a cover as a shop owner would upload it: 3000 x 4000 JPEG, a painted
 * gradient with the title under `grain` (photoGrain), so that it compresses as a photo
 * does (about 2 MB).
 */
export async function coverPhoto(title: string, hue: number, grain: Buffer) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="4000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,30%)"/><stop offset="1" stop-color="hsl(${
    (hue + 40) % 360
  },60%,70%)"/></linearGradient></defs>
    <rect width="3000" height="4000" fill="url(#g)"/>
    <rect x="250" y="400" width="2500" height="3200" rx="40" fill="none" stroke="#fff" stroke-width="24"/>
    <text x="1500" y="1600" font-family="serif" font-size="260" fill="#fff" text-anchor="middle">${title}</text>
  </svg>`;
  return new Uint8Array(
    await sharp(new TextEncoder().encode(svg))
      .composite([{ input: grain, raw: { ...PHOTO, channels: 3 }, blend: "soft-light" }])
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
}

/**
 * Stores `count` book covers and a few stationery images under `uploadsDir`: photo-sized
 * JPEGs (`coverPhoto`) when `photos` is set, else small drawn covers.
 */
export async function storeCatalogueImages(
  uploadsDir: string,
  count: number,
  options: { photos?: boolean } = {},
): Promise<CatalogueImages> {
  // Through the shop's own path: each cover with its resized copies.
  const storage = new ProcessedImageStorage(
    new LocalDiskImageStorage(uploadsDir),
    new SharpImageProcessor(),
  );
  const books: string[] = [];
  const grain = options.photos ? await photoGrain() : undefined;
  for (let i = 0; i < count; i++) {
    const title = `The ${TITLE_NOUNS[i % TITLE_NOUNS.length]}`;
    if (grain) {
      books.push(await storage.put(await coverPhoto(title, (i * 47) % 360, grain), "image/jpeg"));
      continue;
    }
    const png = bookFront({ title, author: FIRST_NAMES[i % FIRST_NAMES.length] });
    books.push(await storage.put(png, "image/png"));
  }
  const stationery: string[] = [];
  for (const category of STATIONERY_CATEGORIES.slice(0, Math.max(1, Math.ceil(count / 3)))) {
    const png = stationeryImage({ title: category, category });
    stationery.push(await storage.put(png, "image/png"));
  }
  return { books, stationery };
}
