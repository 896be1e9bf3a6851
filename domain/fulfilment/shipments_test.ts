import assert from "node:assert/strict";
import fc from "fast-check";
import { BUILT_IN_COURIERS } from "./couriers.ts";
import {
  handOverRefusal,
  orderFulfilment,
  type Shipment,
  type ShipmentDraft,
  shipmentRefusal,
  type ShippableLine,
  stockRefusal,
  unshippedCopies,
} from "./shipments.ts";

const LINES: ShippableLine[] = [
  { id: 1, quantity: 2, preorder: false },
  { id: 2, quantity: 1, preorder: true },
];

function parcel(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 1,
    orderId: 7,
    lines: [{ orderLineId: 1, quantity: 2 }],
    courierId: "koombiyo",
    waybill: "KB1234",
    codCents: 0,
    status: "packed",
    ...overrides,
  };
}

function draft(overrides: Partial<ShipmentDraft> = {}): ShipmentDraft {
  return {
    lines: [{ orderLineId: 1, quantity: 2 }],
    courierId: "koombiyo",
    waybill: "KB1234",
    codCents: 0,
    ...overrides,
  };
}

const PAID = { lines: LINES, owedCents: 0 };

Deno.test("shipmentRefusal() refuses a parcel with no lines, a line not in the order, and a copy already in another parcel", () => {
  assert.deepEqual(shipmentRefusal(draft({ lines: [] }), PAID, [], BUILT_IN_COURIERS), {
    kind: "no_lines",
  });
  assert.deepEqual(
    shipmentRefusal(
      draft({ lines: [{ orderLineId: 1, quantity: 0 }] }),
      PAID,
      [],
      BUILT_IN_COURIERS,
    ),
    { kind: "no_lines" },
  );
  assert.deepEqual(
    shipmentRefusal(
      draft({ lines: [{ orderLineId: 9, quantity: 1 }] }),
      PAID,
      [],
      BUILT_IN_COURIERS,
    ),
    { kind: "unknown_line", orderLineId: 9 },
  );
  assert.deepEqual(
    shipmentRefusal(
      draft({ lines: [{ orderLineId: 1, quantity: 1 }] }),
      PAID,
      [parcel()],
      BUILT_IN_COURIERS,
    ),
    { kind: "too_many", orderLineId: 1, left: 0 },
  );
  // A returned parcel's copies may ship again.
  assert.equal(
    shipmentRefusal(draft(), PAID, [parcel({ status: "returned" })], BUILT_IN_COURIERS),
    undefined,
  );
});

Deno.test("shipmentRefusal() refuses an unknown courier and a waybill of the wrong shape for its courier", () => {
  assert.deepEqual(shipmentRefusal(draft({ courierId: "dhl" }), PAID, [], BUILT_IN_COURIERS), {
    kind: "unknown_courier",
    courierId: "dhl",
  });
  const strict = BUILT_IN_COURIERS.map((c) =>
    c.id === "domex" ? { ...c, waybillPattern: "[0-9]{10}" } : c
  );
  assert.deepEqual(
    shipmentRefusal(draft({ courierId: "domex", waybill: "KB1234" }), PAID, [], strict),
    { kind: "bad_waybill", courierId: "domex", waybill: "KB1234" },
  );
  assert.equal(
    shipmentRefusal(draft({ courierId: "domex", waybill: "1234567890" }), PAID, [], strict),
    undefined,
  );
});

Deno.test("shipmentRefusal() takes a COD amount only when the parcels together collect exactly what is owed", () => {
  const cod = { lines: LINES, owedCents: 300_000 };
  // The first of two parcels may collect part; the last must collect the rest.
  assert.equal(
    shipmentRefusal(draft({ codCents: 100_000 }), cod, [], BUILT_IN_COURIERS),
    undefined,
  );
  assert.deepEqual(
    shipmentRefusal(draft({ codCents: 400_000 }), cod, [], BUILT_IN_COURIERS),
    { kind: "cod_mismatch", codCents: 400_000, owedCents: 300_000 },
  );
  const rest = draft({ lines: [{ orderLineId: 2, quantity: 1 }], codCents: 150_000 });
  const first = [parcel({ codCents: 100_000 })];
  assert.deepEqual(shipmentRefusal(rest, cod, first, BUILT_IN_COURIERS), {
    kind: "cod_mismatch",
    codCents: 150_000,
    owedCents: 200_000,
  });
  assert.equal(
    shipmentRefusal({ ...rest, codCents: 200_000 }, cod, first, BUILT_IN_COURIERS),
    undefined,
  );
  // A paid order's parcels collect nothing.
  assert.deepEqual(
    shipmentRefusal(
      draft({
        lines: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 1 }],
        codCents: 1,
      }),
      PAID,
      [],
      BUILT_IN_COURIERS,
    ),
    { kind: "cod_mismatch", codCents: 1, owedCents: 0 },
  );
});

Deno.test("parcels the rules let through never hold more copies of a line than the order has", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.array(
          fc.record({
            orderLineId: fc.constantFrom(1, 2),
            quantity: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 3 },
        ),
        { maxLength: 6 },
      ),
      (drafts) => {
        const packed: Shipment[] = [];
        for (const lines of drafts) {
          if (shipmentRefusal(draft({ lines }), PAID, packed, BUILT_IN_COURIERS)) continue;
          packed.push(parcel({ id: packed.length + 1, lines }));
        }
        for (const left of unshippedCopies(LINES, packed).values()) assert.ok(left >= 0);
      },
    ),
  );
});

Deno.test("handOverRefusal() keeps a parcel whose pre-ordered book has not arrived, and lets it go once it has", () => {
  const mixed = parcel({
    lines: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 1 }],
  });
  assert.deepEqual(handOverRefusal(mixed, LINES, () => false), {
    kind: "stock_not_arrived",
    orderLineIds: [2],
  });
  assert.equal(handOverRefusal(mixed, LINES, (id) => id === 2), undefined);
  // The in-stock parcel of a mixed order goes now.
  assert.equal(handOverRefusal(parcel(), LINES, () => false), undefined);
  assert.deepEqual(handOverRefusal(parcel({ waybill: null }), LINES, () => true), {
    kind: "no_waybill",
  });
  assert.deepEqual(handOverRefusal(parcel({ status: "delivered" }), LINES, () => true), {
    kind: "illegal_move",
    from: "delivered",
  });
});

Deno.test("stockRefusal() holds a parcel without its waybill yet (one to send through the courier's API) while its pre-order waits", () => {
  const waiting = parcel({ waybill: null, lines: [{ orderLineId: 2, quantity: 1 }] });
  assert.deepEqual(stockRefusal(waiting, LINES, () => false), {
    kind: "stock_not_arrived",
    orderLineIds: [2],
  });
  assert.equal(stockRefusal(waiting, LINES, () => true), undefined);
  assert.equal(stockRefusal(parcel({ waybill: null }), LINES, () => false), undefined);
});

Deno.test("orderFulfilment() follows the parcels: none out, some out, all out, all delivered, all back", () => {
  const now = parcel({ status: "handed_over" });
  const later = parcel({ id: 2, lines: [{ orderLineId: 2, quantity: 1 }] });
  assert.equal(orderFulfilment(LINES, []), "not_shipped");
  assert.equal(orderFulfilment(LINES, [parcel(), later]), "not_shipped");
  assert.equal(orderFulfilment(LINES, [now, later]), "partly_handed_over");
  assert.equal(orderFulfilment(LINES, [now, { ...later, status: "handed_over" }]), "handed_over");
  assert.equal(
    orderFulfilment(LINES, [{ ...now, status: "delivered" }, { ...later, status: "delivered" }]),
    "delivered",
  );
  assert.equal(
    orderFulfilment(LINES, [{
      ...now,
      lines: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 1 }],
      status: "returned",
    }]),
    "returned",
  );
});
