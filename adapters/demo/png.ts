/**
 * A small PNG encoder for palette images: 8-bit indices into up to 256 RGB colours,
 * compressed with zlib's deflate. Enough for the demo catalogue's generated covers.
 */
import { deflateSync } from "node:zlib";

export type Rgb = readonly [number, number, number];

/** An image whose pixels are indices into `palette`, row by row. */
export interface PaletteImage {
  width: number;
  height: number;
  palette: readonly Rgb[];
  pixels: Uint8Array;
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOUR_TYPE_PALETTE = 3;

/**
 * The PNG file of a palette image. `level` is zlib's (9 smallest, 1 fastest: covers made
 * by the thousand in an import are worth making fast rather than a few bytes smaller).
 */
export function encodePng(image: PaletteImage, level = 9): Uint8Array {
  const { width, height, palette, pixels } = image;
  if (pixels.length !== width * height) throw new RangeError("Pixel count does not match size");
  if (palette.length === 0 || palette.length > 256) {
    throw new RangeError("A palette holds 1 to 256 colours");
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, COLOUR_TYPE_PALETTE, 0, 0, 0], 8);
  return concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Uint8Array.from(palette.flat())),
    chunk("IDAT", deflateSync(scanlines(image), { level })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Each row behind a filter byte of 0 (none): the patterns compress well as they are. */
function scanlines({ width, height, pixels }: PaletteImage): Uint8Array {
  const out = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    out.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 PNG puts after every chunk (over its type and data). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
