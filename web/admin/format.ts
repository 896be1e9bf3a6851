/** Money and dates as the admin screens show them. Prices travel as rupees; sums are made in cents. */

/** Rupees (at most 2 decimals) to integer cents. */
export function rupeesToCents(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Integer cents as the shop shows money.
 * @example formatLkr(125050) === "LKR 1,250.50"
 */
export function formatLkr(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = String(abs % 100).padStart(2, "0");
  return `LKR ${sign}${whole}.${fraction}`;
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
