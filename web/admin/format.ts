/** Money and dates as the admin screens show them. Prices travel as rupees; sums are made in cents. */
import { formatLkr, rupeesToCents as exactCents } from "../../domain/money.ts";
import { SHOP_TIME_ZONE } from "../../domain/catalogue/preorder.ts";

export { formatLkr };

/**
 * Wire rupees to integer cents. The shop sends at most 2 decimals; anything finer is
 * rounded rather than refused, since a figure on screen beats none.
 */
export function rupeesToCents(rupees: number): number {
  return exactCents(rupees) ?? Math.round(rupees * 100);
}

/** A wire price in rupees, formatted: `formatRupees(1250.5) === "LKR 1,250.50"`. */
export function formatRupees(rupees: number): string {
  return formatLkr(rupeesToCents(rupees));
}

// Every time the owner reads is Sri Lanka's, wherever the browser is.
const SHOP_CLOCK = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * An ISO 8601 instant as a date and time in Sri Lanka.
 *
 * @example formatDateTime("2026-11-21T08:35:00Z") === "2026-11-21 14:05"
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(SHOP_CLOCK.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * How the admin screens mark a pre-ordered line: never "in stock", with its expected date.
 *
 * @example preorderLabel("2027-03-15") === "Pre-order, expected 2027-03-15"
 * @example preorderLabel(null) === "Pre-order"
 */
export function preorderLabel(date: string | null | undefined): string {
  return date ? `Pre-order, expected ${date.slice(0, 10)}` : "Pre-order";
}
