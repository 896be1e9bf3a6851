import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_HOLD_LIMITS, holdingOf, holdKeys, holdRefusal } from "./holds.ts";

Deno.test("holdRefusal() refuses exactly when one of the client's marks would pass a bound, copies first", () => {
  const holding = fc.record({ units: fc.nat(300), cents: fc.nat(1_000_000) });
  fc.assert(fc.property(
    fc.array(holding, { maxLength: 3 }),
    holding,
    fc.record({ maxUnits: fc.integer({ min: 1, max: 300 }), maxCents: fc.nat(1_000_000) }),
    (held, adding, contact) => {
      const limits = { ...contact, addressMaxUnits: 10_000, addressMaxCents: 100_000_000 };
      const marks = held.length > 0 ? held : [{ units: 0, cents: 0 }];
      const overUnits = marks.find((h) => h.units + adding.units > limits.maxUnits);
      const overValue = marks.find((h) => h.cents + adding.cents > limits.maxCents);
      const refusal = holdRefusal(held, adding, limits);
      if (overUnits) {
        assert.deepEqual(refusal, {
          bound: "units",
          limit: limits.maxUnits,
          held: { ...overUnits },
        });
      } else if (overValue) {
        assert.deepEqual(refusal, {
          bound: "value",
          limit: limits.maxCents,
          held: { ...overValue },
        });
      } else assert.equal(refusal, undefined);
    },
  ));
});

Deno.test("holdRefusal() lets an order reach a bound exactly, not pass it", () => {
  const limits = DEFAULT_HOLD_LIMITS;
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

Deno.test("an address holds up to 1,000 copies, five times an e-mail's or a phone's 200: shoppers behind one carrier-grade NAT each order under their own", () => {
  const limits = DEFAULT_HOLD_LIMITS;
  assert.equal(limits.addressMaxUnits, 1_000);
  assert.equal(limits.maxUnits, 200);
  assert.ok(limits.addressMaxCents > limits.maxCents);
  // 30 shoppers behind one address have held 900 copies; the next, with their own contacts.
  const behindNat = [{ key: "address:100.64.0.1", units: 900, cents: 0 }];
  assert.equal(holdRefusal(behindNat, { units: 20, cents: 0 }, limits), undefined);
  assert.deepEqual(holdRefusal(behindNat, { units: 101, cents: 0 }, limits), {
    bound: "units",
    limit: 1_000,
    held: { units: 900, cents: 0 },
  });
  // One contact still holds at most 200, whatever the address.
  const oneEmail = [{ key: "address:100.64.0.1", units: 190, cents: 0 }, {
    key: "email:abc",
    units: 190,
    cents: 0,
  }];
  assert.equal(holdRefusal(oneEmail, { units: 20, cents: 0 }, limits)?.limit, 200);
  // A first order of more than a contact may hold is refused by the contact's bound.
  assert.equal(
    holdRefusal(
      [{ key: "address:100.64.0.1", units: 0, cents: 0 }],
      { units: 201, cents: 0 },
      limits,
    )
      ?.limit,
    200,
  );
});
