/**
 * A slip's text layer in the order Sinhala and Tamil are written, so that copying a name
 * or searching the PDF finds it.
 *
 * pdfkit (under pdfmake) shapes Sinhala and Tamil with fontkit: the glyphs come out in the
 * order they are drawn, a vowel sign such as ෙ or ெ before the letter it follows in
 * writing, a conjunct as one glyph. Each glyph's text (the font's ToUnicode map) is the
 * characters it came from, so the page read glyph by glyph gives "ෙපාත" for පොත. A PDF
 * maps a glyph to its text once for the whole file, so the fix is to give the glyphs of a
 * reordered cluster codes of their own, whose texts read in turn spell the cluster as it
 * is written (in canonical decomposition: පො is ප, ෙ and ා, one a glyph, which any search
 * that normalises Unicode, and NFC, makes පො again). No glyph's text is empty: pdf.js reads
 * an empty one as the code's own number. The drawing is unchanged (the same glyphs at the
 * same places); only the text behind it reads right, in every viewer, unlike an ActualText
 * span (which pdf.js's text layer, the one unpdf and Firefox use, does not read).
 *
 * Which characters a glyph came from is read from HarfBuzz's clusters (the same font file
 * shaped again, adapters/fonts/harfbuzz.ts), not from fontkit's `codePoints`: fontkit keeps
 * one Glyph object per glyph and its code points are those of the first text it drew
 * (foliojs/fontkit#304), so ු drawn after ැ once reads ැ everywhere after. Where HarfBuzz
 * and fontkit do not draw the same glyphs, fontkit's code points are matched to the text.
 *
 * pdfmake offers no hook for this: it is done by wrapping the `encode` method of pdfkit's
 * embedded fonts, once, in `readInWrittenOrder`.
 */

import type { ShapedGlyph } from "../fonts/harfbuzz.ts";

/** The zero-width joiner and non-joiner: they choose a conjunct's shape, they add no glyph. */
const JOINERS = new Set([0x200c, 0x200d]);

/** The code points of a text in canonical decomposition (ේ is ෙ and ්), joiners left out. */
function decomposed(text: string): number[] {
  return [...text.normalize("NFD")].map((c) => c.codePointAt(0)!).filter((c) => !JOINERS.has(c));
}

function sameCounts(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = (list: number[]) => [...list].sort((x, y) => x - y).join(",");
  return sorted(a) === sorted(b);
}

/**
 * The text each glyph of a shaped run should carry, given the run's text and what each
 * glyph was made of (fontkit's `codePoints`), in drawing order. Glyphs and characters are
 * matched into clusters: the fewest glyphs that hold exactly the characters of the next
 * stretch of text. A cluster drawn in written order keeps its glyphs' own text; in one
 * drawn in another order, the glyphs take the cluster's text as written (decomposed), each
 * as many characters as it was made of, the joiners with the characters they follow.
 * Should the glyphs not add up to the text, the rest keep their own text.
 *
 * @example logicalCodePoints("පො", [[0x0DD9], [0x0DB4], [0x0DCF]])
 * // [[0x0DB4], [0x0DD9], [0x0DCF]]: පො, drawn ෙ ප ා, reads ප ෙ ා, which is පො
 */
export function logicalCodePoints(
  text: string,
  glyphs: readonly (readonly number[])[],
): number[][] {
  const out = glyphs.map((g) => [...g]);
  const chars = [...text];
  let next = 0;
  let g = 0;
  while (g < glyphs.length) {
    const first = g;
    const start = next;
    const drawn: number[] = [];
    const written: number[] = [];
    let matched = false;
    while (g < glyphs.length) {
      drawn.push(...decomposed(String.fromCodePoint(...glyphs[g])));
      g++;
      while (written.length < drawn.length && next < chars.length) {
        written.push(...decomposed(chars[next]));
        next++;
      }
      // A joiner right after the stretch belongs to it: it joins what came before.
      while (next < chars.length && JOINERS.has(chars[next].codePointAt(0)!)) next++;
      if (sameCounts(drawn, written)) {
        matched = true;
        break;
      }
      if (written.length < drawn.length) break; // The text ran out first.
    }
    if (!matched) return out;
    const cluster = chars.slice(start, next).join("");
    const asDrawn = glyphs.slice(first, g).map((cps) => String.fromCodePoint(...cps)).join("");
    if (asDrawn.normalize("NFC") === cluster.normalize("NFC")) continue;
    const inOrder = [...cluster.normalize("NFD")].map((c) => c.codePointAt(0)!);
    let taken = 0;
    for (let k = first; k < g; k++) {
      const piece: number[] = [];
      let letters = decomposed(String.fromCodePoint(...glyphs[k])).length;
      while (
        taken < inOrder.length && (letters > 0 || JOINERS.has(inOrder[taken]) || k === g - 1)
      ) {
        if (!JOINERS.has(inOrder[taken])) letters--;
        piece.push(inOrder[taken++]);
      }
      out[k] = piece;
    }
  }
  return out;
}

/**
 * The text each glyph should carry, from the clusters a shaper gave the glyphs (the index
 * of the first character each came from, in drawing order): a cluster of one glyph reads
 * its characters as written; a cluster of several glyphs reads its characters decomposed,
 * a letter a glyph (with the joiners after it) and the rest on its last glyph. Undefined
 * when the clusters do not run forwards from the first character, or a cluster has fewer
 * letters than glyphs.
 *
 * @example clusterTexts("පොත", [0, 0, 0, 2]) // [[0x0DB4], [0x0DD9], [0x0DCF], [0x0DAD]]
 */
export function clusterTexts(text: string, clusters: readonly number[]): number[][] | undefined {
  const chars = [...text].map((c) => c.codePointAt(0)!);
  if (clusters.length === 0 || clusters[0] !== 0) return chars.length === 0 ? [] : undefined;
  const out: number[][] = [];
  let i = 0;
  while (i < clusters.length) {
    let j = i;
    while (j < clusters.length && clusters[j] === clusters[i]) j++;
    const end = j < clusters.length ? clusters[j] : chars.length;
    if (end <= clusters[i]) return undefined;
    const piece = chars.slice(clusters[i], end);
    if (j - i === 1) {
      out.push(piece);
    } else {
      const letters = [...String.fromCodePoint(...piece).normalize("NFD")]
        .map((c) => c.codePointAt(0)!);
      if (letters.filter((c) => !JOINERS.has(c)).length < j - i) return undefined;
      let taken = 0;
      for (let k = i; k < j; k++) {
        const part: number[] = [];
        // Joiners before the letter go with it; the last glyph takes what is left.
        while (taken < letters.length && JOINERS.has(letters[taken])) part.push(letters[taken++]);
        part.push(letters[taken++]);
        while (taken < letters.length && JOINERS.has(letters[taken])) part.push(letters[taken++]);
        if (k === j - 1) part.push(...letters.slice(taken));
        out.push(part);
      }
    }
    i = j;
  }
  return out;
}

/** What of a pdfkit embedded font the wrapped `encode` uses (pdfkit 0.17-0.19). */
interface EmbeddedFontLike {
  font: { postscriptName?: string };
  layout(
    text: string,
    features?: unknown,
  ): { glyphs: { id: number; codePoints: number[]; advanceWidth: number }[]; positions: unknown };
  subset: { includeGlyph(glyph: number): number; glyphs: number[] };
  unicode: number[][];
  widths: number[];
  scale: number;
}

const CODES = Symbol("pothgula codes by glyph and text");
const WRAPPED = Symbol("pothgula reads in written order");

type WithCodes = EmbeddedFontLike & { [CODES]?: Map<string, number> };

/**
 * The code (CID) that draws `glyph` and reads `text`: the glyph's usual one while no other
 * text was given to it, else a copy of the glyph in the font's subset with a code of its own.
 */
function codeFor(font: WithCodes, glyph: { id: number; advanceWidth: number }, text: number[]) {
  const codes = font[CODES] ??= new Map();
  const key = `${glyph.id}:${text.join(",")}`;
  let code = codes.get(key);
  if (code === undefined) {
    const usual = font.subset.includeGlyph(glyph.id);
    const known = font.unicode[usual];
    if (known === undefined || known === null || known.join(",") === text.join(",")) {
      code = usual;
    } else {
      font.subset.glyphs.push(glyph.id);
      code = font.subset.glyphs.length - 1;
    }
    font.unicode[code] = text;
    font.widths[code] ??= glyph.advanceWidth * font.scale;
    codes.set(key, code);
  }
  return code;
}

/** The shaper of a font by its PostScript name: the faces whose text is read with HarfBuzz. */
export type ShaperOf = (
  postscriptName: string,
) => { shape(text: string): ShapedGlyph[] } | undefined;

/** The text of each glyph of `text` as pdfkit shaped it. */
function glyphTexts(
  font: EmbeddedFontLike,
  text: string,
  glyphs: { id: number; codePoints: number[] }[],
  shaperOf: ShaperOf,
): number[][] {
  const shaper = shaperOf(font.font.postscriptName ?? "");
  const shaped = shaper?.shape(text);
  const same = shaped !== undefined && shaped.length === glyphs.length &&
    shaped.every((s, i) => s.glyph === glyphs[i].id);
  return (same ? clusterTexts(text, shaped.map((s) => s.cluster)) : undefined) ??
    logicalCodePoints(text, glyphs.map((glyph) => glyph.codePoints));
}

/**
 * Makes pdfkit's embedded fonts (the class of `sample`, a font pdfkit opened) write the
 * text of Sinhala and Tamil in written order, the faces `shaperOf` names read with their
 * HarfBuzz shaper. Idempotent; throws when the font is not shaped as this expects (a pdfkit
 * upgrade), so that tests catch it.
 */
export function readInWrittenOrder(sample: object, shaperOf: ShaperOf): void {
  const prototype = Object.getPrototypeOf(sample) as Record<PropertyKey, unknown>;
  if (prototype[WRAPPED]) return;
  const font = sample as Partial<EmbeddedFontLike>;
  if (
    typeof prototype.encode !== "function" || typeof font.layout !== "function" ||
    !Array.isArray(font.subset?.glyphs) || typeof font.subset?.includeGlyph !== "function" ||
    !Array.isArray(font.unicode) || !Array.isArray(font.widths) || typeof font.scale !== "number"
  ) {
    throw new Error("pdfkit's embedded font is not shaped as the slip's text layer expects");
  }
  prototype.encode = function (this: WithCodes, text: string, features?: unknown) {
    const { glyphs, positions } = this.layout(text, features);
    const texts = glyphTexts(this, text, glyphs, shaperOf);
    const codes = glyphs.map((glyph, i) =>
      codeFor(this, glyph, texts[i]).toString(16).padStart(4, "0")
    );
    return [codes, positions];
  };
  prototype[WRAPPED] = true;
}
