import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sfntFromWoff } from "./woff.ts";

const require = createRequire(import.meta.url);

/** The checksum the sfnt format keeps for a table: its 32-bit words summed (zero-padded). */
function tableChecksum(data: Uint8Array): number {
  const padded = new Uint8Array((data.byteLength + 3) & ~3);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.byteLength; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

Deno.test("sfntFromWoff() inflates every table of the shop's Sinhala and Tamil faces intact", () => {
  for (
    const file of [
      "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff",
      "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff",
    ]
  ) {
    const sfnt = sfntFromWoff(Deno.readFileSync(require.resolve(file)));
    const view = new DataView(sfnt.buffer);
    assert.equal(view.getUint32(0), 0x00010000, "TrueType outlines");
    const tags: string[] = [];
    for (let i = 0; i < view.getUint16(4); i++) {
      const record = 12 + i * 16;
      const tag = String.fromCharCode(...sfnt.subarray(record, record + 4));
      tags.push(tag);
      const offset = view.getUint32(record + 8);
      assert.equal(offset % 4, 0, `${tag} is aligned`);
      const data = sfnt.subarray(offset, offset + view.getUint32(record + 12));
      // head's checksum counts itself as zero (checkSumAdjustment): compare the others.
      if (tag !== "head") assert.equal(tableChecksum(data), view.getUint32(record + 4), tag);
    }
    for (const tag of ["cmap", "glyf", "loca", "GSUB", "GPOS"]) assert.ok(tags.includes(tag), tag);
    assert.deepEqual(tags, [...tags].sort());
  }
});

Deno.test("sfntFromWoff() refuses what is not WOFF 1.0", () => {
  assert.throws(() => sfntFromWoff(new TextEncoder().encode("wOF2 and then some bytes...")));
  assert.throws(() => sfntFromWoff(new Uint8Array(10)));
});
