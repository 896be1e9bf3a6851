/**
 * Sinhala and Tamil (and any Latin beside them) on a generated cover: the shop's own Noto
 * Sans faces (the @fontsource files the storefront and the order slip use), shaped by
 * HarfBuzz so that Sinhala's and Tamil's vowel signs, conjuncts and ligatures come out as a
 * reader writes them, and filled here with anti-aliased edges. Nothing reads the machine's
 * fonts: the same title draws the same picture everywhere.
 *
 * Why not librsvg (sharp rendering an SVG `<text>`): it finds fonts through fontconfig,
 * whose configuration is read once per process from the environment, and it would draw
 * with whatever the machine has when the shop's faces are not found. Why not opentype.js:
 * it does not apply Sinhala's and Tamil's reordering and conjunct rules. HarfBuzz does, and
 * the shop already ships it (subset-font cuts the language switcher's faces with it).
 */
import { createRequire } from "node:module";
// Importing the packages' manifests puts them in the module graph, so that the shop's own
// install (deno.start.lock) has their font files.
import sinhalaFontPackage from "@fontsource/noto-sans-sinhala/package.json" with {
  type: "json",
};
import tamilFontPackage from "@fontsource/noto-sans-tamil/package.json" with { type: "json" };
import { ShapingFace } from "../fonts/harfbuzz.ts";

/** Letters only the shop's own faces draw: the bitmap font has neither script. */
const NEEDS_FACES = /[\u0D80-\u0DFF\u0B80-\u0BFF]/;

/** Whether a text has Sinhala or Tamil letters, which only the font faces draw. */
export function needsFaces(text: string): boolean {
  return NEEDS_FACES.test(text);
}

export type Weight = 400 | 700;

type Face = ShapingFace;

/** Each script's face, in the order a character is offered to them. */
const SUBSETS = [
  { packageName: sinhalaFontPackage.name, subset: "sinhala" },
  { packageName: tamilFontPackage.name, subset: "tamil" },
  // Noto Sans's Latin letters, as the Sinhala package ships them.
  { packageName: sinhalaFontPackage.name, subset: "latin" },
  { packageName: sinhalaFontPackage.name, subset: "latin-ext" },
] as const;

function openFace(packageName: string, subset: string, weight: Weight): Face {
  const family = packageName.split("/").pop();
  const path = createRequire(import.meta.url)
    .resolve(`${packageName}/files/${family}-${subset}-${weight}-normal.woff`);
  return ShapingFace.fromWoff(Deno.readFileSync(path));
}

/**
 * The faces of a weight, opened at the first Sinhala or Tamil text and kept: they are the
 * same files for the life of the process, and a Latin-only catalogue never opens them.
 */
const opened = new Map<Weight, Face[]>();

function facesOf(weight: Weight): Face[] {
  let faces = opened.get(weight);
  if (!faces) {
    faces = SUBSETS.map((s) => openFace(s.packageName, s.subset, weight));
    opened.set(weight, faces);
  }
  return faces;
}

/** A glyph placed on a line, in pixels from the line's left end and its baseline. */
export interface PlacedGlyph {
  face: Face;
  glyph: number;
  x: number;
  y: number;
  scale: number;
}

export interface ShapedLine {
  glyphs: PlacedGlyph[];
  width: number;
}

/**
 * The text cut into runs, each set in one face: a character stays in the face of the run
 * before it when that face has it (a space or a joiner inside a Sinhala phrase), else it
 * goes to the first face that has it.
 */
function runs(text: string, faces: Face[]): { face: Face; text: string }[] {
  const out: { face: Face; text: string }[] = [];
  for (const char of text) {
    const point = char.codePointAt(0)!;
    const last = out.at(-1);
    const face = last?.face.covers.has(point)
      ? last.face
      : faces.find((f) => f.covers.has(point)) ?? last?.face ?? faces[faces.length - 2];
    if (last && last.face === face) last.text += char;
    else out.push({ face, text: char });
  }
  return out;
}

/**
 * A line of text shaped by HarfBuzz at `size` pixels: each run in its face, one after the
 * other. A character no face has comes out as the Latin face's empty glyph (a box).
 */
export function shapeLine(text: string, size: number, weight: Weight): ShapedLine {
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of runs(text, facesOf(weight))) {
    const scale = size / run.face.upem;
    for (const shaped of run.face.shape(run.text)) {
      glyphs.push({
        face: run.face,
        glyph: shaped.glyph,
        x: pen + shaped.xOffset * scale,
        y: -shaped.yOffset * scale,
        scale,
      });
      pen += shaped.xAdvance * scale;
    }
  }
  return { glyphs, width: pen };
}

/**
 * Words into lines no wider than `width` pixels, at most `maxLines` (the last one ends in
 * "…" when words are left over). The size shrinks, down to 60%, until the longest word
 * fits; a word still too long is cut between letters.
 */
export function layoutLines(
  text: string,
  style: { size: number; weight: Weight; width: number; maxLines: number },
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  const measure = (s: string, size: number) => shapeLine(s, size, style.weight).width;
  const longest = Math.max(0, ...words.map((w) => measure(w, style.size)));
  const size = longest > style.width
    ? Math.max(style.size * 0.6, Math.floor(style.size * style.width / longest))
    : style.size;
  const pieces = words.flatMap((word) => cutToWidth(word, style.width, (s) => measure(s, size)));
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${piece}`, size) <= style.width) {
      lines[lines.length - 1] = `${last} ${piece}`;
    } else {
      lines.push(piece);
    }
  }
  if (lines.length > style.maxLines) {
    const kept = lines.slice(0, style.maxLines);
    let last = kept[kept.length - 1];
    while (last.includes(" ") && measure(`${last}…`, size) > style.width) {
      last = last.slice(0, last.lastIndexOf(" "));
    }
    kept[kept.length - 1] = `${last}…`;
    return { lines: kept, size };
  }
  return { lines, size };
}

/** A word in pieces no wider than `width`, cut between letters (grapheme clusters). */
function cutToWidth(word: string, width: number, measure: (s: string) => number): string[] {
  if (measure(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = "";
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(word)) {
    if (piece !== "" && measure(piece + segment) > width) {
      pieces.push(piece);
      piece = "";
    }
    piece += segment;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

type Point = readonly [number, number];

/** Straight segments enough to follow a curve at cover sizes (glyphs of 15-40px). */
const CURVE_STEPS = 8;

/** A glyph's outline as closed polygons in pixels, its origin at (`x`, `y`), y downwards. */
function outline(placed: PlacedGlyph, x: number, y: number): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  const at = (fx: number, fy: number): Point => [x + fx * placed.scale, y - fy * placed.scale];
  for (const command of placed.face.outline(placed.glyph)) {
    const v = command.values;
    const from = current.at(-1) ?? [x, y];
    if (command.type === "M") {
      if (current.length > 1) polygons.push(current);
      current = [at(v[0], v[1])];
    } else if (command.type === "L") {
      current.push(at(v[0], v[1]));
    } else if (command.type === "Q") {
      const [c, e] = [at(v[0], v[1]), at(v[2], v[3])];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS, u = 1 - t;
        current.push([
          u * u * from[0] + 2 * u * t * c[0] + t * t * e[0],
          u * u * from[1] + 2 * u * t * c[1] + t * t * e[1],
        ]);
      }
    } else if (command.type === "C") {
      const [c1, c2, e] = [at(v[0], v[1]), at(v[2], v[3]), at(v[4], v[5])];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS, u = 1 - t;
        current.push([
          u * u * u * from[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * e[0],
          u * u * u * from[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * e[1],
        ]);
      }
    } else if (command.type === "Z") {
      if (current.length > 1) polygons.push(current);
      current = [];
    }
  }
  if (current.length > 1) polygons.push(current);
  return polygons;
}

/** Rows sampled within each pixel row: 4 gives 16 steps of coverage with the exact columns. */
const ROW_SAMPLES = 4;

/**
 * How much of each pixel of a `width` x `height` area the polygons cover (0 to 1), by the
 * non-zero rule: each pixel row sampled ROW_SAMPLES times, each span's columns exactly.
 */
export function coverage(polygons: Point[][], width: number, height: number): Float32Array {
  const cover = new Float32Array(width * height);
  // Each edge top to bottom with its winding, listed under every pixel row it crosses.
  const rows: [number, number, number, number, number][][] = Array.from(
    { length: height },
    () => [],
  );
  for (const polygon of polygons) {
    polygon.forEach((a, i) => {
      const b = polygon[(i + 1) % polygon.length];
      if (a[1] === b[1]) return;
      const down = b[1] > a[1];
      const [top, bottom] = down ? [a, b] : [b, a];
      const edge: [number, number, number, number, number] = [
        top[0],
        top[1],
        bottom[0],
        bottom[1],
        down ? 1 : -1,
      ];
      const last = Math.min(height - 1, Math.floor(bottom[1]));
      for (let row = Math.max(0, Math.floor(top[1])); row <= last; row++) rows[row].push(edge);
    });
  }
  const crossings: [number, number][] = [];
  for (let row = 0; row < height; row++) {
    for (let s = 0; s < ROW_SAMPLES; s++) {
      const y = row + (s + 0.5) / ROW_SAMPLES;
      crossings.length = 0;
      for (const [x0, y0, x1, y1, winding] of rows[row]) {
        if (y < y0 || y >= y1) continue;
        crossings.push([x0 + (x1 - x0) * (y - y0) / (y1 - y0), winding]);
      }
      crossings.sort((a, b) => a[0] - b[0]);
      let winding = 0;
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i][1];
        if (winding === 0) continue;
        const from = Math.max(0, crossings[i][0]), to = Math.min(width, crossings[i + 1][0]);
        for (let px = Math.floor(from); px < to; px++) {
          const covered = Math.min(to, px + 1) - Math.max(from, px);
          if (covered > 0) cover[row * width + px] += covered / ROW_SAMPLES;
        }
      }
    }
  }
  return cover;
}

/**
 * The pixels a shaped line covers, with its left end at `x` and its baseline at `baseline`:
 * each with how much of it the line covers (0 to 1).
 */
export function lineCoverage(
  line: ShapedLine,
  at: { x: number; baseline: number; width: number; height: number },
): Float32Array {
  const polygons = line.glyphs.flatMap((g) => outline(g, at.x + g.x, at.baseline + g.y));
  return coverage(polygons, at.width, at.height);
}
