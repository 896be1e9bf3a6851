/**
 * Reads image files out of a multipart form (values from Hono's `parseBody`), checking
 * count, size and type by content. Outcomes are a closed union; `uploadError` turns a
 * failed one into the shop's HTTP error.
 */
import { ApiError } from "../middleware/errors.ts";
import { type ImageType, sniffImageType } from "./sniff.ts";

/** Uploaded images: at most 5 MB each. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface UploadedImage {
  bytes: Uint8Array;
  contentType: ImageType;
}

export interface UploadLimits {
  min: number;
  max: number;
  maxBytes: number;
}

export type UploadOutcome =
  | { kind: "ok"; images: UploadedImage[] }
  /** Fewer files than `min`. */
  | { kind: "missing"; min: number }
  | { kind: "too_many"; max: number }
  /** `name` is the client's file name, for the message only. */
  | { kind: "too_large"; name: string; maxBytes: number }
  | { kind: "unsupported"; name: string };

/**
 * The values of one form field as a list: `parseBody({ all: true })` gives a single
 * value, an array for repeated fields, or undefined when absent.
 */
export function formFiles(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A browser sends an empty, nameless file part for a file input left empty. */
function isBlankPart(value: unknown): boolean {
  return (value instanceof File && value.size === 0 && value.name === "") || value === "";
}

/**
 * @example
 * const body = await c.req.parseBody({ all: true });
 * const outcome = await readImageUploads(formFiles(body.images), {
 *   min: 1, max: 10, maxBytes: MAX_IMAGE_BYTES,
 * });
 * if (outcome.kind !== "ok") throw uploadError(outcome, "images");
 */
export async function readImageUploads(
  files: unknown[],
  opts: UploadLimits,
): Promise<UploadOutcome> {
  const parts = files.filter((value) => !isBlankPart(value));
  if (parts.length < opts.min) return { kind: "missing", min: opts.min };
  if (parts.length > opts.max) return { kind: "too_many", max: opts.max };
  const images: UploadedImage[] = [];
  for (const part of parts) {
    if (!(part instanceof File)) return { kind: "unsupported", name: "" };
    if (part.size > opts.maxBytes) {
      return { kind: "too_large", name: part.name, maxBytes: opts.maxBytes };
    }
    const bytes = new Uint8Array(await part.arrayBuffer());
    const contentType = sniffImageType(bytes);
    if (!contentType) return { kind: "unsupported", name: part.name };
    images.push({ bytes, contentType });
  }
  return { kind: "ok", images };
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The HTTP error for a failed upload of form field `field` (400, 413 or 415). */
export function uploadError(
  outcome: Exclude<UploadOutcome, { kind: "ok" }>,
  field: string,
): ApiError {
  const problem = (status: 400 | 413 | 415, code: ApiError["code"], message: string) =>
    new ApiError(status, code, message, [{ field, message }]);
  switch (outcome.kind) {
    case "missing":
      return problem(
        400,
        "VALIDATION_FAILED",
        outcome.min === 1 ? "Choose an image" : `Choose at least ${outcome.min} images`,
      );
    case "too_many":
      return problem(400, "VALIDATION_FAILED", `Choose at most ${outcome.max} images`);
    case "too_large":
      return problem(
        413,
        "PAYLOAD_TOO_LARGE",
        `Image "${outcome.name}" is larger than ${megabytes(outcome.maxBytes)}`,
      );
    case "unsupported":
      return problem(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        outcome.name
          ? `"${outcome.name}" is not a JPEG, PNG, WebP or GIF image`
          : "Images must be uploaded as files",
      );
  }
}
