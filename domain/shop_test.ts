import assert from "node:assert/strict";
import { whatsappChatUrl, whatsappDigits, whatsappQrPath, whatsappShown } from "./shop.ts";

Deno.test("whatsappDigits() writes a Sri Lankan number with its country code, however it was typed", () => {
  for (
    const typed of ["+94 77 123 4567", "077 123 4567", "0094 77 123 4567", "+94 (0)77 123-4567"]
  ) {
    assert.equal(whatsappDigits(typed), "94771234567", typed);
  }
  assert.equal(whatsappDigits("011 273 4567"), "94112734567");
});

Deno.test("whatsappDigits() keeps another country's number after its + or 00 and refuses anything else", () => {
  assert.equal(whatsappDigits("+44 20 7946 0000"), "442079460000");
  assert.equal(whatsappDigits("0061 2 9999 0000"), "61299990000");
  for (const bad of ["77 123 4567", "call us", "", "+1", "+94 77 123 4567 ext 2"]) {
    assert.equal(whatsappDigits(bad), undefined, bad);
  }
});

Deno.test("whatsappChatUrl() and whatsappQrPath() name the configured number, never another", () => {
  assert.equal(whatsappChatUrl("+94 76 555 0101"), "https://wa.me/94765550101");
  assert.equal(whatsappQrPath("+94 76 555 0101"), "/qr/whatsapp-94765550101.svg");
  assert.equal(whatsappChatUrl("nonsense"), undefined);
  assert.equal(whatsappQrPath("nonsense"), undefined);
});

Deno.test("whatsappShown() writes a number as people read it, however it was typed", () => {
  for (const typed of ["94771234567", "+94771234567", "077 123 4567", "+94 77 123 4567"]) {
    assert.equal(whatsappShown(typed), "+94 77 123 4567", typed);
  }
  assert.equal(whatsappShown("+44 20 7946 0000"), "+442079460000");
  assert.equal(whatsappShown("ask at the counter"), "ask at the counter");
});
