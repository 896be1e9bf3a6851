/**
 * Amounts as the providers' forms and notices write them: rupees with two decimals, a point
 * and no thousands separator (PHP's number_format($amount, 2, '.', '')), read as text, never
 * as a float.
 */
import type { Cents } from "../../domain/money.ts";

/**
 * Cents as a provider's form writes them.
 *
 * @example plainAmount(435150) // "4351.50"
 */
export function plainAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Bad amount ${cents}`);
  const text = String(cents).padStart(3, "0");
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * An amount a provider wrote (`"4351.50"`), in cents; undefined when it is not a plain
 * decimal with at most two places.
 *
 * @example plainAmountCents("4351.50") // 435150
 */
export function plainAmountCents(text: string): Cents | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
