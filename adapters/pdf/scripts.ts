/**
 * Roboto has no Sinhala letters, and pdfmake has no per-glyph font fallback: text that
 * mixes scripts is split here into runs, each run set in a font that can draw it.
 */

/** The font family (as registered with pdfmake) that draws Sinhala. */
export const SINHALA_FONT = "NotoSansSinhala";

/** Sinhala letters and signs, with the joiners that build its conjuncts. */
const SINHALA_RUN =
  /[\u0D80-\u0DFF\u200C\u200D](?:[\u0D80-\u0DFF\u200C\u200D\s]*[\u0D80-\u0DFF\u200C\u200D])?/g;

export interface TextRun {
  text: string;
  font?: string;
}

/**
 * Splits text into Sinhala runs (set in the Sinhala font) and the rest (the default font).
 * Plain Latin text comes back as a single run without a font.
 *
 * @example scriptRuns("Madol Doova (මඩොල් දූපත)")
 * // [{ text: "Madol Doova (" }, { text: "මඩොල් දූපත", font: "NotoSansSinhala" }, { text: ")" }]
 */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(SINHALA_RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: match[0], font: SINHALA_FONT });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last) });
  return runs;
}
