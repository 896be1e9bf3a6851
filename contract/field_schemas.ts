/**
 * The zod schemas of the values requests carry, each with its message: ids, rupees, kg,
 * counts, dates, texts. The request schemas (requests.ts) and the schemas derived from the
 * records' declarations (record_fields.ts) are built from them. Wire units go in (rupees,
 * kg) and domain units come out (cents, grams).
 */
import { z } from "zod";
import { kgToGrams, rupeesToCents } from "../domain/money.ts";
import { MAX_STOCK } from "../domain/catalogue/stock.ts";
import { ID_DIGITS, MAX_INTEGER } from "./ids.ts";

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

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** YYYY-MM-DD, a real day. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine(isCalendarDate, "must be a real calendar date");

/** A required text, trimmed: `label` starts its messages ("Title is required"). */
export function text(label: string, max: number) {
  return z.string({ error: `${label} is required` }).trim()
    .min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

/** A checkbox of a multipart form: 1, 0, true, false, on or off. */
export const formFlag = z.enum(["1", "0", "true", "false", "on", "off"], {
  error: "must be 1 or 0",
}).transform((v) => v === "1" || v === "true" || v === "on");
