import assert from "node:assert/strict";
import fc from "fast-check";
import { sha256Hex } from "./sha256.ts";

Deno.test("sha256Hex() gives the standard digests of text and bytes in lowercase hex", async () => {
  // FIPS 180-2's examples.
  assert.equal(
    await sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.equal(
    await sha256Hex(""),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  assert.equal(
    await sha256Hex(new Uint8Array([0x61, 0x62, 0x63])),
    await sha256Hex("abc"),
  );
});

Deno.test("sha256Hex() of text is the digest of its UTF-8 bytes, always 64 hex digits", async () => {
  await fc.assert(fc.asyncProperty(fc.string({ unit: "binary" }), async (text) => {
    const hex = await sha256Hex(text);
    assert.match(hex, /^[0-9a-f]{64}$/);
    assert.equal(hex, await sha256Hex(new TextEncoder().encode(text)));
  }));
});
