/**
 * How the storefront's search reads what people type. The repositories say the same in
 * SQL (adapters/postgres/catalogue_rows.ts); these are the reference, used by the
 * in-memory catalogue and by the tests of both.
 *
 * Sinhala and Tamil keyboards differ in what they send for the same word: a vowel sign
 * typed as one code point or as two (ො is ෙ + ා, ொ is ெ + ா), and Sinhala's conjuncts
 * with or without a zero-width joiner (ශ්‍රී or ශ්රී). Both sides of a match are therefore
 * compared in Unicode NFC, lower-cased, without the zero-width joiner and non-joiner.
 */
import { hasIndicLetters, soundKey, soundTerm } from "./script_sound.ts";

/** The zero-width non-joiner and joiner: they shape a conjunct, they do not spell it. */
export const JOINERS = /[\u200C\u200D]/g;

/**
 * The form a title, an author or a search term is compared in.
 *
 * @example searchKey("ශ්‍රී") === searchKey("ශ්රී") // true: the joiner is dropped
 * @example searchKey("\u0DD9\u0DCF") === "\u0DDC" // NFC: one vowel sign
 */
export function searchKey(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(JOINERS, "");
}

/** The search term as it is compared: the key of the trimmed text; "" matches everything. */
export function searchTerm(q: string | undefined): string {
  return searchKey((q ?? "").trim()).trim();
}

/** Whether `text` holds the search term (an empty term is held by every text). */
export function holdsTerm(text: string, q: string | undefined): boolean {
  const term = searchTerm(q);
  return term === "" || searchKey(text).includes(term);
}

/**
 * The search term's digits for the ISBN-13: hyphens and spaces dropped; "" when nothing is
 * left. An ISBN-10 (older books print one) is read as the book's ISBN-13, which is what the
 * shop keeps.
 *
 * @example isbnTerm(" 978-955 ") // "978955"
 * @example isbnTerm("0-306-40615-2") // "9780306406157"
 */
export function isbnTerm(q: string | undefined): string {
  const digits = searchTerm(q).replace(/[\s-]/g, "");
  return isbn13FromIsbn10(digits) ?? digits;
}

/**
 * The ISBN-13 of an ISBN-10: 978, its first nine digits and a new check digit; undefined
 * unless the text is ten characters whose ISBN-10 check digit (0-9 or X) is right. The
 * last ten digits of a 978 ISBN-13 that happen to pass that check still find their book:
 * they give that same ISBN-13 back.
 *
 * @example isbn13FromIsbn10("080442957X") // "9780804429573"
 */
export function isbn13FromIsbn10(text: string): string | undefined {
  if (!/^\d{9}[\dXx]$/.test(text)) return undefined;
  const values = [...text].map((c) => (c === "X" || c === "x" ? 10 : Number(c)));
  const sum = values.reduce((total, value, i) => total + value * (10 - i), 0);
  if (sum % 11 !== 0) return undefined;
  const twelve = `978${text.slice(0, 9)}`;
  const weighted = [...twelve].reduce((total, d, i) => total + Number(d) * (i % 2 ? 3 : 1), 0);
  return twelve + String((10 - (weighted % 10)) % 10);
}

/** How many titles or authors a search that found nothing suggests at most. */
export const MAX_SUGGESTIONS = 5;

/**
 * The longest term (in characters) a search that found nothing looks for suggestions of: a
 * misspelt title or name is typed in fewer, and the cost of comparing a term with every
 * title grows with its length (200 letters took seconds on the embedded engine).
 */
export const MAX_SUGGESTED_TERM = 40;

/** Whether a search that found nothing looks for titles and authors close to `term`. */
export function suggestsFor(term: string): boolean {
  const length = [...term].length;
  return length > 0 && length <= MAX_SUGGESTED_TERM;
}

/**
 * The trigrams of a text as pg_trgm counts them: each word (a run of letters, marks and
 * digits) lower-cased, padded with two spaces before and one after.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of searchKey(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    const padded = [..."  ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3).join(""));
  }
  return out;
}

/**
 * How close the term is to the closest run of words in `text`, from 0 to 1: pg_trgm's
 * `word_similarity` in spirit (shared trigrams over the term's trigrams, best over the
 * text's words and neighbouring pairs of words), so a typo in one word of a long title
 * still scores high.
 *
 * @example wordSimilarity("wickramasinge", "Martin Wickramasinghe") > 0.6 // true
 */
export function wordSimilarity(term: string, text: string): number {
  const wanted = trigrams(term);
  if (wanted.size === 0) return 0;
  const words = searchKey(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  let best = 0;
  for (let i = 0; i < words.length; i++) {
    for (let j = i; j < Math.min(words.length, i + 3); j++) {
      const found = trigrams(words.slice(i, j + 1).join(" "));
      let shared = 0;
      for (const t of wanted) if (found.has(t)) shared++;
      best = Math.max(best, shared / wanted.size);
    }
  }
  return best;
}

/** The least closeness a suggestion needs (pg_trgm's default word-similarity threshold). */
export const SUGGESTION_THRESHOLD = 0.6;

/**
 * How close a suggestion's text is to the term, from 0 to 1: its wordSimilarity, or, where
 * either is written in Sinhala or Tamil letters, that of their sound keys if higher
 * (script_sound.ts): "gamperalya" is close to ගම්පෙරළිය, විරාය to "Viragaya". As a search,
 * English letters never cross into English letters by sound.
 *
 * @example suggestionScore("gamperalya", "ගම්පෙරළිය") >= SUGGESTION_THRESHOLD // true
 */
export function suggestionScore(term: string, text: string): number {
  const same = wordSimilarity(term, text);
  if (!hasIndicLetters(term) && !hasIndicLetters(text)) return same;
  const sound = soundTerm(term);
  return sound === "" ? same : Math.max(same, wordSimilarity(sound, soundKey(text)));
}

/**
 * Up to `limit` distinct texts (titles and authors) closest to the term by
 * suggestionScore, best first, ties in code-point order; none below the threshold.
 */
export function closestTexts(
  term: string,
  texts: Iterable<string | SuggestedText>,
  limit = MAX_SUGGESTIONS,
): string[] {
  const scored = new Map<string, number>();
  for (const entry of texts) {
    const { text, bySound } = typeof entry === "string" ? { text: entry, bySound: true } : entry;
    const score = bySound ? suggestionScore(term, text) : wordSimilarity(term, text);
    if (score >= SUGGESTION_THRESHOLD && score > (scored.get(text) ?? -1)) {
      scored.set(text, score);
    }
  }
  return [...scored].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit).map(([text]) => text);
}

/**
 * A text a suggestion may offer, and whether it is compared by sound too: a book's title
 * and author are (a search crosses scripts by them), a translator is not.
 */
export interface SuggestedText {
  text: string;
  bySound: boolean;
}
