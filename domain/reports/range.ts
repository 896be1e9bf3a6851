/**
 * The span a sales report covers: days in Sri Lanka (Asia/Colombo, UTC+05:30 all year),
 * both ends included, at most five years and never reversed; cut into periods of a day,
 * a week (Monday to Sunday) or a calendar month, and set against the span of the same
 * length just before it.
 */
import { colomboDayStart } from "../orders/order_query.ts";

/** How a report cuts its range into periods. */
export const REPORT_GRAINS = ["day", "week", "month"] as const;
export type ReportGrain = typeof REPORT_GRAINS[number];

/** The longest range a report covers, in years. */
export const MAX_REPORT_YEARS = 5;

/** Days in Sri Lanka as YYYY-MM-DD, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

/** A period of a report: days in Sri Lanka, both included. */
export interface ReportPeriod {
  start: string;
  end: string;
}

/** Why a range is refused, or the range. */
export type RangeCheck =
  | { kind: "ok"; range: ReportRange }
  | { kind: "not_a_date"; field: keyof ReportRange }
  | { kind: "reversed" }
  | { kind: "too_long"; lastDay: string };

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/**
 * The day `days` after `day` (before it, for a negative number).
 *
 * @example addDays("2026-02-28", 1) // "2026-03-01"
 */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How many days lie from `from` to `to`, both included.
 *
 * @example dayCount({ from: "2026-03-01", to: "2026-03-31" }) // 31
 */
export function dayCount(range: ReportRange): number {
  return Math.round(
    (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) /
      DAY_MS,
  ) + 1;
}

/**
 * The last day a range starting on `from` may end on: the day before the same date five
 * years later (a 29 February starts a range that may end on 28 February).
 *
 * @example lastReportDay("2021-03-01") // "2026-02-28"
 */
export function lastReportDay(from: string): string {
  const [year, month, day] = from.split("-").map(Number);
  const later = new Date(Date.UTC(year + MAX_REPORT_YEARS, month - 1, day));
  // 29 February five years on is 1 March: the range ends the day before either way.
  return addDays(later.toISOString().slice(0, 10), -1);
}

/**
 * Judges a range asked for: real days, `to` not before `from`, at most five years.
 *
 * @example checkReportRange("2026-03-31", "2026-03-01") // { kind: "reversed" }
 * @example checkReportRange("2021-03-01", "2026-03-01") // { kind: "too_long", lastDay: "2026-02-28" }
 */
export function checkReportRange(from: string, to: string): RangeCheck {
  // (A template, not a quoted "from": scripts/domain_imports_test.ts reads quotes after `from`.)
  if (!isDay(from)) return { kind: "not_a_date", field: `from` };
  if (!isDay(to)) return { kind: "not_a_date", field: "to" };
  if (to < from) return { kind: "reversed" };
  const lastDay = lastReportDay(from);
  if (to > lastDay) return { kind: "too_long", lastDay };
  return { kind: "ok", range: { from, to } };
}

/** What a refused range is told, in the admin's English. */
export function rangeProblem(check: Exclude<RangeCheck, { kind: "ok" }>): string {
  switch (check.kind) {
    case "not_a_date":
      return "must be a day written YYYY-MM-DD";
    case "reversed":
      return "must not be before from, the first day";
    case "too_long":
      return `a report covers at most ${MAX_REPORT_YEARS} years: end on ${check.lastDay} at the latest`;
  }
}

/**
 * The range of the same length that ends the day before `range` starts.
 *
 * @example previousRange({ from: "2026-03-01", to: "2026-03-31" }) // { from: "2026-01-29", to: "2026-02-28" }
 */
export function previousRange(range: ReportRange): ReportRange {
  const length = dayCount(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/**
 * The same period one range earlier: shifted back by the range's length, so each period
 * of a report sits beside its counterpart in the range before.
 *
 * @example periodBefore({ start: "2026-03-02", end: "2026-03-08" }, { from: "2026-03-01", to: "2026-03-31" }) // { start: "2026-01-30", end: "2026-02-05" }
 */
export function periodBefore(period: ReportPeriod, range: ReportRange): ReportPeriod {
  const length = dayCount(range);
  return { start: addDays(period.start, -length), end: addDays(period.end, -length) };
}

/** The last day of the period of `grain` that `day` starts, before the range's end. */
function periodEnd(day: string, grain: ReportGrain, last: string): string {
  let end: string;
  if (grain === "day") end = day;
  else if (grain === "week") {
    // Weeks run Monday to Sunday (getUTCDay: 0 is Sunday).
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    end = addDays(day, (7 - weekday) % 7);
  } else {
    const [year, month] = day.split("-").map(Number);
    end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  }
  return end < last ? end : last;
}

/**
 * The range cut into periods: each day, each week (Monday to Sunday) or each calendar
 * month, the first and last cut at the range's ends.
 *
 * @example reportPeriods({ from: "2026-03-30", to: "2026-04-02" }, "month") // [{ start: "2026-03-30", end: "2026-03-31" }, { start: "2026-04-01", end: "2026-04-02" }]
 */
export function reportPeriods(range: ReportRange, grain: ReportGrain): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  for (let start = range.from; start <= range.to;) {
    const end = periodEnd(start, grain, range.to);
    periods.push({ start, end });
    start = addDays(end, 1);
  }
  return periods;
}

/**
 * The instants a range of days covers in Sri Lanka: from the first day's midnight in
 * Colombo, up to (not including) the midnight after the last.
 *
 * @example rangeInstants({ from: "2026-03-01", to: "2026-03-01" }) // { from: "2026-02-28T18:30:00.000Z", to: "2026-03-01T18:30:00.000Z" }
 */
export function rangeInstants(range: ReportRange): { from: string; to: string } {
  return { from: colomboDayStart(range.from), to: colomboDayStart(addDays(range.to, 1)) };
}

/** The first day of the calendar month after the one `day` is in. */
function nextMonthStart(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The calendar months a range holds whole, as the first day of the first one and the first
 * day after the last one (`until`, not included); `from` equals `until` when it holds none.
 * A report sums whole months from a monthly summary and the days outside them (from
 * `range.from` up to `from`, and from `until` to `range.to`) from a daily one.
 *
 * @example wholeMonths({ from: "2026-01-15", to: "2026-04-30" }) // { from: "2026-02-01", until: "2026-05-01" }
 * @example wholeMonths({ from: "2026-03-02", to: "2026-03-31" }) // { from: "2026-04-01", until: "2026-04-01" }
 */
export function wholeMonths(range: ReportRange): { from: string; until: string } {
  const from = range.from.endsWith("-01") ? range.from : nextMonthStart(range.from);
  const after = addDays(range.to, 1);
  const until = after.endsWith("-01") ? after : `${range.to.slice(0, 8)}01`;
  return until > from ? { from, until } : { from, until: from };
}

/**
 * The calendar years a range holds whole, as `wholeMonths` gives months: the first day of
 * the first one and the first day after the last one; `from` equals `until` when it holds
 * none. The whole years lie within the whole months.
 *
 * @example wholeYears({ from: "2021-11-29", to: "2026-11-27" }) // { from: "2022-01-01", until: "2026-01-01" }
 */
export function wholeYears(range: ReportRange): { from: string; until: string } {
  const from = range.from.endsWith("-01-01")
    ? range.from
    : `${Number(range.from.slice(0, 4)) + 1}-01-01`;
  const after = addDays(range.to, 1);
  const until = after.endsWith("-01-01") ? after : `${range.to.slice(0, 4)}-01-01`;
  return until > from ? { from, until } : { from, until: from };
}
