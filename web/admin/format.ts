/** Money and dates as the admin screens show them. Prices travel as rupees; sums are made in cents. */
import { formatLkr, rupeesToCents as exactCents } from "../../domain/money.ts";

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

/** An ISO 8601 instant as a readable local date and time (`2026-11-21 14:05`). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
