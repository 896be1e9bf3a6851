/**
 * Matching the city a shopper types to the shop's list of cities. People type "Colombo 7",
 * "colombo 07" or "Cinnamon Gardens" for "Colombo 07 (Cinnamon Gardens)", and "Mt Lavinia"
 * for "Mount Lavinia": case, spacing, punctuation, leading zeros and the usual short forms
 * of a word do not matter, and the part before or inside the brackets is enough when only
 * one city has it. A name is also matched by how it sounds (script_sound.ts), as a book
 * search is: ගාල or "Gaalla" is Galle, and කරාපිටිය finds Karapitiya, whose Sinhala name the
 * reference data lacks.
 */
import { hasIndicLetters, soundKey } from "./script_sound.ts";

interface Named {
  name: string;
  /** Its names in the shop's other languages, where the reference data has them. */
  names?: Partial<Record<string, string>>;
}

/** Every name a city goes by: its English one first, then its Sinhala and Tamil ones. */
function namesOf(city: Named): string[] {
  return [city.name, ...Object.values(city.names ?? {}).filter((n): n is string => !!n)];
}

/** The keys a city is matched by whole: each of its names'. */
function wholeKeys(city: Named): string[] {
  return namesOf(city).map(cityKey);
}

/** The keys of the parts of each of its names. */
function allPartKeys(city: Named): string[] {
  return namesOf(city).flatMap(partKeys);
}

/**
 * Words of place names and the short forms people write for them, each read as one word.
 * "St" is both Saint ("St. Anthony's") and Street ("Armour Street"): the three are one.
 */
const SAME_WORD: ReadonlyMap<string, string> = new Map([
  ["mt", "mount"],
  ["rd", "road"],
  ["jn", "junction"],
  ["jct", "junction"],
  ["junc", "junction"],
  ["street", "st"],
  ["saint", "st"],
]);

/**
 * The form of a name that matching compares: letters and digits only, lower case, each
 * short form as its word (Mt, Rd, Jn; St, Saint and Street alike), with leading zeros
 * dropped from numbers.
 *
 * @example cityKey("Colombo 07 (Fort)") === "colombo7fort"
 * @example cityKey("Mt. Lavinia") === cityKey("Mount Lavinia")
 */
export function cityKey(text: string): string {
  return text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u)
    .map((word) => SAME_WORD.get(word) ?? word).join("")
    .replace(/(^|\D)0+(?=\d)/g, "$1");
}

/**
 * The sound keys a city is matched by against what was typed: of each of its names, where
 * the typed text or that name has Sinhala or Tamil letters (English letters never cross
 * into English letters by sound, as in a book search); none for a key under three letters.
 */
function soundKeysOf(city: Named, typed: string): string[] {
  const indic = hasIndicLetters(typed);
  return namesOf(city).filter((name) => indic || hasIndicLetters(name))
    .map((name) => soundKey(name).replace(/ /g, ""));
}

/** The sound key of what was typed, spaces dropped; "" under three letters. */
function typedSound(typed: string): string {
  const key = soundKey(typed).replace(/ /g, "");
  return key.length >= 3 ? key : "";
}

/** "Colombo 07 (Cinnamon Gardens)" → ["colombo7", "cinnamongardens"]: each part alone. */
function partKeys(name: string): string[] {
  const match = name.match(/^(.*?)\s*\((.*)\)\s*$/);
  return match ? [cityKey(match[1]), cityKey(match[2])].filter((k) => k !== "") : [];
}

/**
 * The city the shopper meant, if one is clear: the whole name first (in English, Sinhala or
 * Tamil), then the part before or inside the brackets when exactly one city has it, then
 * the one city whose name sounds like it.
 *
 * @example matchCity([{ name: "Galle", names: { si: "ගාල්ල", ta: "காலி" } }], "காலி")?.name === "Galle"
 * @example matchCity(colomboCities, "colombo 7")?.name === "Colombo 07 (Cinnamon Gardens)"
 */
export function matchCity<T extends Named>(cities: readonly T[], typed: string): T | undefined {
  const wanted = cityKey(typed);
  if (wanted === "") return undefined;
  const whole = cities.find((c) => wholeKeys(c).includes(wanted));
  if (whole) return whole;
  const byPart = cities.filter((c) => allPartKeys(c).includes(wanted));
  if (byPart.length === 1) return byPart[0];
  if (byPart.length > 1) return undefined;
  const sound = typedSound(typed);
  if (sound === "") return undefined;
  const bySound = cities.filter((c) => soundKeysOf(c, typed).includes(sound));
  return bySound.length === 1 ? bySound[0] : undefined;
}

/** Edit distance between two keys (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The cities closest to what was typed, best first: names that start with it, then names
 * that hold it, then names within a few typing slips, then names that sound like it or
 * start so. Empty when nothing is near.
 */
export function nearestCities<T extends Named>(
  cities: readonly T[],
  typed: string,
  limit = 5,
): T[] {
  const wanted = cityKey(typed);
  if (wanted === "") return [];
  const slips = Math.max(1, Math.floor(wanted.length / 3));
  const sound = typedSound(typed);
  const scored: { city: T; score: number }[] = [];
  for (const city of cities) {
    const keys = [...wholeKeys(city), ...allPartKeys(city)];
    let score = Infinity;
    for (const key of keys) {
      if (key.startsWith(wanted)) score = Math.min(score, 0);
      else if (key.includes(wanted)) score = Math.min(score, 1);
      else {
        const d = distance(wanted, key.slice(0, wanted.length + 1));
        if (d <= slips) score = Math.min(score, 1 + d);
      }
    }
    // Then a name that sounds like it, or starts so: after every name written like it.
    if (score === Infinity && sound !== "") {
      for (const key of soundKeysOf(city, typed)) {
        if (key === sound) score = Math.min(score, 1 + slips);
        else if (key.startsWith(sound)) score = Math.min(score, 2 + slips);
      }
    }
    if (score < Infinity) scored.push({ city, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.city.name.localeCompare(b.city.name))
    .slice(0, limit).map((s) => s.city);
}

/**
 * Every city whose whole name, or the part before or inside its brackets, is what was
 * typed (or, when none is, every city whose name sounds like it): to tell a shopper which district a city typed under the wrong one belongs to.
 */
export function citiesCalled<T extends Named>(cities: readonly T[], typed: string): T[] {
  const wanted = cityKey(typed);
  if (wanted === "") return [];
  const written = cities.filter((c) =>
    wholeKeys(c).includes(wanted) || allPartKeys(c).includes(wanted)
  );
  const sound = typedSound(typed);
  if (written.length > 0 || sound === "") return written;
  return cities.filter((c) => soundKeysOf(c, typed).includes(sound));
}
