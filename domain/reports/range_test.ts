import assert from "node:assert/strict";
import fc from "fast-check";
import {
  addDays,
  checkReportRange,
  dayCount,
  periodBefore,
  previousRange,
  rangeInstants,
  REPORT_GRAINS,
  reportPeriods,
  wholeMonths,
  wholeYears,
} from "./range.ts";
import { colomboDay } from "./facts.ts";

Deno.test("a range may not be reversed, nor longer than five years, nor hold a day that is not one", () => {
  assert.deepEqual(checkReportRange("2026-03-31", "2026-03-01"), { kind: "reversed" });
  assert.deepEqual(checkReportRange("2021-03-01", "2026-02-28"), {
    kind: "ok",
    range: { from: "2021-03-01", to: "2026-02-28" },
  });
  assert.deepEqual(checkReportRange("2021-03-01", "2026-03-01"), {
    kind: "too_long",
    lastDay: "2026-02-28",
  });
  // A range from 29 February ends, five years on, on 28 February.
  assert.deepEqual(checkReportRange("2024-02-29", "2029-03-01"), {
    kind: "too_long",
    lastDay: "2029-02-28",
  });
  assert.deepEqual(checkReportRange("2026-02-30", "2026-03-01"), {
    kind: "not_a_date",
    field: `from`,
    problem: "must be a real calendar date",
  });
  assert.deepEqual(checkReportRange("2026-03-01", "1 March"), {
    kind: "not_a_date",
    field: "to",
    problem: "must be a date as YYYY-MM-DD",
  });
  assert.equal(checkReportRange("2026-03-01", "2026-03-01").kind, "ok", "one day is a range");
});

Deno.test("a Colombo day runs from 18:30Z the day before: 18:29:59Z and 18:30:00Z fall on different days", () => {
  assert.equal(colomboDay("2026-03-01T18:29:59.999Z"), "2026-03-01");
  assert.equal(colomboDay("2026-03-01T18:30:00.000Z"), "2026-03-02");
  assert.deepEqual(rangeInstants({ from: "2026-03-02", to: "2026-03-02" }), {
    from: "2026-03-01T18:30:00.000Z",
    to: "2026-03-02T18:30:00.000Z",
  });
  // The year's end in Colombo.
  assert.equal(colomboDay("2026-12-31T18:29:59.000Z"), "2026-12-31");
  assert.equal(colomboDay("2026-12-31T18:30:00.000Z"), "2027-01-01");
});

Deno.test("weeks run Monday to Sunday and months by the calendar, cut at the range's ends", () => {
  // 4 March 2026 is a Wednesday.
  assert.deepEqual(reportPeriods({ from: "2026-03-04", to: "2026-03-20" }, "week"), [
    { start: "2026-03-04", end: "2026-03-08" },
    { start: "2026-03-09", end: "2026-03-15" },
    { start: "2026-03-16", end: "2026-03-20" },
  ]);
  assert.deepEqual(reportPeriods({ from: "2024-01-15", to: "2024-03-10" }, "month"), [
    { start: "2024-01-15", end: "2024-01-31" },
    { start: "2024-02-01", end: "2024-02-29" },
    { start: "2024-03-01", end: "2024-03-10" },
  ]);
  assert.equal(reportPeriods({ from: "2026-01-01", to: "2026-12-31" }, "day").length, 365);
});

Deno.test("the range before has the same length and ends the day before; each period sits beside its own", () => {
  const march = { from: "2026-03-01", to: "2026-03-31" };
  assert.deepEqual(previousRange(march), { from: "2026-01-29", to: "2026-02-28" });
  assert.deepEqual(periodBefore({ start: "2026-03-01", end: "2026-03-01" }, march), {
    start: "2026-01-29",
    end: "2026-01-29",
  });
});

Deno.test("the periods of every grain cover the range exactly, in order, without overlap", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 0, max: 800 }),
      fc.constantFrom(...REPORT_GRAINS),
      (start, length, grain) => {
        const range = {
          from: addDays("2020-01-01", start),
          to: addDays("2020-01-01", start + length),
        };
        const periods = reportPeriods(range, grain);
        assert.equal(periods[0].start, range.from);
        assert.equal(periods[periods.length - 1].end, range.to);
        for (let i = 0; i < periods.length; i++) {
          assert.ok(periods[i].start <= periods[i].end);
          if (i > 0) assert.equal(periods[i].start, addDays(periods[i - 1].end, 1));
        }
        const days = periods.reduce((sum, p) => sum + dayCount({ from: p.start, to: p.end }), 0);
        assert.equal(days, dayCount(range));
        const before = previousRange(range);
        assert.equal(dayCount(before), dayCount(range));
        assert.equal(addDays(before.to, 1), range.from);
      },
    ),
  );
});

Deno.test("a range counts exactly the calendar months and years it holds whole, and only those", () => {
  assert.deepEqual(wholeMonths({ from: "2026-01-15", to: "2026-04-30" }), {
    from: "2026-02-01",
    until: "2026-05-01",
  });
  assert.deepEqual(wholeMonths({ from: "2026-02-01", to: "2026-02-28" }), {
    from: "2026-02-01",
    until: "2026-03-01",
  });
  assert.deepEqual(wholeMonths({ from: "2026-03-02", to: "2026-03-31" }), {
    from: "2026-04-01",
    until: "2026-04-01",
  });
  assert.deepEqual(wholeYears({ from: "2021-11-29", to: "2026-11-27" }), {
    from: "2022-01-01",
    until: "2026-01-01",
  });
  assert.deepEqual(wholeYears({ from: "2026-01-01", to: "2026-12-31" }), {
    from: "2026-01-01",
    until: "2027-01-01",
  });
  assert.deepEqual(wholeYears({ from: "2026-01-02", to: "2026-12-31" }), {
    from: "2027-01-01",
    until: "2027-01-01",
  });
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 0, max: 1900 }),
      (start, length) => {
        const range = {
          from: addDays("2020-01-01", start),
          to: addDays("2020-01-01", start + length),
        };
        const months = wholeMonths(range);
        assert.ok(months.from.endsWith("-01") && months.until.endsWith("-01"));
        assert.ok(months.from <= months.until);
        // Every month counted whole lies inside the range,
        if (months.from < months.until) {
          assert.ok(months.from >= range.from);
          assert.ok(addDays(months.until, -1) <= range.to);
        }
        // and every month the range holds whole is counted: the edges hold no whole month.
        for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
          if (!day.endsWith("-01")) continue;
          const [year, month] = day.split("-").map(Number);
          const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
          const counted = day >= months.from && day < months.until;
          assert.equal(counted, last <= range.to, `the month of ${day}`);
        }
        // The same of years, which lie within the whole months.
        const years = wholeYears(range);
        assert.ok(years.from.endsWith("-01-01") && years.until.endsWith("-01-01"));
        if (years.from < years.until) {
          assert.ok(years.from >= months.from && years.until <= months.until);
        }
        for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
          if (!day.endsWith("-01-01")) continue;
          const counted = day >= years.from && day < years.until;
          assert.equal(counted, `${day.slice(0, 4)}-12-31` <= range.to, `the year of ${day}`);
        }
      },
    ),
  );
});

Deno.test("the attack's range, 9995-01-01 to 9999-12-31, and every year outside 2000-2100 are refused before any period is cut", () => {
  assert.deepEqual(checkReportRange("9995-01-01", "9999-12-31"), {
    kind: "not_a_date",
    field: `from`,
    problem: "must be a day from 2000-01-01 to 2100-12-31",
  });
  for (
    const [from, to, field] of [
      ["0001-01-01", "0001-12-31", `from`],
      ["0000-01-01", "2026-01-01", `from`],
      ["2026-01-01", "10000-01-01", "to"],
      ["2026-01-01", "-0001-01-01", "to"],
      ["2026-01-01", "2026-13-01", "to"],
      ["", "2026-01-01", `from`],
      ["1999-12-31", "2000-01-01", `from`],
      ["2100-12-31", "2101-01-01", "to"],
    ]
  ) {
    const check = checkReportRange(from, to);
    assert.equal(check.kind, "not_a_date", `${from}..${to}`);
    if (check.kind === "not_a_date") assert.equal(check.field, field, `${from}..${to}`);
  }
});

Deno.test("the last five years of the span are cut into a bounded number of periods, each grain, to 2100-12-31", () => {
  const range = { from: "2096-01-01", to: "2100-12-31" };
  assert.equal(checkReportRange(range.from, range.to).kind, "ok");
  const days = reportPeriods(range, "day");
  assert.equal(days.length, dayCount(range));
  assert.equal(days[days.length - 1].end, "2100-12-31");
  assert.equal(reportPeriods(range, "month").length, 60);
  const weeks = reportPeriods(range, "week");
  assert.equal(weeks[weeks.length - 1].end, "2100-12-31");
  assert.ok(weeks.length <= 262);
  // The first five years too, whose range before (as many days) reaches back into 1994.
  const first = { from: "2000-01-01", to: "2004-12-31" };
  assert.equal(checkReportRange(first.from, first.to).kind, "ok");
  assert.deepEqual(previousRange(first), { from: "1994-12-31", to: "1999-12-31" });
  assert.equal(reportPeriods(first, "day").length, dayCount(first));
});

Deno.test("every range of the shop's years gives at most one period a day, its ends its own", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 36_889 }),
      fc.integer({ min: 0, max: 1826 }),
      fc.constantFrom(...REPORT_GRAINS),
      (start, length, grain) => {
        const from = addDays("2000-01-01", start);
        const last = addDays(from, length);
        const to = last > "2100-12-31" ? "2100-12-31" : last;
        const check = checkReportRange(from, to);
        if (check.kind !== "ok") return check.kind === "too_long";
        const periods = reportPeriods(check.range, grain);
        return periods.length <= dayCount(check.range) && periods[0].start === from &&
          periods[periods.length - 1].end === to;
      },
    ),
    { numRuns: 300 },
  );
});
