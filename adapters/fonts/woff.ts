/**
 * WOFF 1.0 to a plain sfnt (TrueType or OpenType) file: each table inflated where WOFF
 * compressed it, and laid out again behind an sfnt table directory. The shop's Sinhala and
 * Tamil faces come from @fontsource as WOFF; HarfBuzz reads only sfnt.
 */
import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_RECORD = 16;

/** The sfnt inside a WOFF 1.0 file; throws on anything else. */
export function sfntFromWoff(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER || view.getUint32(0) !== WOFF_SIGNATURE) {
    throw new Error("Not a WOFF 1.0 file");
  }
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? new Uint8Array(inflateSync(stored)) : stored;
    if (data.byteLength !== length) throw new Error("A WOFF table inflates to a wrong length");
    return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data };
  });
  const padded = (n: number) => (n + 3) & ~3;
  let offset = SFNT_HEADER + count * SFNT_RECORD;
  const size = tables.reduce((total, t) => total + padded(t.data.byteLength), offset);
  const sfnt = new Uint8Array(size);
  const out = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, flavor);
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + i * SFNT_RECORD;
    out.setUint32(record, table.tag);
    out.setUint32(record + 4, table.checksum);
    out.setUint32(record + 8, offset);
    out.setUint32(record + 12, table.data.byteLength);
    sfnt.set(table.data, offset);
    offset += padded(table.data.byteLength);
  });
  return sfnt;
}
