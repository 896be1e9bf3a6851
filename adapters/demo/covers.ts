/**
 * Covers of our own making for the demo catalogue and for products added without a
 * picture: a colour from a hash of the title, a geometric pattern, and the title in a
 * bitmap font, or, for a title with Sinhala or Tamil letters (which the bitmap font lacks),
 * in the shop's Noto Sans faces shaped by HarfBuzz (cover_text.ts). Books get a front and a
 * back (so the detail page has thumbnails to switch); stationery gets one square picture.
 */
import { ADVANCE, GLYPH_HEIGHT, glyphPixel, printable } from "./bitmap_font.ts";
import { layoutLines, lineCoverage, needsFaces, shapeLine, type Weight } from "./cover_text.ts";
import { encodePng, type Rgb } from "./png.ts";

export const BOOK_COVER_SIZE = { width: 300, height: 450 } as const;
export const STATIONERY_IMAGE_SIZE = { width: 400, height: 400 } as const;

/** zlib's default level: about half the time of level 9 for about a third more bytes. */
const FAST_LEVEL = 6;

/** Palette slots every picture uses; slot 0, the background, is where a canvas starts. */
const SHADE = 1, PANEL = 2, INK = 3, WHITE = 4, ACCENT = 5;
/** The slots above are the palette's first; the shades of anti-aliased letters follow. */
const BASE_SLOTS = 6;
/** Steps of coverage an anti-aliased edge is drawn in (a full pixel is the last). */
const EDGE_LEVELS = 4;

/** A shade of an edge: `ink` laid over the slot `under`, `level` of EDGE_LEVELS of it. */
interface EdgeShade {
  ink: number;
  under: number;
  level: number;
}

/** A line of text set in the shop's faces: its size, weight, and the height of a line. */
interface FaceStyle {
  size: number;
  weight: Weight;
  lineHeight: number;
}

class Canvas {
  readonly pixels: Uint8Array;
  /** The shades the letters' edges use, each a palette slot from BASE_SLOTS on. */
  readonly shades: EdgeShade[] = [];
  readonly #shadeSlots = new Map<string, number>();

  constructor(readonly width: number, readonly height: number) {
    this.pixels = new Uint8Array(width * height);
  }

  #shade(ink: number, under: number, level: number): number {
    const key = `${ink}:${under}:${level}`;
    let slot = this.#shadeSlots.get(key);
    if (slot === undefined) {
      slot = BASE_SLOTS + this.shades.length;
      if (slot > 255) return level * 2 >= EDGE_LEVELS ? ink : under;
      this.shades.push({ ink, under, level });
      this.#shadeSlots.set(key, slot);
    }
    return slot;
  }

  /** Lays a coverage mask (0 to 1 a pixel) of the canvas's width from row `top` in `ink`. */
  #inked(mask: Float32Array, top: number, ink: number): void {
    const rows = mask.length / this.width;
    for (let row = 0; row < rows; row++) {
      const y = top + row;
      if (y < 0 || y >= this.height) continue;
      for (let x = 0; x < this.width; x++) {
        const level = Math.round(Math.min(1, mask[row * this.width + x]) * EDGE_LEVELS);
        if (level === 0) continue;
        const i = y * this.width + x;
        this.pixels[i] = level === EDGE_LEVELS ? ink : this.#shade(ink, this.pixels[i], level);
      }
    }
  }

  /** Centred lines set in the shop's faces from `top`; returns the y below the last line. */
  faceLines(lines: string[], at: { top: number } & FaceStyle, colour: number): number {
    lines.forEach((line, i) => {
      const shaped = shapeLine(line, at.size, at.weight);
      // Room above and below the line for Sinhala's and Tamil's signs over and under it.
      const boxTop = Math.floor(at.top + i * at.lineHeight - at.size * 0.4);
      const baseline = at.top + i * at.lineHeight + at.size * 1.05;
      const mask = lineCoverage(shaped, {
        x: Math.floor((this.width - shaped.width) / 2),
        baseline: baseline - boxTop,
        width: this.width,
        height: Math.ceil(at.lineHeight + at.size * 0.8),
      });
      this.#inked(mask, boxTop, colour);
    });
    return at.top + lines.length * at.lineHeight;
  }

  fill(rect: { x: number; y: number; w: number; h: number }, colour: number): void {
    const x0 = Math.max(0, rect.x), y0 = Math.max(0, rect.y);
    const x1 = Math.min(this.width, rect.x + rect.w), y1 = Math.min(this.height, rect.y + rect.h);
    for (let y = y0; y < y1; y++) {
      this.pixels.fill(colour, y * this.width + x0, y * this.width + x1);
    }
  }

  paint(colour: number, inside: (x: number, y: number) => boolean): void {
    const { width, height, pixels } = this;
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i++) {
        if (inside(x, y)) pixels[i] = colour;
      }
    }
  }

  /** Draws one line of text with its top-left corner at (x, y), `scale` pixels a dot. */
  text(line: string, at: { x: number; y: number; scale: number }, colour: number): void {
    [...line].forEach((char, i) => {
      for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
        for (let gx = 0; gx < ADVANCE - 1; gx++) {
          if (!glyphPixel(char, gx, gy)) continue;
          const x = at.x + (i * ADVANCE + gx) * at.scale;
          this.fill({ x, y: at.y + gy * at.scale, w: at.scale, h: at.scale }, colour);
        }
      }
    });
  }

  /** Centred lines from `top`; returns the y below the last line. */
  centredLines(lines: string[], at: { top: number; scale: number }, colour: number): number {
    const lineHeight = (GLYPH_HEIGHT + 4) * at.scale;
    lines.forEach((line, i) => {
      const width = (line.length * ADVANCE - 1) * at.scale;
      const x = Math.floor((this.width - width) / 2);
      this.text(line, { x, y: at.top + i * lineHeight, scale: at.scale }, colour);
    });
    return at.top + lines.length * lineHeight;
  }
}

/** FNV-1a: a stable 32-bit hash, so a title always gets the same look. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash;
}

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

function paletteFor(hash: number): Rgb[] {
  const hue = hash % 360;
  const saturation = 0.45 + ((hash >>> 9) % 30) / 100;
  return [
    hsl(hue, saturation, 0.42),
    hsl(hue, saturation, 0.3),
    hsl(hue, 0.35, 0.93),
    hsl(hue, 0.5, 0.14),
    [255, 255, 255],
    hsl((hue + 150) % 360, 0.7, 0.55),
  ];
}

/** The palette with the letters' edge shades after its slots, each mixed from its two colours. */
function withShades(palette: readonly Rgb[], shades: readonly EdgeShade[]): Rgb[] {
  const all: Rgb[] = [...palette];
  for (const { ink, under, level } of shades) {
    const t = level / EDGE_LEVELS;
    const [a, b] = [all[ink], all[under]];
    all.push([0, 1, 2].map((c) => Math.round(a[c] * t + b[c] * (1 - t))) as unknown as Rgb);
  }
  return all;
}

/** A title, an author or a category as it will be drawn, and how tall it is. */
interface TextBlock {
  height: number;
  draw(canvas: Canvas, top: number, colour: number): void;
}

/**
 * A text in the bitmap font (upper-cased Latin), or, when it has Sinhala or Tamil letters,
 * in the shop's faces: the same place on the picture either way.
 */
function textBlock(
  text: string,
  bitmap: { chars: number; lines: number; scale: number },
  face: { size: number; weight: Weight; width: number; maxLines: number },
): TextBlock {
  if (!needsFaces(text)) {
    const lines = wrap(text, bitmap.chars, bitmap.lines);
    return {
      height: lines.length * (GLYPH_HEIGHT + 4) * bitmap.scale,
      draw: (canvas, top, colour) =>
        canvas.centredLines(lines, { top, scale: bitmap.scale }, colour),
    };
  }
  const { lines, size } = layoutLines(text.trim(), face);
  const lineHeight = Math.round(size * 1.5);
  return {
    height: lines.length * lineHeight,
    draw: (canvas, top, colour) =>
      canvas.faceLines(lines, { top, size, weight: face.weight, lineHeight }, colour),
  };
}

/** The styles of a cover's texts in the shop's faces, in pixels. */
const FACE = {
  title: { size: 28, weight: 700, width: 236, maxLines: 4 },
  author: { size: 18, weight: 400, width: 260, maxLines: 2 },
  backTitle: { size: 18, weight: 700, width: 260, maxLines: 3 },
  itemTitle: { size: 28, weight: 700, width: 316, maxLines: 4 },
  category: { size: 17, weight: 700, width: 316, maxLines: 1 },
} as const;

type Pattern = (x: number, y: number) => boolean;

/** Each background pattern, with how many variants its `variant` number picks among. */
const PATTERNS: { variants: number; make: (variant: number) => Pattern }[] = [
  {
    variants: 5,
    make: (v) => {
      const period = 24 + v * 6;
      return (x, y) => (x + y) % period < period / 3;
    },
  },
  {
    variants: 4,
    make: (v) => {
      const cell = 30 + v * 8;
      return (x, y) => ((Math.floor(x / cell) + Math.floor(y / cell)) & 1) === 0;
    },
  },
  {
    variants: 3,
    make: (v) => {
      const cell = 36 + v * 8;
      const r = cell / 3;
      return (x, y) => (x % cell - cell / 2) ** 2 + (y % cell - cell / 2) ** 2 < r * r;
    },
  },
  {
    variants: 4,
    make: (v) => {
      const ring = 18 + v * 4;
      return (x, y) => Math.floor(Math.hypot(x - 150, y - 225) / ring) % 2 === 0;
    },
  },
  {
    variants: 4,
    make: (v) => {
      const period = 40 + v * 8;
      return (x, y) => Math.abs((x % period) - period / 2) > y % period - period / 2;
    },
  },
  {
    variants: 5,
    make: (v) => {
      const band = 16 + v * 4;
      return (_x, y) => Math.floor(y / band) % 3 === 0;
    },
  },
];

/** Which pattern and which of its variants a title's hash draws: 25 backgrounds in all. */
function patternKey(hash: number): { index: number; variant: number } {
  const index = (hash >>> 3) % PATTERNS.length;
  return { index, variant: (hash >>> 7) % PATTERNS[index].variants };
}

function patternFor(hash: number): Pattern {
  const { index, variant } = patternKey(hash);
  return PATTERNS[index].make(variant);
}

/** Splits text into lines of at most `width` characters, breaking at spaces. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= width) {
      lines[lines.length - 1] = last + " " + word;
    } else {
      lines.push(word.length > width ? word.slice(0, width - 1) + "-" : word);
    }
  }
  return lines.slice(0, maxLines);
}

/** The front cover of a book: pattern, a panel with the title, the author below. */
export function bookFront(book: { title: string; author: string }): Uint8Array {
  return encodePng(frontImage(book, (hash, canvas) => canvas.paint(SHADE, patternFor(hash))));
}

/**
 * Front covers made by the thousand (books imported without images): each of the few dozen
 * background patterns is painted once and copied after, and compression is zlib's default
 * level. About a third of bookFront's time, for a file a third larger.
 */
export class BookCoverMaker {
  readonly #backgrounds = new Map<string, Uint8Array>();

  render(book: { title: string; author: string }): Uint8Array {
    const image = frontImage(book, (hash, canvas) => {
      // One painted copy per distinct background: at most 25, about 3 MB.
      const { index, variant } = patternKey(hash);
      const key = `${index}:${variant}`;
      let background = this.#backgrounds.get(key);
      if (!background) {
        canvas.paint(SHADE, patternFor(hash));
        background = canvas.pixels.slice();
        this.#backgrounds.set(key, background);
      }
      canvas.pixels.set(background);
    });
    return encodePng(image, FAST_LEVEL);
  }

  /** A stationery item's picture (the demo's own drawing). */
  renderItem(item: { title: string; category: string }): Uint8Array {
    return stationeryImage(item);
  }
}

function frontImage(
  book: { title: string; author: string },
  paintBackground: (hash: number, canvas: Canvas) => void,
) {
  const { width, height } = BOOK_COVER_SIZE;
  const hash = hashText(book.title);
  const canvas = new Canvas(width, height);
  paintBackground(hash, canvas);
  const title = textBlock(book.title, { chars: 12, lines: 5, scale: 3 }, FACE.title);
  const panelHeight = title.height + 36;
  canvas.fill({ x: 20, y: 60, w: width - 40, h: panelHeight }, PANEL);
  canvas.fill({ x: 20, y: 60, w: width - 40, h: 6 }, ACCENT);
  title.draw(canvas, 84, INK);
  canvas.fill({ x: 0, y: height - 90, w: width, h: 90 }, INK);
  textBlock(book.author, { chars: 22, lines: 2, scale: 2 }, FACE.author)
    .draw(canvas, height - 70, WHITE);
  return {
    width,
    height,
    palette: withShades(paletteFor(hash), canvas.shades),
    pixels: canvas.pixels,
  };
}

/** The back of a book: the title small, a band of the pattern, and a barcode of its ISBN. */
export function bookBack(book: { title: string; isbn13: string }): Uint8Array {
  const { width, height } = BOOK_COVER_SIZE;
  const hash = hashText(book.title);
  const canvas = new Canvas(width, height);
  textBlock(book.title, { chars: 20, lines: 3, scale: 2 }, FACE.backTitle).draw(canvas, 40, WHITE);
  const pattern = patternFor(hash >>> 1);
  canvas.paint(SHADE, (x, y) => y > 150 && y < 290 && pattern(x, y));
  canvas.fill({ x: 60, y: 320, w: 180, h: 100 }, WHITE);
  drawBarcode(canvas, book.isbn13, { x: 75, y: 330 });
  canvas.text(printable(book.isbn13), { x: 111, y: 404, scale: 1 }, INK);
  return encodePng({
    width,
    height,
    palette: withShades(paletteFor(hash), canvas.shades),
    pixels: canvas.pixels,
  });
}

/** Bars whose widths follow the digits: a picture of a barcode, not a scannable one. */
function drawBarcode(canvas: Canvas, digits: string, at: { x: number; y: number }): void {
  let x = at.x;
  for (const digit of digits) {
    const n = Number(digit) || 0;
    canvas.fill({ x, y: at.y, w: 1 + (n % 3), h: 68 }, INK);
    x += 2 + (n % 3);
    canvas.fill({ x, y: at.y, w: 1 + (n % 2), h: 68 }, INK);
    x += 4 + (n % 2);
  }
}

/** A square picture of a stationery item: pattern, a panel with its title, its category. */
export function stationeryImage(item: { title: string; category: string }): Uint8Array {
  const { width, height } = STATIONERY_IMAGE_SIZE;
  const hash = hashText(item.title);
  const canvas = new Canvas(width, height);
  canvas.paint(SHADE, patternFor(hash));
  const title = textBlock(item.title, { chars: 16, lines: 4, scale: 3 }, FACE.itemTitle);
  const panelHeight = title.height + 40;
  const top = Math.floor((height - panelHeight) / 2) - 20;
  canvas.fill({ x: 30, y: top, w: width - 60, h: panelHeight }, PANEL);
  title.draw(canvas, top + 22, INK);
  canvas.fill({ x: 30, y: top + panelHeight, w: width - 60, h: 36 }, ACCENT);
  textBlock(item.category, { chars: Infinity, lines: 1, scale: 2 }, FACE.category)
    .draw(canvas, top + panelHeight + 11, INK);
  return encodePng({
    width,
    height,
    palette: withShades(paletteFor(hash), canvas.shades),
    pixels: canvas.pixels,
  });
}
