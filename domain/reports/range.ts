/**
 * The span a sales report covers: days in Sri Lanka (Asia/Colombo, UTC+05:30 all year),
 * both ends included, at most five years and never reversed; cut into periods of a day,
 * a week (Monday to Sunday) or a calendar month, and set against the span of the same
 * length just before it.
 */
import { colomboDayStart } from "../dates/colombo.ts";
import {
  addDays,
  addYears,
  checkDay,
  compareDays,
  dayCount,
  dayNumber,
  dayOf,
  dayProblem,
  isDayIn,
  isoWeekday,
  monthEnd,
  nextMonthStart,
  nextYearStart,
  SHOP_YEARS,
} from "../dates/day.ts";

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
  | { kind: "not_a_date"; field: keyof ReportRange; problem: string }
  | { kind: "reversed" }
  | { kind: "too_long"; lastDay: string };

/** Whether `text` is a day a report may cover: a real day of the shop's years (domain/dates). */
export function isDay(text: string): boolean {
  return isDayIn(text, SHOP_YEARS);
}

export { addDays, dayCount };

/**
 * The last day a range starting on `from` may end on: the day before the same date five
 * years later (a 29 February starts a range that may end on 28 February).
 *
 * @example lastReportDay("2021-03-01") // "2026-02-28"
 */
export function lastReportDay(from: string): string {
  // 29 February five years on is 1 March: the range ends the day before either way.
  return addDays(addYears(from, MAX_REPORT_YEARS), -1);
}

/**
 * Judges a range asked for: real days of the shop's years (domain/dates), `to` not before
 * `from`, at most five years; compared as days, never as text.
 *
 * @example checkReportRange("2026-03-31", "2026-03-01") // { kind: "reversed" }
 * @example checkReportRange("2021-03-01", "2026-03-01") // { kind: "too_long", lastDay: "2026-02-28" }
 */
export function checkReportRange(from: string, to: string): RangeCheck {
  const first = checkDay(from, SHOP_YEARS);
  // (A template, not a quoted "from": scripts/domain_imports_test.ts reads quotes after `from`.)
  if (first.kind !== "ok") return { kind: "not_a_date", field: `from`, problem: dayProblem(first) };
  const last = checkDay(to, SHOP_YEARS);
  if (last.kind !== "ok") return { kind: "not_a_date", field: "to", problem: dayProblem(last) };
  if (last.number < first.number) return { kind: "reversed" };
  const lastDay = lastReportDay(from);
  if (compareDays(to, lastDay) > 0) return { kind: "too_long", lastDay };
  return { kind: "ok", range: { from, to } };
}

/** What a refused range is told, in the admin's English. */
export function rangeProblem(check: Exclude<RangeCheck, { kind: "ok" }>): string {
  switch (check.kind) {
    case "not_a_date":
      return check.problem;
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

/** The last day of the period of `grain` that starts on day number `day`, before `last`. */
function periodEnd(day: number, grain: ReportGrain, last: number): number {
  let end: number;
  if (grain === "day") end = day;
  // Weeks run Monday (1) to Sunday (7).
  else if (grain === "week") end = day + 7 - isoWeekday(dayOf(day));
  else end = dayNumber(monthEnd(dayOf(day)));
  return Math.min(end, last);
}

/**
 * The range cut into periods: each day, each week (Monday to Sunday) or each calendar
 * month, the first and last cut at the range's ends. Counted by days, never by comparing
 * written days, and bounded by the range's length: at most one period a day.
 *
 * @example reportPeriods({ from: "2026-03-30", to: "2026-04-02" }, "month") // [{ start: "2026-03-30", end: "2026-03-31" }, { start: "2026-04-01", end: "2026-04-02" }]
 */
export function reportPeriods(range: ReportRange, grain: ReportGrain): ReportPeriod[] {
  return reportSpans(range, grain).map((span) => ({
    start: dayOf(span.start),
    end: dayOf(span.end),
  }));
}

/** A period as day numbers (domain/dates), both ends included. */
export interface DaySpan {
  start: number;
  end: number;
}

/** The periods of `reportPeriods` as day numbers: what a report sums by, without writing days. */
export function reportSpans(range: ReportRange, grain: ReportGrain): DaySpan[] {
  const spans: DaySpan[] = [];
  const last = dayNumber(range.to);
  const days = dayCount(range);
  let start = dayNumber(range.from);
  for (let step = 0; step < days && start <= last; step++) {
    const end = periodEnd(start, grain, last);
    spans.push({ start, end });
    start = end + 1;
  }
  return spans;
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
  return compareDays(until, from) > 0 ? { from, until } : { from, until: from };
}

/**
 * The calendar years a range holds whole, as `wholeMonths` gives months: the first day of
 * the first one and the first day after the last one; `from` equals `until` when it holds
 * none. The whole years lie within the whole months.
 *
 * @example wholeYears({ from: "2021-11-29", to: "2026-11-27" }) // { from: "2022-01-01", until: "2026-01-01" }
 */
export function wholeYears(range: ReportRange): { from: string; until: string } {
  const from = range.from.endsWith("-01-01") ? range.from : nextYearStart(range.from);
  const after = addDays(range.to, 1);
  const until = after.endsWith("-01-01") ? after : `${range.to.slice(0, 4)}-01-01`;
  return compareDays(until, from) > 0 ? { from, until } : { from, until: from };
}
