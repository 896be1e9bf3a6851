/**
 * A customer's name as the shop keeps it: what they typed, with its spaces tidied (runs of
 * spaces, tabs and line breaks become one space; none at either end) and its letters in
 * Unicode's composed form, so "Sunil  Fernando " is kept as "Sunil Fernando" and a name
 * in Sinhala or Tamil stays as typed.
 *
 * @example displayName("  Sunil \t Fernando ") // "Sunil Fernando"
 */
export function displayName(typed: string): string {
  return typed.normalize("NFC").replace(/\s+/g, " ").trim();
}
