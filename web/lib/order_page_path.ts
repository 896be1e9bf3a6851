/**
 * The order page's address on this site, in the page's language: the shop answers it on
 * its public address, which may differ from the one the shopper is on.
 *
 * @example orderPagePath("https://pothgula.lk/orders/7?key=k-7") // "/orders/7?key=k-7"
 */
export function orderPagePath(orderUrl: string): string | undefined {
  try {
    const url = new URL(orderUrl, "http://localhost");
    return /^\/orders\/\d+$/.test(url.pathname) ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
