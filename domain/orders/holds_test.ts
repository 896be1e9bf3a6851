import assert from "node:assert/strict";
import fc from "fast-check";
import { holdingOf, holdKeys, holdRefusal } from "./holds.ts";

Deno.test("holdRefusal() refuses exactly when one of the client's marks would pass a bound, copies first", () => {
  const holding = fc.record({ units: fc.nat(300), cents: fc.nat(1_000_000) });
  fc.assert(fc.property(
    fc.array(holding, { maxLength: 3 }),
    holding,
    fc.record({ maxUnits: fc.integer({ min: 1, max: 300 }), maxCents: fc.nat(1_000_000) }),
    (held, adding, limits) => {
      const marks = held.length > 0 ? held : [{ units: 0, cents: 0 }];
      const overUnits = marks.find((h) => h.units + adding.units > limits.maxUnits);
      const overValue = marks.find((h) => h.cents + adding.cents > limits.maxCents);
      const refusal = holdRefusal(held, adding, limits);
      if (overUnits) {
        assert.deepEqual(refusal, { bound: "units", limit: limits.maxUnits, held: overUnits });
      } else if (overValue) {
        assert.deepEqual(refusal, { bound: "value", limit: limits.maxCents, held: overValue });
      } else assert.equal(refusal, undefined);
    },
  ));
});

Deno.test("holdRefusal() lets an order reach a bound exactly, not pass it", () => {
  const limits = { maxUnits: 200, maxCents: 500_000_00 };
  assert.equal(holdRefusal([{ units: 180, cents: 0 }], { units: 20, cents: 0 }, limits), undefined);
  assert.equal(
    holdRefusal([{ units: 180, cents: 0 }], { units: 21, cents: 0 }, limits)?.bound,
    "units",
  );
  assert.equal(holdRefusal([], { units: 201, cents: 0 }, limits)?.bound, "units");
});

Deno.test("holdKeys() marks a client by its address and its hashed e-mail and phone, read as the order limits read them", async () => {
  const one = await holdKeys({
    address: "198.51.100.7",
    email: " Nimali@Example.lk",
    phone: "+94 77 123 4567",
  });
  const same = await holdKeys({
    address: "198.51.100.7",
    email: "nimali@example.lk",
    phone: "0771234567",
  });
  assert.deepEqual(one, same);
  assert.equal(one[0], "address:198.51.100.7");
  assert.ok(!one.join(" ").includes("nimali"), "no e-mail address in the clear");
  assert.deepEqual(
    await holdKeys({ address: null, email: "nimali@example.lk", phone: "0771234567" }),
    one.slice(1),
  );
});

Deno.test("holdingOf() sums an order's copies and value", () => {
  const line = {
    type: "book" as const,
    itemId: 1,
    title: "t",
    isbn13: null,
    adjustments: [],
    weightGrams: 1,
    preorder: false,
  };
  assert.deepEqual(
    holdingOf([
      { ...line, quantity: 2, listUnitCents: 1_000, unitPriceCents: 1_000 },
      { ...line, itemId: 2, quantity: 3, listUnitCents: 500, unitPriceCents: 500 },
    ]),
    { units: 5, cents: 3_500 },
  );
});
