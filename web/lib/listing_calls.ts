/** The stores' calls of the API (listing_api.ts), loaded when first needed. */
import type * as ListingApi from "./listing_api.ts";

/** The stores' calls, loaded on first use; the browser keeps the module once loaded. */
export function listingApi(): Promise<typeof ListingApi> {
  return import("./listing_api.ts");
}
