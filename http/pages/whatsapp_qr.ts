/**
 * The QR code of the shop's WhatsApp chat link, drawn as SVG from `WHATSAPP_NUMBER` (with
 * the `qr` package: no dependencies, an SVG of one path of about 2 KB, made once a number).
 * Served at `whatsappQrPath(number)`: the number is in the address, so no browser or cache
 * keeps the picture of a number the shop no longer uses, and any other address is 404.
 */
import encodeQR from "qr";
import type { Context } from "hono";
import { whatsappChatUrl, whatsappQrPath } from "../../domain/shop.ts";

/** The QR code of the chat link as an SVG document, on white (a scanner needs the quiet zone). */
export function whatsappQrSvg(chatUrl: string): string {
  const svg = encodeQR(chatUrl, "svg", { ecc: "medium", border: 2, optimize: true });
  return svg.replace(/^<svg /, '<svg width="160" height="160" ').replace(
    /(<svg[^>]*>)/,
    '$1<rect width="100%" height="100%" fill="#fff"/>',
  );
}

/**
 * The route's handler for one number: its picture at its own address, made on the first
 * request and kept; undefined when the number is not one WhatsApp can reach.
 */
export function whatsappQrRoute(
  number: string,
): { path: string; answer: (c: Context) => Response } | undefined {
  const path = whatsappQrPath(number);
  const chatUrl = whatsappChatUrl(number);
  if (!path || !chatUrl) return undefined;
  let svg: string | undefined;
  return {
    path,
    answer: (c) =>
      c.body(svg ??= whatsappQrSvg(chatUrl), 200, {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      }),
  };
}
