/** Saving an order slip: fetched with the bearer token, handed to the browser as a download. */
import type { ApiClient } from "./api.ts";
import { fetchSlip } from "./endpoints.ts";
import { slipFileName } from "./orders.ts";

/** Downloads the saved PDF slip of an order as `order-{id}.pdf`. */
export async function downloadSlip(api: ApiClient, orderId: number): Promise<void> {
  const blob = await fetchSlip(api, orderId);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = slipFileName(orderId);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; give it time before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
