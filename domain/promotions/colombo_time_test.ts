import assert from "node:assert/strict";
import fc from "fast-check";
import { colomboLocalToInstant, instantToColomboLocal } from "./colombo_time.ts";

Deno.test("a Colombo date and time is the instant five and a half hours earlier in UTC", () => {
  assert.equal(colomboLocalToInstant("2026-09-19T00:00"), "2026-09-18T18:30:00.000Z");
  assert.equal(colomboLocalToInstant("2026-12-31T23:59:30"), "2026-12-31T18:29:30.000Z");
  assert.equal(instantToColomboLocal("2026-09-18T18:30:00.000Z"), "2026-09-19T00:00");
});

Deno.test("a date and time that is not real, or not written as the owner's form writes it, is refused", () => {
  for (
    const bad of [
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
      "2026-01-01T10:60",
      "2026-01-01",
      "2026-01-01 10:00",
      "2026-01-01T10:00Z",
      "",
      // Outside the shop's years (domain/dates), or no year at all.
      "0000-01-01T00:00",
      "0001-01-01T00:00",
      "1999-12-31T23:59",
      "2101-01-01T00:00",
      "9999-12-31T23:59",
      "10000-01-01T00:00",
      "-0001-01-01T00:00",
    ]
  ) assert.equal(colomboLocalToInstant(bad), undefined, bad);
});

Deno.test("every minute written in Colombo comes back the same from its instant", () => {
  fc.assert(fc.property(
    fc.date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    }),
    (date) => {
      const local = date.toISOString().slice(0, 16);
      return instantToColomboLocal(colomboLocalToInstant(local)!) === local;
    },
  ));
});
