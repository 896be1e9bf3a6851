/**
 * Roboto has no Sinhala or Tamil letters, and pdfmake has no per-glyph font fallback: text
 * that mixes scripts is split here into runs, each run set in a font that can draw it.
 */

/** The font family (as registered with pdfmake) that draws Sinhala. */
export const SINHALA_FONT = "NotoSansSinhala";
/** The font family (as registered with pdfmake) that draws Tamil. */
export const TAMIL_FONT = "NotoSansTamil";

/**
 * A run of Sinhala (letters, signs and the joiners that build its conjuncts) or of Tamil,
 * with the spaces inside it: group 1 is Sinhala, group 2 Tamil.
 */
const SCRIPT_RUN =
  /([\u0D80-\u0DFF\u200C\u200D](?:[\u0D80-\u0DFF\u200C\u200D\s]*[\u0D80-\u0DFF\u200C\u200D])?)|([\u0B80-\u0BFF](?:[\u0B80-\u0BFF\u200C\u200D\s]*[\u0B80-\u0BFF])?)/g;

export interface TextRun {
  text: string;
  font?: string;
}

/**
 * Splits text into Sinhala runs (set in the Sinhala font), Tamil runs (in the Tamil font)
 * and the rest (the default font). Plain Latin text comes back as a single run without a
 * font.
 *
 * @example scriptRuns("Madol Doova (මඩොල් දූපත)")
 * // [{ text: "Madol Doova (" }, { text: "මඩොල් දූපත", font: "NotoSansSinhala" }, { text: ")" }]
 */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(SCRIPT_RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: match[0], font: match[1] !== undefined ? SINHALA_FONT : TAMIL_FONT });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last) });
  return runs;
}
