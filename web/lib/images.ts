/** Shown where a product has no picture. */
export const PLACEHOLDER_IMAGE = "/static/no-image.svg";

export function imageOrPlaceholder(url: string | undefined): string {
  return url && url.length > 0 ? url : PLACEHOLDER_IMAGE;
}
