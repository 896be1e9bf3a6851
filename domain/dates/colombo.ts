/**
 * Days and times in Sri Lanka (Asia/Colombo: UTC+05:30 all year, no daylight saving),
 * computed from the day rule (day.ts), never from the zone database or the machine's zone.
 */
import { checkDay, type DayCheck, dayNumber, dayOf, SHOP_YEARS, type YearSpan } from "./day.ts";

/** Sri Lanka's offset from UTC, in minutes. */
export const COLOMBO_OFFSET_MINUTES = 330;

const DAY_MS = 86_400_000;
const OFFSET_MS = COLOMBO_OFFSET_MINUTES * 60_000;

/**
 * The instant a day begins in Sri Lanka, ISO 8601 in UTC.
 *
 * @example colomboDayStart("2026-03-01") // "2026-02-28T18:30:00.000Z"
 */
export function colomboDayStart(day: string): string {
  return new Date(dayNumber(day) * DAY_MS - OFFSET_MS).toISOString();
}

/**
 * The instant after a day ends in Sri Lanka: the next day's 00:00 there, in UTC.
 *
 * @example colomboDayEnd("2026-09-25") // "2026-09-25T18:30:00.000Z"
 */
export function colomboDayEnd(day: string): string {
  return new Date((dayNumber(day) + 1) * DAY_MS - OFFSET_MS).toISOString();
}

/**
 * The day in Sri Lanka at an instant (a Date or ISO 8601 text), YYYY-MM-DD.
 *
 * @example colomboDayAt("2026-02-28T18:30:00Z") // "2026-03-01"
 */
export function colomboDayAt(at: Date | string): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  return dayOf(Math.floor((ms + OFFSET_MS) / DAY_MS));
}

/** A Colombo date and time as the owner writes it: `2026-09-19T09:00` (seconds optional). */
export const COLOMBO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** What a text written as a Colombo date and time is. */
export type LocalTimeCheck =
  | { kind: "ok"; instant: string }
  | { kind: "not_written_as_time" }
  | Exclude<DayCheck, { kind: "ok" }>;

/**
 * Judges a Colombo date and time (`YYYY-MM-DDTHH:MM`, seconds optional) whose day is of
 * `span` (the shop's years unless told), and gives its instant in UTC.
 *
 * @example checkColomboLocal("2026-09-19T00:00") // { kind: "ok", instant: "2026-09-18T18:30:00.000Z" }
 * @example checkColomboLocal("0000-01-01T00:00").kind // "not_a_real_day"
 */
export function checkColomboLocal(text: unknown, span: YearSpan = SHOP_YEARS): LocalTimeCheck {
  if (typeof text !== "string") return { kind: "not_written_as_time" };
  const match = COLOMBO_LOCAL.exec(text);
  if (!match) return { kind: "not_written_as_time" };
  const [dayText, ...clock] = match.slice(1);
  const [hour, minute, second] = clock.map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return { kind: "not_written_as_time" };
  const day = checkDay(dayText, span);
  if (day.kind !== "ok") return day;
  const ms = day.number * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 - OFFSET_MS;
  return { kind: "ok", instant: new Date(ms).toISOString() };
}

/**
 * An instant as Colombo's date and time to the minute, as a form's
 * `<input type="datetime-local">` holds it.
 *
 * @example instantToColomboLocal("2026-09-18T18:30:00.000Z") // "2026-09-19T00:00"
 */
export function instantToColomboLocal(instant: string): string {
  const ms = Date.parse(instant) + OFFSET_MS;
  const day = dayOf(Math.floor(ms / DAY_MS));
  const minutes = Math.floor((ms - Math.floor(ms / DAY_MS) * DAY_MS) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${day}T${hh}:${mm}`;
}
