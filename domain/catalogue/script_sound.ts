/**
 * How a search crosses scripts: a title, an author or a term in Sinhala script, Tamil script
 * or English letters ("Singlish") is written as one rough sound key in plain letters, and two
 * texts that sound alike share it: මඩොල් දූව, "Madol Doova" and "madol duwa" are all
 * "matol tuv". Both sides of a match are keyed the same way: the shop's stored key of each
 * book (migration 0073, the same rules in SQL, generated from these tables) and the term.
 *
 * The key drops what the scripts and the usual spellings do not agree on: vowel length
 * (aa/a, ee/i, oo/u), aspiration and th/t, w/v, doubled letters, voicing (Tamil script
 * writes k and g, t and d, p and b alike: காலி is Galle), and a word's last vowel
 * (ගාල්ල "gaalla", காலி "kaali" and Galle end differently). It is a key to find by, never a
 * name to show. The tables are written here rather than taken from a transliteration
 * library (@indic-transliteration/sanscript covers both scripts): the key needs the loose
 * reading above, not a faithful scheme, the same rules must run in SQL, and the storefront
 * carries none of it.
 */

/** Sinhala and Tamil consonants, each as the letter its sound is keyed by. */
export const CONSONANTS: Readonly<Record<string, string>> = {
  // Sinhala
  "ක": "k",
  "ඛ": "k",
  "ග": "g",
  "ඝ": "g",
  "ඞ": "n",
  "ඟ": "ng",
  "ච": "c",
  "ඡ": "c",
  "ජ": "j",
  "ඣ": "j",
  "ඤ": "n",
  "ඥ": "gn",
  "ඦ": "nj",
  "ට": "t",
  "ඨ": "t",
  "ඩ": "d",
  "ඪ": "d",
  "ණ": "n",
  "ඬ": "nd",
  "ත": "t",
  "ථ": "t",
  "ද": "d",
  "ධ": "d",
  "න": "n",
  "ඳ": "nd",
  "ප": "p",
  "ඵ": "p",
  "බ": "b",
  "භ": "b",
  "ම": "m",
  "ඹ": "mb",
  "ය": "y",
  "ර": "r",
  "ල": "l",
  "ව": "v",
  "ශ": "s",
  "ෂ": "s",
  "ස": "s",
  "හ": "h",
  "ළ": "l",
  "ෆ": "f",
  // Tamil
  "க": "k",
  "ங": "n",
  "ச": "c",
  "ஞ": "n",
  "ட": "t",
  "ண": "n",
  "த": "t",
  "ந": "n",
  "ப": "p",
  "ம": "m",
  "ய": "y",
  "ர": "r",
  "ல": "l",
  "வ": "v",
  "ழ": "l",
  "ள": "l",
  "ற": "r",
  "ன": "n",
  "ஜ": "j",
  "ஷ": "s",
  "ஸ": "s",
  "ஹ": "h",
};

/** Vowels written alone and vowel signs, each as its short vowel. */
export const VOWELS: Readonly<Record<string, string>> = {
  // Sinhala vowels
  "අ": "a",
  "ආ": "a",
  "ඇ": "e",
  "ඈ": "e",
  "ඉ": "i",
  "ඊ": "i",
  "උ": "u",
  "ඌ": "u",
  "ඍ": "ri",
  "ඎ": "ri",
  "එ": "e",
  "ඒ": "e",
  "ඓ": "ai",
  "ඔ": "o",
  "ඕ": "o",
  "ඖ": "au",
  // Sinhala vowel signs
  "ා": "a",
  "ැ": "e",
  "ෑ": "e",
  "ි": "i",
  "ී": "i",
  "ු": "u",
  "ූ": "u",
  "ෘ": "ri",
  "ෙ": "e",
  "ේ": "e",
  "ෛ": "ai",
  "ො": "o",
  "ෝ": "o",
  "ෞ": "au",
  "ෟ": "lu",
  "ෲ": "ri",
  // Sinhala anusvara and visarga
  "ං": "ng",
  "ඃ": "h",
  // Tamil vowels
  "அ": "a",
  "ஆ": "a",
  "இ": "i",
  "ஈ": "i",
  "உ": "u",
  "ஊ": "u",
  "எ": "e",
  "ஏ": "e",
  "ஐ": "ai",
  "ஒ": "o",
  "ஓ": "o",
  "ஔ": "au",
  // Tamil vowel signs, and the aytham
  "ா": "a",
  "ி": "i",
  "ீ": "i",
  "ு": "u",
  "ூ": "u",
  "ெ": "e",
  "ே": "e",
  "ை": "ai",
  "ொ": "o",
  "ோ": "o",
  "ௌ": "au",
  "ஃ": "h",
};

/** The sign that takes a consonant's vowel away (Sinhala al-lakuna, Tamil pulli). */
export const VIRAMAS = ["්", "்"];

/**
 * The spelling rules applied to the plain letters, in order: each a pattern and what it
 * becomes, written so that JavaScript and PostgreSQL read the pattern alike.
 */
export const SPELLING_RULES: readonly (readonly [string, string])[] = [
  ["[^a-z0-9]+", " "],
  ["([ktdpbgjcs])h", "\\1"],
  ["w", "v"],
  ["ae", "e"],
  ["ee", "i"],
  ["oo", "u"],
  ["ck", "k"],
  ["c(?=[eiy])", "s"],
  ["q", "k"],
  ["x", "ks"],
  ["z", "s"],
  ["g", "k"],
  ["d", "t"],
  ["b", "p"],
  ["j", "c"],
  ["c", "k"],
  ["([a-z])\\1+", "\\1"],
  ["([a-z][a-z])[aeiou](?= |$)", "\\1"],
  ["^ +| +$", ""],
];

/** What takes a consonant's own "a" away when it follows: a vowel sign or a virama. */
export const VOWEL_SIGNS = [...VIRAMAS, ..."ාැෑිීුූෘෙේෛොෝෞෟෲாிீுூெேைொோௌ"].join("");

const SIGNS = new Set(VOWEL_SIGNS);

/** A text's letters in plain letters: each Sinhala or Tamil letter as its sound. */
export function romanised(text: string): string {
  const chars = [...text.normalize("NFC").toLowerCase().replace(/[\u200C\u200D]/g, "")];
  // (the caller has cut the text to MAX_SOUND_TEXT characters, as SQL's left() does)
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      out += consonant;
      // A consonant carries "a" unless a vowel sign or a virama follows it.
      if (!SIGNS.has(chars[i + 1] ?? "")) out += "a";
    } else if (VOWELS[c] !== undefined) out += VOWELS[c];
    else if (!VIRAMAS.includes(c)) out += c;
  }
  return out;
}

/** Longest text a key is made of (a title and its author fit well within it). */
export const MAX_SOUND_TEXT = 400;

/**
 * The sound key of a text: its plain letters read by SPELLING_RULES.
 *
 * @example soundKey("මඩොල් දූව") === soundKey("Madol Doova") // true: "matol tuv"
 * @example soundKey("காலி") === soundKey("Galle") // true: "kal"
 */
export function soundKey(text: string): string {
  let key = romanised([...text].slice(0, MAX_SOUND_TEXT).join(""));
  for (const [pattern, replacement] of SPELLING_RULES) {
    key = key.replace(new RegExp(pattern, "g"), replacement.replace(/\\(\d)/g, "$$$1"));
  }
  return key;
}

/** Whether `text` has Sinhala or Tamil letters. */
export function hasIndicLetters(text: string): boolean {
  return /[\u0D80-\u0DFF\u0B80-\u0BFF]/.test(text);
}

/**
 * The sound key a search looks for, or "" when it would find too much: under three
 * letters, a key names no trigram.
 */
export function soundTerm(term: string): string {
  const key = soundKey(term);
  return key.replace(/ /g, "").length >= 3 ? key : "";
}
