/**
 * The zod schemas of the values requests carry, each with its message: ids, rupees, kg,
 * counts, dates, texts. The request schemas (requests.ts) and the schemas derived from the
 * records' declarations (record_fields.ts) are built from them. Wire units go in (rupees,
 * kg) and domain units come out (cents, grams).
 */
import { z } from "zod";
import { kgToGrams, rupeesToCents } from "../domain/money.ts";
import { MAX_STOCK } from "../domain/catalogue/stock.ts";
import { ISBN13_CHECK_PROBLEM, isbnDigits, isValidIsbn13 } from "../domain/catalogue/isbn.ts";
import { isSriLankanPhone, MAX_PHONE_LENGTH, PHONE_PROBLEM } from "../domain/address/phone.ts";
import { isSriLankanPostcode, POSTCODE_PROBLEM } from "../domain/address/postcode.ts";
import { checkDay, dayProblem, SHOP_YEARS, spanDays, type YearSpan } from "../domain/dates/day.ts";
import { ID_DIGITS, MAX_INTEGER } from "./ids.ts";

/**
 * The shop's own rules (domain/), named on the issue a refusal raises (`params.rule`), so
 * that a form can word it in the page's language rather than show the API's English.
 */
export type RuleName = "isbn13" | "phone" | "postcode";

function shopRule(rule: RuleName, message: string) {
  return { message, params: { rule } };
}

/** A price no shop item reaches: keeps every sum a safe integer. */
const MAX_RUPEES = 10_000_000;
export const MAX_KG = 1000;

/** A record id in a path or query: a positive whole number. */
export const idText = z.string().regex(ID_DIGITS, "must be a positive whole number")
  .transform(Number).refine((n) => n <= MAX_INTEGER, "is too large");

/** An id in JSON: a positive whole number, or its digits as text (form selects send text). */
export const idValue = z.union([
  z.number().int("must be a whole number").positive("must be positive").max(MAX_INTEGER),
  idText,
], { error: "must be a positive whole number" });

/** Rupees with at most 2 decimals, as a JSON number, to cents. */
export const rupees = z.number({ error: "must be a number of rupees" })
  .min(0, "must not be negative").max(MAX_RUPEES, `must be at most ${MAX_RUPEES}`)
  .refine((n) => rupeesToCents(n) !== undefined, "must have at most 2 decimals")
  .transform((n) => rupeesToCents(n)!);

/** Rupees written as text (queries, multipart fields), to cents. */
export const rupeesText = z.string().trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "must be an amount of rupees with at most 2 decimals")
  .transform(Number).pipe(rupees);

/** A weight in kg written as text, to grams. */
export const kgText = z.string().trim()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, "must be a weight in kg with at most 3 decimals")
  .transform(Number)
  .refine((kg) => kg > 0 && kg <= MAX_KG, `must be above 0 and at most ${MAX_KG} kg`)
  .transform((kg) => kgToGrams(kg)!);

/** A weight in kg as a JSON number, to grams. */
export const kg = z.number({ error: "must be a weight in kg" })
  .refine((n) => n > 0 && n <= MAX_KG, `must be above 0 and at most ${MAX_KG} kg`)
  .refine((n) => kgToGrams(n) !== undefined, "must have at most 3 decimals")
  .transform((n) => kgToGrams(n)!);

/** A count of copies written as text. */
export const countText = z.string().trim().regex(/^\d{1,7}$/, "must be a whole number, 0 or more")
  .transform(Number).refine((n) => n <= MAX_STOCK, `must be at most ${MAX_STOCK}`);

/** A count of copies as a JSON number. */
export const count = z.number({ error: "must be a whole number" }).int("must be a whole number")
  .min(0, "must not be negative").max(MAX_STOCK, `must be at most ${MAX_STOCK}`);

/** A whole number from `min` to `max`, as a JSON number. */
export function wholeNumber(min: number, max: number) {
  return z.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
}

/** A whole number from `min` to `max`, written as text. */
export function wholeText(min: number, max: number) {
  return z.string().trim().regex(/^\d{1,15}$/, "must be a whole number")
    .transform(Number).pipe(wholeNumber(min, max));
}

/**
 * YYYY-MM-DD, a real day of `span` (domain/dates/day.ts: the shop's years, 2000 to 2100,
 * unless told). The OpenAPI document says `format: date` and the span, by which a test walks
 * every date field of every route (tests/reliability/dates_test.ts).
 */
export function dayIn(span: YearSpan = SHOP_YEARS) {
  const { first, last } = spanDays(span);
  return z.string({ error: "must be a date as YYYY-MM-DD" }).superRefine((value, ctx) => {
    const check = checkDay(value, span);
    if (check.kind !== "ok") ctx.addIssue({ code: "custom", message: dayProblem(check) });
  }).meta({ format: "date", "x-days": { first, last } });
}

/** YYYY-MM-DD, a real day of the shop's years (2000 to 2100). */
export const isoDate = dayIn(SHOP_YEARS);

/** A required text, trimmed: `label` starts its messages ("Title is required"). */
export function text(label: string, max: number) {
  return z.string({ error: `${label} is required` }).trim()
    .min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

/** A checkbox of a multipart form: 1, 0, true, false, on or off. */
export const formFlag = z.enum(["1", "0", "true", "false", "on", "off"], {
  error: "must be 1 or 0",
}).transform((v) => v === "1" || v === "true" || v === "on");

/** An ISBN-13 as written, hyphens and spaces taken out: thirteen digits. */
export const isbn13Digits = z.string({ error: "ISBN-13 is required" })
  .transform(isbnDigits)
  .pipe(z.string().regex(/^\d{13}$/, "must be 13 digits"));

/**
 * An ISBN-13 that ends in its check digit (domain/catalogue/isbn.ts): what a new book is
 * listed with. A change of a book takes `isbn13Digits`, and the use case holds a new ISBN-13
 * to the rule, never the one the book already has (manage_catalogue.ts, book_import.ts).
 */
export const isbn13 = isbn13Digits.refine(
  (digits) => !/^\d{13}$/.test(digits) || isValidIsbn13(digits),
  shopRule("isbn13", ISBN13_CHECK_PROBLEM),
).describe("13 digits (hyphens and spaces ignored), the last the check digit of the first twelve");

/** A Sri Lankan phone number, mobile or landline, as people write it (domain/address). */
export const sriLankanPhone = z.string({ error: "Phone is required" }).trim()
  .max(MAX_PHONE_LENGTH, `must be at most ${MAX_PHONE_LENGTH} characters`)
  .refine(isSriLankanPhone, shopRule("phone", PHONE_PROBLEM))
  .describe(
    "A Sri Lankan mobile or landline: 077 123 4567, 011 234 5678, +94 77 123 4567 (or 0094, 94); spaces, hyphens and parentheses allowed",
  );

/** A Sri Lankan postal code: five digits (domain/address). */
export const sriLankanPostcode = z.string({ error: "Postal code is required" }).trim()
  .refine(isSriLankanPostcode, shopRule("postcode", POSTCODE_PROBLEM))
  .describe("A Sri Lankan postal code: five digits");
