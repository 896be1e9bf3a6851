/** Saving an order slip: fetched with the bearer token, handed to the browser as a download. */
import type { ApiClient } from "../api.ts";
import { exportOrders, fetchProof, fetchSlip } from "../endpoints.ts";
import { type OrderFilters, proofFileName, slipFileName } from "./orders.ts";

/** Downloads the saved PDF slip of an order as `order-{id}.pdf`. */
export async function downloadSlip(api: ApiClient, orderId: number): Promise<void> {
  saveBlob(await fetchSlip(api, orderId), slipFileName(orderId));
}

/** Downloads a deposit slip the customer sent, named for the order and its number there. */
export async function downloadProof(
  api: ApiClient,
  proof: { orderId: number; proofId: number; position: number; contentType: string },
): Promise<void> {
  const blob = await fetchProof(api, proof.orderId, proof.proofId);
  saveBlob(blob, proofFileName(proof));
}

/** Downloads the orders the filters find (all pages) as CSV, one row per order line. */
export async function downloadOrdersCsv(api: ApiClient, filters: OrderFilters): Promise<void> {
  saveBlob(await exportOrders(api, filters), "orders.csv");
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; give it time before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
