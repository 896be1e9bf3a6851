/**
 * The faces the language switcher draws the Sinhala and Tamil names in, සිංහල and தமிழ்:
 * Noto Sans Sinhala and Noto Sans Tamil (the @fontsource files of the stylesheet's whole
 * faces) cut down by HarfBuzz's hb-subset (the npm package subset-font) to the glyphs of
 * those names, with the layout tables that join their letters. An English page shows no
 * other Sinhala or Tamil text, so it fetches these two files of under 2 KB each instead of
 * the whole faces (about 50 KB).
 *
 * The Vite plugin writes them at every web build from the names in domain/i18n/language.ts
 * and puts their @font-face rules at the head of web/styles/app.css.
 */
import { Buffer } from "node:buffer";
import { relative } from "node:path";
// @ts-types="@types/subset-font"
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { LANGUAGE_NAMES, type Locale } from "../domain/i18n/language.ts";

/** The font family of the names' faces, first in the switcher's font stack (app.css). */
export const NAME_FAMILY = "Pothgula Language Names";

/** A code point range, both ends included. */
type Range = readonly [number, number];

export interface NameFace {
  language: Exclude<Locale, "en">;
  /** The whole regular face the names are cut from, relative to the project. */
  source: string;
  /** What the whole face covers (its unicode-range in app.css): the letters taken from it. */
  covers: readonly Range[];
  /** The file's name, which Vite keeps in front of its hash. */
  file: string;
}

export const NAME_FACES: readonly NameFace[] = [
  {
    language: "si",
    source:
      "node_modules/@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2",
    covers: [[0x0d80, 0x0dff], [0x0964, 0x0965], [0x200c, 0x200d], [0x25cc, 0x25cc]],
    file: "noto-sans-sinhala-names.woff2",
  },
  {
    language: "ta",
    source: "node_modules/@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2",
    covers: [[0x0b80, 0x0bff], [0x0964, 0x0965], [0x200c, 0x200d], [0x25cc, 0x25cc]],
    file: "noto-sans-tamil-names.woff2",
  },
];

/** Where the build writes the faces before Vite copies them, hashed, into dist/client. */
export const NAME_FACES_DIR = "dist/language-names";

/** The distinct code points of `text` that fall in `ranges`, ascending. */
export function codePointsIn(text: string, ranges: readonly Range[]): number[] {
  const points = new Set<number>();
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (ranges.some(([low, high]) => point >= low && point <= high)) points.add(point);
  }
  return [...points].sort((a, b) => a - b);
}

/**
 * A CSS unicode-range naming exactly these code points: any other letter falls through to
 * the next font of the stack instead of a box.
 *
 * @example unicodeRange([0x0d82, 0x0dbd]) // "U+0D82, U+0DBD"
 */
export function unicodeRange(points: readonly number[]): string {
  if (points.length === 0) throw new Error("a face for no letter");
  return points.map((p) => `U+${p.toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
}

/** The @font-face rule of one names' face, its file given as a URL the stylesheet resolves. */
export function nameFaceRule(url: string, points: readonly number[]): string {
  return [
    "@font-face {",
    `  font-family: "${NAME_FAMILY}";`,
    "  font-style: normal;",
    "  font-weight: 400;",
    "  font-display: swap;",
    `  src: url("${url}") format("woff2");`,
    `  unicode-range: ${unicodeRange(points)};`,
    "}",
    "",
  ].join("\n");
}

/**
 * The glyphs of `text` cut from a font, as woff2. hb-subset keeps by default the layout
 * features the script's shaping needs (Sinhala's and Tamil's conjuncts, vowel signs and
 * virama) and every glyph they reach from these letters.
 */
export async function subsetFace(font: Uint8Array, text: string): Promise<Uint8Array> {
  const subset = await subsetFont(Buffer.from(font), text, { targetFormat: "woff2" });
  return new Uint8Array(subset);
}

/** Each face's letters: those of every language name the whole face covers. */
export function faceLetters(face: NameFace, names: Record<Locale, string> = LANGUAGE_NAMES) {
  return codePointsIn(Object.values(names).join(""), face.covers);
}

const STYLESHEET = /\/web\/styles\/app\.css$/;

/**
 * Writes the names' faces into dist/language-names at the start of a build and puts their
 * @font-face rules at the head of web/styles/app.css, where Vite takes their files in as
 * hashed assets.
 */
export function languageNameFaces(root: string): Plugin {
  let rules = "";
  return {
    name: "pothgula:language-name-faces",
    enforce: "pre",
    async buildStart() {
      const dir = `${root}${NAME_FACES_DIR}`;
      await Deno.mkdir(dir, { recursive: true });
      const written: string[] = [];
      for (const face of NAME_FACES) {
        const points = faceLetters(face);
        const font = await subsetFace(
          await Deno.readFile(`${root}${face.source}`),
          String.fromCodePoint(...points),
        );
        // Written beside and renamed: a build in another process never reads half a file.
        const path = `${dir}/${face.file}`;
        const partial = `${path}.${Deno.pid}.partial`;
        await Deno.writeFile(partial, font);
        await Deno.rename(partial, path);
        written.push(nameFaceRule(relative(`${root}web/styles`, path), points));
      }
      rules = written.join("");
    },
    transform(code, id) {
      if (!STYLESHEET.test(id.split("?")[0])) return null;
      if (rules === "") throw new Error("the language names' faces were not written");
      return { code: rules + code, map: null };
    },
  };
}
