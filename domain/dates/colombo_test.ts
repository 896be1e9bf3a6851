import assert from "node:assert/strict";
import fc from "fast-check";
import {
  checkColomboLocal,
  colomboDayAt,
  colomboDayEnd,
  colomboDayStart,
  instantToColomboLocal,
} from "./colombo.ts";
import { dayOf, SHOP_YEARS, spanNumbers } from "./day.ts";

const shop = spanNumbers(SHOP_YEARS);
const shopDay = fc.integer({ min: shop.first, max: shop.last }).map(dayOf);

Deno.test("a Colombo day runs from 18:30Z the day before to 18:30Z on it, at both ends of the span", () => {
  assert.equal(colomboDayStart("2026-03-01"), "2026-02-28T18:30:00.000Z");
  assert.equal(colomboDayEnd("2026-09-25"), "2026-09-25T18:30:00.000Z");
  assert.equal(colomboDayStart("2000-01-01"), "1999-12-31T18:30:00.000Z");
  assert.equal(colomboDayEnd("2100-12-31"), "2100-12-31T18:30:00.000Z");
  assert.equal(colomboDayAt("2026-03-01T18:29:59.999Z"), "2026-03-01");
  assert.equal(colomboDayAt("2026-03-01T18:30:00.000Z"), "2026-03-02");
  fc.assert(
    fc.property(shopDay, (day) =>
      colomboDayAt(colomboDayStart(day)) === day &&
      colomboDayAt(new Date(Date.parse(colomboDayEnd(day)) - 1)) === day &&
      Date.parse(colomboDayEnd(day)) - Date.parse(colomboDayStart(day)) === 86_400_000),
    { numRuns: 1000 },
  );
});

Deno.test("a Colombo date and time is read to its instant, and written back the same", () => {
  assert.deepEqual(checkColomboLocal("2026-09-19T00:00"), {
    kind: "ok",
    instant: "2026-09-18T18:30:00.000Z",
  });
  assert.deepEqual(checkColomboLocal("2026-12-31T23:59:30"), {
    kind: "ok",
    instant: "2026-12-31T18:29:30.000Z",
  });
  fc.assert(
    fc.property(
      shopDay,
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      (day, hour, minute) => {
        const local = `${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
        const check = checkColomboLocal(local);
        return check.kind === "ok" && instantToColomboLocal(check.instant) === local;
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("a date and time outside the shop's years, or not one, is refused with its reason", () => {
  const cases: [string, string][] = [
    ["0000-01-01T00:00", "not_a_real_day"],
    ["0001-01-01T00:00", "outside_span"],
    ["9999-12-31T23:59", "outside_span"],
    ["10000-01-01T00:00", "not_written_as_time"],
    ["-0001-01-01T00:00", "not_written_as_time"],
    ["2026-02-30T10:00", "not_a_real_day"],
    ["2026-13-01T10:00", "not_a_real_day"],
    ["2026-01-01T24:00", "not_written_as_time"],
    ["2026-01-01", "not_written_as_time"],
    ["", "not_written_as_time"],
  ];
  for (const [text, kind] of cases) assert.equal(checkColomboLocal(text).kind, kind, text);
});
