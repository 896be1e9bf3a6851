/** Money is Sri Lankan rupees held as integer cents until the last formatter. */
export type Cents = number;

/** Weight is held as integer grams; the wire and the screens speak kilograms. */
export type Grams = number;

/**
 * Formats cents as an amount with thousands separators and 2 decimals.
 *
 * @example formatAmount(125000) // "1,250.00"
 */
export function formatAmount(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.round(Math.abs(cents));
  const rupees = Math.floor(whole / 100);
  const fraction = String(whole % 100).padStart(2, "0");
  return `${sign}${groupThousands(String(rupees))}.${fraction}`;
}

/**
 * Formats cents the way the shop shows prices.
 *
 * @example formatLkr(125000) // "LKR 1,250.00"
 */
export function formatLkr(cents: Cents): string {
  return `LKR ${formatAmount(cents)}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const LKR_TEXT = /^(?:LKR\s*)?((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/i;

/**
 * Reads an amount a person typed: "1250", "1,250.5", "LKR 1,250.00". Refuses more than
 * 2 decimals, negatives, badly placed commas and anything else.
 *
 * @example parseLkr("LKR 1,250.50") // 125050
 * @example parseLkr("12.345") // undefined
 */
export function parseLkr(text: string): Cents | undefined {
  const match = LKR_TEXT.exec(text.trim());
  if (!match) return undefined;
  const rupees = Number(match[1].replaceAll(",", ""));
  const cents = rupees * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * Converts rupees from the wire (at most 2 decimals) to cents, without float noise
 * (19.99 gives 1999, not 1998). Anything else (negative, NaN, 3 decimals) is undefined.
 *
 * @example rupeesToCents(1250.5) // 125050
 * @example rupeesToCents(0.001) // undefined
 */
export function rupeesToCents(rupees: number): Cents | undefined {
  return toWholeUnits(rupees, 100);
}

/** @example centsToRupees(125050) // 1250.5 */
export function centsToRupees(cents: Cents): number {
  return cents / 100;
}

/**
 * Converts kilograms from the wire (at most 3 decimals) to grams.
 *
 * @example kgToGrams(0.35) // 350
 * @example kgToGrams(0.0005) // undefined
 */
export function kgToGrams(kg: number): Grams | undefined {
  return toWholeUnits(kg, 1000);
}

/** @example gramsToKg(350) // 0.35 */
export function gramsToKg(grams: Grams): number {
  return grams / 1000;
}

/**
 * Formats grams as kilograms with up to 3 decimals and no trailing zeros.
 *
 * @example formatKg(350) // "0.35"
 * @example formatKg(2000) // "2"
 */
export function formatKg(grams: Grams): string {
  const sign = grams < 0 ? "-" : "";
  const whole = Math.round(Math.abs(grams));
  const kg = Math.floor(whole / 1000);
  const fraction = String(whole % 1000).padStart(3, "0").replace(/0+$/, "");
  return fraction ? `${sign}${kg}.${fraction}` : `${sign}${kg}`;
}

/**
 * `value` in units of 1/`scale`, when it is a finite, non-negative number with no more
 * decimals than `scale` allows. Rounding then dividing back must give the same double:
 * that accepts 19.99 (1998.9999999999998 before rounding) and refuses 19.995.
 */
function toWholeUnits(value: number, scale: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const units = Math.round(value * scale);
  if (!Number.isSafeInteger(units) || units / scale !== value) return undefined;
  return units === 0 ? 0 : units; // never -0
}
