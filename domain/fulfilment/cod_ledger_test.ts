import assert from "node:assert/strict";
import fc from "fast-check";
import {
  cashWithCouriers,
  type CodEntry,
  codPosition,
  codRefusal,
  orderCashCollected,
} from "./cod_ledger.ts";

const PARCEL = { id: 5, courierId: "koombiyo", codCents: 435_150 };
const AT = "2026-12-02T09:00:00.000Z";

Deno.test("a COD parcel is collected, then remitted, each once and for exactly what it was to collect", () => {
  const entries: CodEntry[] = [];
  let position = codPosition(PARCEL, entries);
  assert.deepEqual(codRefusal(position, "remitted", 435_150), { kind: "not_collected" });
  assert.deepEqual(codRefusal(position, "collected", 400_000), {
    kind: "amount_differs",
    cents: 400_000,
    dueCents: 435_150,
  });
  assert.equal(codRefusal(position, "collected", 435_150), undefined);
  entries.push({ shipmentId: 5, kind: "collected", cents: 435_150, at: AT });
  position = codPosition(PARCEL, entries);
  assert.deepEqual([position.heldCents, position.collectedAt], [435_150, AT]);
  assert.deepEqual(codRefusal(position, "collected", 435_150), {
    kind: "already",
    entry: "collected",
  });
  assert.equal(codRefusal(position, "remitted", 435_150), undefined);
  entries.push({ shipmentId: 5, kind: "remitted", cents: 435_150, at: "2026-12-05T09:00:00.000Z" });
  position = codPosition(PARCEL, entries);
  assert.equal(position.heldCents, 0);
  assert.deepEqual(codRefusal(position, "remitted", 435_150), {
    kind: "already",
    entry: "remitted",
  });
  assert.deepEqual(codRefusal(codPosition({ ...PARCEL, codCents: 0 }, []), "collected", 0), {
    kind: "not_cod",
  });
});

Deno.test("cashWithCouriers() lists the parcels a courier still holds cash for, and each courier's total", () => {
  const positions = [
    codPosition(PARCEL, [{ shipmentId: 5, kind: "collected", cents: 435_150, at: AT }]),
    codPosition({ id: 6, courierId: "domex", codCents: 90_000 }, [
      { shipmentId: 6, kind: "collected", cents: 90_000, at: AT },
      { shipmentId: 6, kind: "remitted", cents: 90_000, at: AT },
    ]),
    codPosition({ id: 7, courierId: "koombiyo", codCents: 120_000 }, [
      { shipmentId: 7, kind: "collected", cents: 120_000, at: AT },
    ]),
    codPosition({ id: 8, courierId: "koombiyo", codCents: 50_000 }, []),
  ];
  const list = cashWithCouriers(positions);
  assert.deepEqual(list.parcels.map((p) => p.shipmentId), [5, 7]);
  assert.deepEqual(list.byCourier, [{ courierId: "koombiyo", heldCents: 555_150 }]);
});

Deno.test("whatever rows the rules admit, a courier never holds less than nothing nor more than it collected", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          kind: fc.constantFrom("collected" as const, "remitted" as const),
          cents: fc.constantFrom(435_150, 1),
        }),
      ),
      (asks) => {
        const entries: CodEntry[] = [];
        for (const ask of asks) {
          if (codRefusal(codPosition(PARCEL, entries), ask.kind, ask.cents)) continue;
          entries.push({ shipmentId: 5, ...ask, at: AT });
        }
        const position = codPosition(PARCEL, entries);
        assert.ok(position.heldCents >= 0 && position.heldCents <= position.collectedCents);
        assert.ok(position.collectedCents <= PARCEL.codCents);
      },
    ),
  );
});

Deno.test("an order's cash counts as collected once every parcel collecting cash has collected, and they add up to what it owes", () => {
  const row = (shipmentId: number, cents: number): CodEntry => ({
    shipmentId,
    kind: "collected",
    cents,
    at: "2026-03-02T05:00:00.000Z",
  });
  const parcels = [
    { id: 1, codCents: 100_000, status: "delivered" },
    { id: 2, codCents: 35_150, status: "handed_over" },
  ];
  assert.equal(orderCashCollected(parcels, [row(1, 100_000)], 135_150), false, "one still out");
  assert.equal(orderCashCollected(parcels, [row(1, 100_000), row(2, 35_150)], 135_150), true);
  assert.equal(
    orderCashCollected(parcels, [row(1, 100_000), row(2, 35_150)], 200_000),
    false,
    "a parcel still to pack collects the rest",
  );
  const back = [parcels[0], { ...parcels[1], status: "returned" }];
  assert.equal(
    orderCashCollected(back, [row(1, 100_000)], 100_000),
    true,
    "a returned parcel collects nothing",
  );
  assert.equal(orderCashCollected([], [], 0), false, "an order paid before it left");
});
