import assert from "node:assert/strict";
import fc from "fast-check";
import { preorderArrival } from "./preorder_arrival.ts";

Deno.test("an order without pre-orders has no pre-order arrival", () => {
  assert.equal(preorderArrival([]), undefined);
  assert.equal(preorderArrival([{ preorder: false, preorderDate: null }]), undefined);
});

Deno.test("pre-orders with dates are expected on the latest of them, as the book pages say", () => {
  assert.deepEqual(
    preorderArrival([
      { preorder: true, preorderDate: "2027-03-15" },
      { preorder: false },
      { preorder: true, preorderDate: "2027-01-20" },
    ]),
    { kind: "date", date: "2027-03-15" },
  );
  // A timestamp from the database reads as its calendar day.
  assert.deepEqual(preorderArrival([{ preorder: true, preorderDate: "2027-03-15T00:00:00Z" }]), {
    kind: "date",
    date: "2027-03-15",
  });
});

Deno.test("a pre-order without a date falls back on the weeks, never a date of another line", () => {
  assert.deepEqual(
    preorderArrival([
      { preorder: true, preorderDate: "2027-03-15" },
      { preorder: true, preorderDate: null },
    ]),
    { kind: "weeks" },
  );
  assert.deepEqual(preorderArrival([{ preorder: true }]), { kind: "weeks" });
});

Deno.test("the date, when there is one, is a pre-ordered line's and no earlier than any", () => {
  const day = fc.date({
    min: new Date("2026-01-01"),
    max: new Date("2030-12-31"),
    noInvalidDate: true,
  })
    .map((d) => d.toISOString().slice(0, 10));
  fc.assert(fc.property(
    fc.array(fc.record({ preorder: fc.boolean(), preorderDate: fc.option(day) })),
    (lines) => {
      const arrival = preorderArrival(lines);
      const preorders = lines.filter((l) => l.preorder);
      if (preorders.length === 0) return assert.equal(arrival, undefined);
      if (arrival?.kind !== "date") {
        return assert.ok(preorders.some((l) => l.preorderDate === null));
      }
      assert.ok(preorders.some((l) => l.preorderDate === arrival.date));
      for (const l of preorders) assert.ok(l.preorderDate! <= arrival.date);
    },
  ));
});
