/**
 * Reads what a test needs of a font file: its table tags and the code points its cmap maps
 * to a glyph (formats 4 and 12). A woff2 file is cut to a plain sfnt first (`sfntOf`) by
 * HarfBuzz's subsetter, the one the build cuts the faces with.
 */
import { Buffer } from "node:buffer";
// @ts-types="@types/subset-font"
import subsetFont from "subset-font";

/** `font` (woff2, woff or sfnt) as a plain sfnt keeping the glyphs of `text`. */
export async function sfntOf(font: Uint8Array, text: string): Promise<Uint8Array> {
  return new Uint8Array(await subsetFont(Buffer.from(font), text, { targetFormat: "sfnt" }));
}

/** An sfnt's table tags, and the code points its cmap maps to a glyph (formats 4 and 12). */
export function readSfnt(font: Uint8Array): { tables: string[]; codePoints: number[] } {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    tables.set(tag, view.getUint32(record + 8));
  }
  const cmap = tables.get("cmap")!;
  const found = new Set<number>();
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const sub = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    const format = view.getUint16(sub);
    if (format === 4) {
      const segments = view.getUint16(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = view.getUint16(starts + s * 2);
        const end = view.getUint16(ends + s * 2);
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = view.getUint16(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = rangeOffset === 0
            ? (c + delta) & 0xffff
            : view.getUint16(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < view.getUint32(sub + 12); g++) {
        const group = sub + 16 + g * 12;
        for (let c = view.getUint32(group); c <= view.getUint32(group + 4); c++) found.add(c);
      }
    }
  }
  return { tables: [...tables.keys()], codePoints: [...found].sort((a, b) => a - b) };
}
