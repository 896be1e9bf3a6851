import assert from "node:assert/strict";
import fc from "fast-check";
import { parcelsWord, preorderWait, waitingOrders } from "./preorder_waiting.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";
import type { Order } from "../orders/model.ts";

const BOOK = 7;

function orderWith(
  id: number,
  orderDate: string,
  lines: { id: number; itemId: number; quantity: number; preorder: boolean }[],
  overrides: Partial<Order> = {},
): Order {
  const base = sampleOrder();
  const template = base.items[0];
  return {
    ...base,
    id,
    orderDate,
    items: lines.map((line) => ({ ...template, type: "book" as const, ...line })),
    ...overrides,
  };
}

Deno.test("waitingOrders() lists the orders whose pre-ordered copies of the book have not gone out, oldest first", () => {
  const older = orderWith(2, "2026-03-01T09:00:00.000Z", [
    { id: 21, itemId: BOOK, quantity: 2, preorder: true },
    { id: 22, itemId: 3, quantity: 1, preorder: false },
  ], { parcels: "split", secondParcelFeeCents: 15_000, paymentStatus: "paid" });
  const newer = orderWith(1, "2026-03-02T09:00:00.000Z", [
    { id: 11, itemId: BOOK, quantity: 1, preorder: true },
  ]);
  const listed = waitingOrders([newer, older], () => [], BOOK);
  assert.deepEqual(listed.map((w) => [w.orderId, w.copies, w.parcels, w.paymentStatus]), [
    [2, 2, "split", "paid"],
    [1, 1, "together", newer.paymentStatus],
  ]);
  assert.equal(listed[0].customerName, older.customer.name);
  assert.equal(listed[0].orderDate, older.orderDate);
});

Deno.test("waitingOrders() leaves out copies handed over or delivered, cancelled orders and in-stock lines", () => {
  const partly = orderWith(1, "2026-03-01T09:00:00.000Z", [
    { id: 11, itemId: BOOK, quantity: 3, preorder: true },
  ]);
  const sent = orderWith(2, "2026-03-01T10:00:00.000Z", [
    { id: 21, itemId: BOOK, quantity: 1, preorder: true },
  ]);
  const cancelled = orderWith(3, "2026-03-01T11:00:00.000Z", [
    { id: 31, itemId: BOOK, quantity: 1, preorder: true },
  ], { status: "rejected" });
  const inStock = orderWith(4, "2026-03-01T12:00:00.000Z", [
    { id: 41, itemId: BOOK, quantity: 1, preorder: false },
  ]);
  const shipments = (orderId: number) =>
    orderId === 1
      ? [
        { lines: [{ orderLineId: 11, quantity: 1 }], status: "handed_over" as const },
        // A parcel still being packed has not gone out; a returned one's copies go again.
        { lines: [{ orderLineId: 11, quantity: 1 }], status: "packed" as const },
        { lines: [{ orderLineId: 11, quantity: 1 }], status: "returned" as const },
      ]
      : orderId === 2
      ? [{ lines: [{ orderLineId: 21, quantity: 1 }], status: "delivered" as const }]
      : [];
  const listed = waitingOrders([partly, sent, cancelled, inStock], shipments, BOOK);
  assert.deepEqual(listed.map((w) => [w.orderId, w.copies]), [[1, 2]]);
});

Deno.test("waitingOrders() never counts more copies than were ordered, nor fewer than none", () => {
  fc.assert(fc.property(
    fc.integer({ min: 1, max: 20 }),
    fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 4 }),
    (quantity, handed) => {
      const order = orderWith(1, "2026-03-01T09:00:00.000Z", [
        { id: 11, itemId: BOOK, quantity, preorder: true },
      ]);
      const shipments = handed.map((q) => ({
        lines: [{ orderLineId: 11, quantity: q }],
        status: "handed_over" as const,
      }));
      const listed = waitingOrders([order], () => shipments, BOOK);
      const left = quantity - handed.reduce((a, b) => a + b, 0);
      assert.deepEqual(listed.map((w) => w.copies), left > 0 ? [left] : []);
    },
  ));
});

Deno.test("preorderWait(): a together order waits whole, a split one sends its books in stock now", () => {
  const items = [{ id: 1, preorder: true }, { id: 2, preorder: false }];
  assert.deepEqual(preorderWait({ parcels: "together", items }, () => false), {
    kind: "waits_for_preorder",
    orderLineIds: [1],
  });
  assert.deepEqual(preorderWait({ parcels: "split", items }, () => false), {
    kind: "send_in_stock_now",
    orderLineIds: [1],
  });
  assert.deepEqual(preorderWait({ parcels: "together", items }, () => true), { kind: "none" });
  assert.deepEqual(
    preorderWait({ parcels: "together", items: [{ id: 2, preorder: false }] }, () => false),
    { kind: "none" },
  );
});

Deno.test("parcelsWord() tells a mixed order how it is sent, and says nothing of one that is not mixed", () => {
  const mixed = [{ preorder: true }, { preorder: false }];
  assert.equal(parcelsWord({ parcels: "split", items: mixed }), "parcels.split");
  assert.equal(parcelsWord({ parcels: "together", items: mixed }), "parcels.together");
  assert.equal(parcelsWord({ parcels: "together", items: [{ preorder: true }] }), null);
  assert.equal(parcelsWord({ parcels: "together", items: [{ preorder: false }] }), null);
});
