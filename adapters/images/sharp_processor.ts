/**
 * ImageProcessor with sharp (libvips, prebuilt in the npm packages `@img/sharp-*`): the
 * picture is decoded in full, turned as its EXIF orientation says, and written again
 * without metadata (no camera, no place, no date), at full size in its own type and in
 * resized copies of every width in image_variants.ts. A GIF is kept as uploaded (it
 * carries no EXIF, and may move); its copies are PNG and WebP.
 */
import type { Metadata, Sharp } from "sharp";
import {
  type ImageVariant,
  type PreparedImage,
  UnreadableImageError,
  VARIANT_WIDTHS,
  variantTypes,
} from "../../domain/catalogue/image_variants.ts";
import type { ImageProcessor } from "../../domain/ports.ts";

/** Pixels an upload may decode to: a 12,000 x 8,000 photo, far past any phone's. */
const MAX_INPUT_PIXELS = 100_000_000;

const FORMATS: Readonly<Record<string, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

/** Writes `pipeline` in `contentType`; `full` is the full-size picture, kept at a higher quality. */
function encode(pipeline: Sharp, contentType: string, full: boolean): Sharp {
  switch (contentType) {
    case "image/jpeg":
      // mozjpeg's smaller files for the copies people load; the full size is kept quickly.
      return full ? pipeline.jpeg({ quality: 90 }) : pipeline.jpeg({ quality: 78, mozjpeg: true });
    case "image/png":
      return pipeline.png({ compressionLevel: 8 });
    case "image/webp":
      return pipeline.webp({ quality: full ? 90 : 75 });
    default:
      throw new Error(`No encoder for "${contentType}"`);
  }
}

export interface SharpImageProcessorOptions {
  /** The widths of the copies; image_variants.ts's by default. */
  widths?: readonly number[];
}

export class SharpImageProcessor implements ImageProcessor {
  readonly #widths: readonly number[];

  constructor(options: SharpImageProcessorOptions = {}) {
    this.#widths = options.widths ?? VARIANT_WIDTHS;
  }

  async prepare(
    bytes: Uint8Array,
    contentType: string,
    options: { copies?: boolean } = {},
  ): Promise<PreparedImage> {
    const widths = options.copies === false ? [] : this.#widths;
    // Loaded on first use: a shop that stores no image never loads libvips and its threads.
    const sharp = (await import("sharp")).default;
    const input = () =>
      sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    let decoded: Metadata;
    try {
      decoded = await input().metadata();
    } catch (error) {
      throw new UnreadableImageError(`The image cannot be read: ${firstLine(error)}`);
    }
    const actual = FORMATS[decoded.format ?? ""];
    if (actual !== contentType) {
      throw new UnreadableImageError(
        `The image's bytes start as ${contentType} but decode as ${decoded.format ?? "nothing"}`,
      );
    }
    try {
      // Every pipeline decodes the whole body: a truncated or forged one fails here.
      const [original, ...variants] = await Promise.all([
        contentType === "image/gif"
          ? input().raw().toBuffer().then(() => bytes.slice())
          : encode(input().rotate(), contentType, true).toBuffer().then((b) => new Uint8Array(b)),
        ...widths.flatMap((width) =>
          variantTypes(contentType).map(async (type): Promise<ImageVariant> => {
            const resized = input().rotate().resize({ width, withoutEnlargement: true });
            return {
              width,
              contentType: type,
              bytes: new Uint8Array(await encode(resized, type, false).toBuffer()),
            };
          })
        ),
      ]);
      return { original: { bytes: original as Uint8Array, contentType }, variants };
    } catch (error) {
      throw new UnreadableImageError(`The image cannot be read: ${firstLine(error)}`);
    }
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}
