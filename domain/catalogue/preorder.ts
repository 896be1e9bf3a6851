/** Pre-order dates: when a pre-ordered book is expected, as the shop sets and shows it. */

/** The shop's time zone: "today" and every time people read is Sri Lanka's. */
export const SHOP_TIME_ZONE = "Asia/Colombo";

const SHOP_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The calendar date in Sri Lanka at an instant, as YYYY-MM-DD.
 *
 * @example shopDate(new Date("2026-11-22T19:00:00Z")) === "2026-11-23" // 00:30 in Colombo
 */
export function shopDate(now: Date): string {
  return SHOP_DAY.format(now);
}

/**
 * Why a pre-order date cannot be set now, or undefined when it can: a date before today
 * (in Sri Lanka) is refused; today and later are fine.
 */
export function preorderDateProblem(date: string, now: Date): string | undefined {
  return preorderDateProblemOn(date, shopDate(now));
}

/** The same rule for a `today` already known in the shop's time zone (YYYY-MM-DD). */
export function preorderDateProblemOn(date: string, today: string): string | undefined {
  return date < today ? `Preorder date "${date}" is in the past (today is ${today})` : undefined;
}

const READABLE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/**
 * A pre-order's expected date as shoppers read it.
 *
 * @example expectedDateLabel("2026-12-15") === "15 December 2026"
 */
export function expectedDateLabel(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : READABLE.format(date);
}
