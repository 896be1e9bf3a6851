import assert from "node:assert/strict";
import { sniffImageType } from "./sniff.ts";
import {
  HTML,
  SHELL_SCRIPT,
  SVG,
  TEXT_THEN_PNG,
  TINY_GIF,
  TINY_JPEG,
  TINY_PNG,
  TINY_WEBP,
} from "./testing/images.ts";

const ascii = (s: string) => new TextEncoder().encode(s);

Deno.test("sniffImageType() recognises real PNG, JPEG, GIF and WebP files", () => {
  assert.equal(sniffImageType(TINY_PNG), "image/png");
  assert.equal(sniffImageType(TINY_JPEG), "image/jpeg");
  assert.equal(sniffImageType(TINY_GIF), "image/gif");
  assert.equal(sniffImageType(TINY_WEBP), "image/webp");
});

Deno.test("sniffImageType() refuses scripts, SVG and HTML", () => {
  assert.equal(sniffImageType(SHELL_SCRIPT), undefined);
  assert.equal(sniffImageType(SVG), undefined);
  assert.equal(sniffImageType(HTML), undefined);
  assert.equal(sniffImageType(ascii('<?xml version="1.0"?><svg/>')), undefined);
  assert.equal(sniffImageType(new Uint8Array([0xef, 0xbb, 0xbf, ...SVG])), undefined);
});

Deno.test("sniffImageType() refuses text with an image signature further in", () => {
  assert.equal(sniffImageType(TEXT_THEN_PNG), undefined);
  assert.equal(sniffImageType(new Uint8Array([0x20, ...TINY_JPEG])), undefined);
});

Deno.test("sniffImageType() refuses empty and truncated input", () => {
  assert.equal(sniffImageType(new Uint8Array()), undefined);
  assert.equal(sniffImageType(TINY_PNG.subarray(0, 8)), undefined);
  assert.equal(sniffImageType(TINY_JPEG.subarray(0, 2)), undefined);
  assert.equal(sniffImageType(ascii("GIF89")), undefined);
  assert.equal(sniffImageType(TINY_WEBP.subarray(0, 12)), undefined);
});

Deno.test("sniffImageType() refuses other RIFF files such as WAVE audio", () => {
  const wave = new Uint8Array([...ascii("RIFF"), 36, 0, 0, 0, ...ascii("WAVEfmt "), 16, 0, 0, 0]);
  assert.equal(sniffImageType(wave), undefined);
  const webpLike = new Uint8Array([...TINY_WEBP.subarray(0, 12), ...ascii("ABCD")]);
  assert.equal(sniffImageType(webpLike), undefined);
});
