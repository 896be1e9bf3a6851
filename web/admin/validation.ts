/**
 * Reading the admin's form inputs: each parser takes the text of an input and says
 * what is wrong with it, in the words shown beside the field.
 */
import { isbnDigits, isValidIsbn13 } from "../../domain/catalogue/isbn.ts";

/** Field name to message; empty when the form is fine. */
export type FieldErrors = Record<string, string>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MONEY = /^\d+(\.\d{1,2})?$/;
const WEIGHT = /^\d+(\.\d{1,3})?$/;
const WHOLE = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A price in rupees: a number of at least 0 with at most 2 decimals. */
export function parsePrice(text: string, label = "Price"): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: `${label} is required` };
  if (!MONEY.test(trimmed)) {
    return {
      ok: false,
      message: `${label} must be a number of at least 0 with at most 2 decimals`,
    };
  }
  return { ok: true, value: Number(trimmed) };
}

/** A count (stock, quantity): a whole number of at least 0. */
export function parseCount(text: string, label: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: `${label} is required` };
  if (!WHOLE.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    return { ok: false, message: `${label} must be a whole number of at least 0` };
  }
  return { ok: true, value: Number(trimmed) };
}

/** A weight in kg, above 0, to the gram. */
export function parseWeight(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: "Weight is required" };
  if (!WEIGHT.test(trimmed) || Number(trimmed) <= 0) {
    return { ok: false, message: "Weight must be a number of kg above 0 (at most 3 decimals)" };
  }
  return { ok: true, value: Number(trimmed) };
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The digits of an ISBN-13 as typed (hyphens and spaces allowed), or null. */
export function normaliseIsbn13(text: string): string | null {
  const digits = isbnDigits(text);
  return /^\d{13}$/.test(digits) ? digits : null;
}

/** An ISBN-13: thirteen digits (hyphens and spaces allowed) with a right check digit. */
export function parseIsbn13(text: string): Parsed<string> {
  if (text.trim() === "") return { ok: false, message: "ISBN-13 is required" };
  const digits = normaliseIsbn13(text);
  if (digits === null) return { ok: false, message: "ISBN-13 must have 13 digits" };
  if (!isValidIsbn13(digits)) {
    return { ok: false, message: "ISBN-13 check digit does not match" };
  }
  return { ok: true, value: digits };
}

/** Adds the message of a failed parse to `errors` under `field`. */
export function collect<T>(errors: FieldErrors, field: string, parsed: Parsed<T>): void {
  if (!parsed.ok) errors[field] = parsed.message;
}

/** Requires a non-blank text; `label` starts the message. */
export function requireText(errors: FieldErrors, field: string, value: string, label: string) {
  if (value.trim() === "") errors[field] = `${label} is required`;
}

/**
 * Field errors from a 400 answer's details (`[{field, message}]`); other shapes give none.
 * Server names such as `images.0` are reported on their first part.
 */
export function fieldErrorsFromDetails(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details) {
    if (typeof entry !== "object" || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    const name = field.split(/[.[]/)[0];
    if (!(name in errors)) errors[name] = message;
  }
  return errors;
}
