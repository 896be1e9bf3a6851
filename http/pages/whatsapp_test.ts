/**
 * WhatsApp on the storefront follows `WHATSAPP_NUMBER`: the footer's link and the QR code
 * the order popup shows (made from the number, read back here as a phone's camera would).
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import decodeQR from "qr/decode.js";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import { pagesApp } from "./mod.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";

await ensureBuilt();

/** The landline first, as the shop lists it; WhatsApp answers on another number. */
const WHATSAPP = "+94 76 555 0101";
const SHOP: ShopInfo = {
  ...SAMPLE_SHOP,
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  whatsappNumber: WHATSAPP,
};
const BANK: BankDetails = { ...SAMPLE_BANK, whatsappNumber: WHATSAPP };

async function app() {
  return pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
  });
}

/** What a camera reads from an SVG: drawn at 300 px, then decoded from its pixels. */
async function readQr(svg: Uint8Array): Promise<string> {
  const { data, info } = await sharp(svg, { density: 300 }).resize(300, 300).flatten({
    background: "#ffffff",
  }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data: new Uint8Array(data) });
}

Deno.test("the footer's WhatsApp link opens a chat with WHATSAPP_NUMBER, not the landline, in every language", async () => {
  const pages = await app();
  for (const path of ["/", "/si/privacy", "/ta/cart"]) {
    const page = await (await pages.request(path)).text();
    assert.ok(page.includes('href="https://wa.me/94765550101"'), `${path}: the WhatsApp number`);
    assert.ok(!page.includes("wa.me/94112734567"), `${path}: never the landline`);
  }
});

Deno.test("the WhatsApp QR code is made from WHATSAPP_NUMBER and reads as the chat link", async () => {
  const pages = await app();
  const answer = await pages.request("/qr/whatsapp-94765550101.svg");
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "image/svg+xml");
  assert.equal(answer.headers.get("x-content-type-options"), "nosniff");
  assert.match(answer.headers.get("cache-control") ?? "", /public/);
  const svg = new Uint8Array(await answer.arrayBuffer());
  assert.match(new TextDecoder().decode(svg), /^<svg [^>]*viewBox=/);
  assert.equal(await readQr(svg), "https://wa.me/94765550101");
});

Deno.test("the shop makes no QR code of a number it does not use", async () => {
  const pages = await app();
  for (const path of ["/qr/whatsapp-94771234567.svg", "/qr/whatsapp-1.svg", "/qr/x.svg"]) {
    assert.equal((await pages.request(path)).status, 404, path);
  }
  // The fixed picture of the demo number is gone: it ignored WHATSAPP_NUMBER.
  assert.equal((await pages.request("/static/whatsapp-qr.svg")).status, 404);
});
