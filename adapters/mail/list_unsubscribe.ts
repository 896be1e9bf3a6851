/**
 * The headers of a mail a shopper may stop from their mail program (RFC 8058): the
 * address to post to, and the one-click marker that says a POST there unsubscribes.
 *
 * @example listUnsubscribeHeaders("https://shop.lk/api/stock-alerts/unsubscribe?token=1.x")
 *   // { "List-Unsubscribe": "<https://shop.lk/api/stock-alerts/unsubscribe?token=1.x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url.replace(/[\r\n<>]/g, "")}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
