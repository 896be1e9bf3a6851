import assert from "node:assert/strict";
import fc from "fast-check";
import {
  addDays,
  addYears,
  CALENDAR_YEARS,
  checkDay,
  compareDays,
  dayCount,
  dayNumber,
  dayOf,
  dayProblem,
  daysInMonth,
  isDayIn,
  isoWeekday,
  monthEnd,
  nextMonthStart,
  nextYearStart,
  PUBLISHING_YEARS,
  SHOP_YEARS,
  spanDays,
  spanNumbers,
} from "./day.ts";

/** The reference: JavaScript's own calendar, with the year set apart (Date.UTC reads 0-99 as 19xx). */
function referenceNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / 86_400_000);
}

/** Any real day of years 1 to 9999, as year, month and day. */
const anyDay = fc.integer({ min: 1, max: 9999 }).chain((year) =>
  fc.integer({ min: 1, max: 12 }).chain((month) =>
    fc.integer({ min: 1, max: daysInMonth(year, month) }).map((day) => ({ year, month, day }))
  )
);

const written = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${
    String(day).padStart(2, "0")
  }`;

/** Any day number of years 1 to 9999. */
const calendar = spanNumbers(CALENDAR_YEARS);
const anyNumber = fc.integer({ min: calendar.first, max: calendar.last });

/** Any day of the shop's span. */
const shop = spanNumbers(SHOP_YEARS);
const shopDay = fc.integer({ min: shop.first, max: shop.last }).map(dayOf);

Deno.test("a day's number agrees with JavaScript's calendar over every year from 1 to 9999", () => {
  fc.assert(
    fc.property(anyDay, (d) => dayNumber(written(d)) === referenceNumber(d.year, d.month, d.day)),
    { numRuns: 2000 },
  );
});

Deno.test("a day number written and read back is the same day, over the whole calendar", () => {
  fc.assert(fc.property(anyNumber, (n) => dayNumber(dayOf(n)) === n), { numRuns: 2000 });
  // The edges, one by one.
  for (
    const n of [calendar.first, calendar.first + 1, -1, 0, 1, calendar.last - 1, calendar.last]
  ) {
    assert.equal(dayNumber(dayOf(n)), n);
  }
  assert.equal(dayOf(calendar.first), "0001-01-01");
  assert.equal(dayOf(calendar.last), "9999-12-31");
  assert.equal(dayOf(0), "1970-01-01");
});

Deno.test("the arithmetic never writes a year of five digits or below 1: past the calendar it throws", () => {
  assert.throws(() => addDays("9999-12-31", 1), RangeError);
  assert.throws(() => addDays("0001-01-01", -1), RangeError);
  assert.throws(() => dayOf(calendar.last + 1), RangeError);
  assert.throws(() => dayOf(0.5), RangeError);
  assert.throws(() => dayNumber("+010000-01-01"), RangeError);
  fc.assert(
    fc.property(anyNumber, fc.integer({ min: -4_000_000, max: 4_000_000 }), (n, step) => {
      const to = n + step;
      if (to < calendar.first || to > calendar.last) {
        assert.throws(() => dayOf(to), RangeError);
        return true;
      }
      return /^\d{4}-\d{2}-\d{2}$/.test(dayOf(to));
    }),
  );
});

Deno.test("days compare as days: the order of numbers, the same as the written order inside the calendar", () => {
  fc.assert(
    fc.property(anyNumber, anyNumber, (a, b) => {
      const [x, y] = [dayOf(a), dayOf(b)];
      return Math.sign(compareDays(x, y)) === Math.sign(a - b) &&
        Math.sign(compareDays(x, y)) === Math.sign(x.localeCompare(y));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("adding days moves by exactly that many, and counting a range counts both ends", () => {
  fc.assert(
    fc.property(shopDay, fc.integer({ min: -4000, max: 4000 }), (day, step) => {
      const to = addDays(day, step);
      return compareDays(to, day) === step &&
        dayCount({ from: day, to }) === step + 1 && addDays(to, -step) === day;
    }),
    { numRuns: 1000 },
  );
  assert.equal(addDays("2026-02-28", 1), "2026-03-01");
  assert.equal(addDays("2024-02-28", 1), "2024-02-29");
  assert.equal(addDays("2100-02-28", 1), "2100-03-01", "2100 is no leap year");
  assert.equal(addDays("2000-02-28", 1), "2000-02-29", "2000 is one");
  assert.equal(addDays("2100-12-31", 1), "2101-01-01");
  assert.equal(addDays("2000-01-01", -1), "1999-12-31");
  assert.equal(dayCount({ from: "2026-03-01", to: "2026-03-31" }), 31);
});

Deno.test("the shop's span is 2000-01-01 to 2100-12-31; a publishing date may be from 1450", () => {
  assert.deepEqual(spanDays(SHOP_YEARS), { first: "2000-01-01", last: "2100-12-31" });
  for (const day of ["2000-01-01", "2100-12-31", "2026-02-28", "2024-02-29"]) {
    assert.equal(checkDay(day).kind, "ok", day);
  }
  for (const day of ["1999-12-31", "2101-01-01", "0001-01-01", "9999-12-31"]) {
    assert.deepEqual(checkDay(day), { kind: "outside_span", span: SHOP_YEARS }, day);
  }
  assert.equal(isDayIn("1947-01-01", PUBLISHING_YEARS), true);
  assert.equal(isDayIn("1449-12-31", PUBLISHING_YEARS), false);
  assert.equal(isDayIn("1450-01-01", PUBLISHING_YEARS), true);
  assert.equal(isDayIn("2101-01-01", PUBLISHING_YEARS), false);
});

Deno.test("what is not a day is told apart from a day outside the span, each with its words", () => {
  const cases: [unknown, string][] = [
    ["0000-01-01", "must be a real calendar date"],
    ["2026-02-30", "must be a real calendar date"],
    ["2026-13-01", "must be a real calendar date"],
    ["2026-00-10", "must be a real calendar date"],
    ["2100-02-29", "must be a real calendar date"],
    ["10000-01-01", "must be a date as YYYY-MM-DD"],
    ["-0001-01-01", "must be a date as YYYY-MM-DD"],
    ["+010000-01-01", "must be a date as YYYY-MM-DD"],
    ["", "must be a date as YYYY-MM-DD"],
    ["2026-1-01", "must be a date as YYYY-MM-DD"],
    ["2026-01-01T00:00", "must be a date as YYYY-MM-DD"],
    [" 2026-01-01", "must be a date as YYYY-MM-DD"],
    ["٢٠٢٦-٠١-٠١", "must be a date as YYYY-MM-DD"],
    [20260101, "must be a date as YYYY-MM-DD"],
    [null, "must be a date as YYYY-MM-DD"],
    ["0001-01-01", "must be a day from 2000-01-01 to 2100-12-31"],
    ["9999-12-31", "must be a day from 2000-01-01 to 2100-12-31"],
  ];
  for (const [text, words] of cases) {
    const check = checkDay(text);
    assert.notEqual(check.kind, "ok", String(text));
    if (check.kind !== "ok") assert.equal(dayProblem(check), words, String(text));
  }
});

Deno.test("any text whatever is judged without throwing, and a day it accepts is within the span", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.stringMatching(/^-?\d{1,6}-\d{1,2}-\d{1,2}$/),
        anyDay.map(written),
      ),
      (text) => {
        const check = checkDay(text);
        if (check.kind !== "ok") return true;
        return check.number >= shop.first && check.number <= shop.last &&
          dayOf(check.number) === text;
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("weekdays, month ends and year starts hold over the whole calendar", () => {
  assert.equal(isoWeekday("2026-03-04"), 3, "a Wednesday");
  assert.equal(isoWeekday("1970-01-01"), 4, "a Thursday");
  assert.equal(isoWeekday("0001-01-01"), 1, "a Monday, in the proleptic calendar");
  assert.equal(monthEnd("2024-02-10"), "2024-02-29");
  assert.equal(monthEnd("9999-12-01"), "9999-12-31");
  assert.equal(nextMonthStart("2026-12-15"), "2027-01-01");
  assert.equal(nextYearStart("2026-12-15"), "2027-01-01");
  assert.throws(() => nextYearStart("9999-06-01"), RangeError);
  fc.assert(
    fc.property(anyNumber, (n) => {
      const day = dayOf(n);
      const date = new Date(n * 86_400_000);
      return isoWeekday(day) === ((date.getUTCDay() + 6) % 7) + 1 &&
        compareDays(monthEnd(day), day) >= 0 && monthEnd(day).slice(0, 7) === day.slice(0, 7) &&
        (day.startsWith("9999-12") || addDays(monthEnd(day), 1).endsWith("-01"));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("five years on from 29 February is 1 March; from another day, the same day", () => {
  assert.equal(addYears("2024-02-29", 5), "2029-03-01");
  assert.equal(addYears("2024-02-29", 4), "2028-02-29");
  assert.equal(addYears("2021-03-01", 5), "2026-03-01");
  fc.assert(
    fc.property(shopDay, (day) => {
      const later = addYears(day, 5);
      return day.endsWith("02-29") && !later.endsWith("02-29")
        ? later.endsWith("03-01")
        : later.slice(5) === day.slice(5) &&
          Number(later.slice(0, 4)) === Number(day.slice(0, 4)) + 5;
    }),
    { numRuns: 500 },
  );
});
