import assert from "node:assert/strict";
import fc from "fast-check";
import {
  CODE_ALPHABET,
  GENERATED_CODE_BYTES,
  generatedCode,
  generatedCodeBits,
} from "./generated_code.ts";

Deno.test("a made-up code is 12 unmistakable symbols in three groups, a code the shop accepts, of about 59 bits", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: GENERATED_CODE_BYTES, maxLength: GENERATED_CODE_BYTES }),
      (bytes) => {
        const code = generatedCode(bytes);
        if (code === undefined) return; // too many bytes above the ceiling: drawn again
        assert.match(code, /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
        assert.match(code, /^[A-Za-z0-9-]{3,32}$/, "the spelling rule of codes");
      },
    ),
  );
  assert.ok(generatedCodeBits() > 58, String(generatedCodeBits()));
  assert.ok(!/[01OIL]/.test(CODE_ALPHABET));
});

Deno.test("every symbol is as likely as any other: bytes past the alphabet's last whole round are skipped", () => {
  const counts = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) {
    const code = generatedCode(new Uint8Array(GENERATED_CODE_BYTES).fill(byte));
    if (code === undefined) continue;
    counts.set(code[0], (counts.get(code[0]) ?? 0) + 1);
  }
  assert.equal(counts.size, CODE_ALPHABET.length);
  assert.equal(new Set(counts.values()).size, 1, "each symbol from as many bytes");
  assert.equal(generatedCode(new Uint8Array(GENERATED_CODE_BYTES).fill(255)), undefined);
});
