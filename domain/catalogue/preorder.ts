/** Pre-order dates: when a pre-ordered book is expected, as the shop sets and shows it. */
import { compareDays } from "../dates/day.ts";
import { colomboDayAt } from "../dates/colombo.ts";

/** The shop's time zone: "today" and every time people read is Sri Lanka's. */
export const SHOP_TIME_ZONE = "Asia/Colombo";

/**
 * The calendar date in Sri Lanka at an instant, as YYYY-MM-DD: by the day rule and Sri
 * Lanka's fixed offset, as every other Colombo day is (dates/colombo.ts), not through the zone
 * database's formatter, which took twice as long (a sale's last day, shown on each card and
 * page that has one: 1.9 µs against 0.9). An invalid date throws a RangeError, as formatting
 * one does.
 *
 * @example shopDate(new Date("2026-11-22T19:00:00Z")) === "2026-11-23" // 00:30 in Colombo
 */
export function shopDate(now: Date): string {
  return colomboDayAt(now);
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
  return compareDays(date, today) < 0
    ? `Preorder date "${date}" is in the past (today is ${today})`
    : undefined;
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

/** Why a pre-order with no expected date is refused, in the words beside the date field. */
export const PREORDER_NEEDS_DATE =
  "A pre-order needs its expected date: shoppers are told it on the book's page, at checkout and in their mails";

/**
 * Whether a book would be a pre-order with no expected date once `changes` are made to
 * `current` (undefined for a new book). A change that touches neither the flag nor the date
 * is never refused, so a book listed before the rule keeps its other edits.
 *
 * @example preorderWithoutDate({ preorder: false, preorderDate: null }, { preorder: true }) // true
 * @example preorderWithoutDate({ preorder: true, preorderDate: null }, { priceCents: 100 }) // false
 */
export function preorderWithoutDate(
  current: { preorder: boolean; preorderDate: string | null } | undefined,
  changes: { preorder?: boolean; preorderDate?: string | null },
): boolean {
  if (changes.preorder === undefined && changes.preorderDate === undefined) return false;
  const preorder = changes.preorder ?? current?.preorder ?? false;
  const date = changes.preorderDate !== undefined
    ? changes.preorderDate
    : current?.preorderDate ?? null;
  return preorder && (date === null || date.trim() === "");
}
