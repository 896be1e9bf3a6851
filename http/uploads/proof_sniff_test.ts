import assert from "node:assert/strict";
import { sniffProofType } from "./proof_sniff.ts";

const ascii = (text: string) => new TextEncoder().encode(text);

Deno.test("sniffProofType() takes a PDF, JPEG, PNG or WebP by its bytes and nothing else", () => {
  assert.equal(sniffProofType(ascii("%PDF-1.7\n%âãÏÓ")), "application/pdf");
  assert.equal(sniffProofType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])), "image/jpeg");
  assert.equal(
    sniffProofType(
      new Uint8Array([
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        0,
        0,
        0,
        13,
        ...ascii("IHDR"),
      ]),
    ),
    "image/png",
  );
  assert.equal(sniffProofType(ascii("RIFF\0\0\0\0WEBPVP8 ")), "image/webp");
  assert.equal(sniffProofType(ascii("GIF89a....")), undefined);
  assert.equal(sniffProofType(ascii("<html>%PDF-")), undefined);
  assert.equal(sniffProofType(ascii("%PD")), undefined);
  assert.equal(sniffProofType(new Uint8Array()), undefined);
});
