/**
 * Every calendar day the shop reads, in one rule: written YYYY-MM-DD, a real day of the
 * proleptic Gregorian calendar, and inside a bounded span of years; compared and counted as
 * numbers of days, never as text.
 *
 * Two spans (README, "Dates"):
 * - `SHOP_YEARS`, 2000 to 2100: every day the shop acts on: report ranges, the order list's
 *   and the audit's filters, sale windows, campaign and code windows, pre-order dates. The
 *   shop sold nothing before 2000, and a day past 2100 is a typing slip, not a plan.
 * - `PUBLISHING_YEARS`, 1450 to 2100: a book's publishing date (printed books are from the
 *   1450s on; a classic keeps its first edition's year).
 *
 * Arithmetic (`addDays`, `dayCount`, ...) holds for every day of years 1 to 9999, so that a
 * range at the span's edge may reach a little outside it (the range before a report's, an
 * idle spell) without ever writing a year of five digits or a negative one, which sort
 * wrongly as text ("+010000-01-01" < "9999-12-31").
 */

/** A span of whole years, both included. */
export interface YearSpan {
  readonly first: number;
  readonly last: number;
}

/** The days the shop acts on. */
export const SHOP_YEARS: YearSpan = { first: 2000, last: 2100 };

/** A book's publishing date. */
export const PUBLISHING_YEARS: YearSpan = { first: 1450, last: 2100 };

/** The years the day arithmetic holds: four digits, no year 0. */
export const CALENDAR_YEARS: YearSpan = { first: 1, last: 9999 };

/** A day as the number of days since 1970-01-01 (negative before it). */
export type DayNumber = number;

/** What a text written as a day is. */
export type DayCheck =
  | { kind: "ok"; day: string; number: DayNumber }
  | { kind: "not_written_as_day" }
  | { kind: "not_a_real_day" }
  | { kind: "outside_span"; span: YearSpan };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `year` is a leap year of the Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * How many days month `month` (1 to 12) of `year` has.
 *
 * @example daysInMonth(2024, 2) // 29
 * @example daysInMonth(2100, 2) // 28
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The day number of a year, month and day (Howard Hinnant's `days_from_civil`): exact
 * integer arithmetic, no Date object (which reads years 0 to 99 as 1900 to 1999).
 */
function numberOf(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) +
    dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The year, month and day of a day number (`civil_from_days`). */
function partsOf(number: DayNumber): { year: number; month: number; day: number } {
  const z = number + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) -
    Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The first and last day numbers of a span. */
export function spanNumbers(span: YearSpan): { first: DayNumber; last: DayNumber } {
  return { first: numberOf(span.first, 1, 1), last: numberOf(span.last, 12, 31) };
}

/** The first and last days of a span, as written. */
export function spanDays(span: YearSpan): { first: string; last: string } {
  return { first: `${pad(span.first, 4)}-01-01`, last: `${pad(span.last, 4)}-12-31` };
}

/**
 * Judges a text as a day of `span` (the shop's years unless told).
 *
 * @example checkDay("2026-02-30") // { kind: "not_a_real_day" }
 * @example checkDay("9999-12-31") // { kind: "outside_span", span: SHOP_YEARS }
 */
export function checkDay(text: unknown, span: YearSpan = SHOP_YEARS): DayCheck {
  if (typeof text !== "string") return { kind: "not_written_as_day" };
  const match = DAY_PATTERN.exec(text);
  if (!match) return { kind: "not_written_as_day" };
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { kind: "not_a_real_day" };
  }
  if (year < span.first || year > span.last) return { kind: "outside_span", span };
  return { kind: "ok", day: text, number: numberOf(year, month, day) };
}

/** Whether `text` is a day of `span` (the shop's years unless told). */
export function isDayIn(text: unknown, span: YearSpan = SHOP_YEARS): boolean {
  return checkDay(text, span).kind === "ok";
}

/**
 * What a refused day is told, in the API's English.
 *
 * @example dayProblem({ kind: "outside_span", span: SHOP_YEARS }) // "must be a day from 2000-01-01 to 2100-12-31"
 */
export function dayProblem(check: Exclude<DayCheck, { kind: "ok" }>): string {
  switch (check.kind) {
    case "not_written_as_day":
      return "must be a date as YYYY-MM-DD";
    case "not_a_real_day":
      return "must be a real calendar date";
    case "outside_span": {
      const { first, last } = spanDays(check.span);
      return `must be a day from ${first} to ${last}`;
    }
  }
}

/**
 * The number of a day written YYYY-MM-DD in years 1 to 9999. A text that is not one is a
 * bug of the caller (input is judged by `checkDay` first): it throws.
 */
export function dayNumber(day: string): DayNumber {
  const check = checkDay(day, CALENDAR_YEARS);
  if (check.kind !== "ok") throw new RangeError(`Not a day of years 1 to 9999: "${day}"`);
  return check.number;
}

/** The first and last day numbers the arithmetic holds. */
const CALENDAR = spanNumbers(CALENDAR_YEARS);

/**
 * A day number written YYYY-MM-DD; outside years 1 to 9999 it throws, never writing a
 * year of five digits or a negative one.
 *
 * @example dayOf(0) // "1970-01-01"
 */
export function dayOf(number: DayNumber): string {
  if (!Number.isInteger(number) || number < CALENDAR.first || number > CALENDAR.last) {
    throw new RangeError(`Day number ${number} is outside years 1 to 9999`);
  }
  const { year, month, day } = partsOf(number);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/**
 * The day `days` after `day` (before it, for a negative number).
 *
 * @example addDays("2026-02-28", 1) // "2026-03-01"
 */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/**
 * Compares two days as days: negative when `a` is before `b`, 0 on the same day.
 *
 * @example compareDays("2026-03-01", "2026-02-28") > 0 // true
 */
export function compareDays(a: string, b: string): number {
  return dayNumber(a) - dayNumber(b);
}

/**
 * How many days lie from `from` to `to`, both included (0 or less when reversed).
 *
 * @example dayCount({ from: "2026-03-01", to: "2026-03-31" }) // 31
 */
export function dayCount(range: { from: string; to: string }): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/**
 * The day of the week, ISO 8601: 1 is Monday, 7 Sunday.
 *
 * @example isoWeekday("2026-03-04") // 3 (a Wednesday)
 */
export function isoWeekday(day: string): number {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
}

/**
 * The last day of the month `day` is in.
 *
 * @example monthEnd("2024-02-10") // "2024-02-29"
 */
export function monthEnd(day: string): string {
  const { year, month } = partsOf(dayNumber(day));
  return dayOf(numberOf(year, month, daysInMonth(year, month)));
}

/**
 * The first day of the month after the one `day` is in.
 *
 * @example nextMonthStart("2026-12-15") // "2027-01-01"
 */
export function nextMonthStart(day: string): string {
  return addDays(monthEnd(day), 1);
}

/**
 * The first day of the year after the one `day` is in.
 *
 * @example nextYearStart("2026-12-15") // "2027-01-01"
 */
export function nextYearStart(day: string): string {
  const { year } = partsOf(dayNumber(day));
  return dayOf(numberOf(year + 1, 1, 1));
}

/**
 * The same day `years` years later (a 29 February falls on 1 March in a year without one).
 *
 * @example addYears("2024-02-29", 5) // "2029-03-01"
 */
export function addYears(day: string, years: number): string {
  const { year, month, day: date } = partsOf(dayNumber(day));
  const to = year + years;
  return date > daysInMonth(to, month)
    ? dayOf(numberOf(to, month, daysInMonth(to, month)) + 1)
    : dayOf(numberOf(to, month, date));
}
