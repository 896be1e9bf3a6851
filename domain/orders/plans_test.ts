import assert from "node:assert/strict";
import fc from "fast-check";
import type { NewOrder } from "../ports.ts";
import type { ItemType, OrderLine, OrderStatus } from "./model.ts";
import { ORDER_STATUSES } from "./model.ts";
import {
  decideIdempotency,
  INITIAL_ORDER_STATUS,
  placementRefusal,
  planPlacement,
  planTransition,
  stockTakes,
} from "./plans.ts";
import { canTransition, transitionEffects } from "./status.ts";

function line(type: ItemType, itemId: number, quantity: number, unitPriceCents = 1_000): OrderLine {
  return {
    type,
    itemId,
    title: `${type} ${itemId}`,
    isbn13: null,
    quantity,
    listUnitCents: unitPriceCents,
    unitPriceCents,
    adjustments: [],
    weightGrams: 100,
    preorder: false,
  };
}

function newOrder(lines: OrderLine[]): NewOrder {
  return {
    customer: {
      name: "N",
      address: "A",
      email: "n@example.lk",
      phone: "0771234567",
      postalCode: "1",
    },
    destination: { provinceId: 1, districtId: 1, areaId: 1 },
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Dehiwala",
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    paymentMethod: "COD",
    lines,
    adjustments: [],
    vouchers: [],
    totalCents: 1_000,
    deliveryFeeCents: 400,
    orderDate: "2026-03-01T10:00:00.000Z",
    userId: null,
    locale: "en",
    key: null,
  };
}

const BY_ADMIN = { at: "2026-03-02T10:00:00.000Z", actor: "admin" as const };

Deno.test("stockTakes() sums an item's lines and orders books before stationery, by id", () => {
  const takes = stockTakes([
    line("stationery", 2, 1),
    line("book", 9, 1),
    line("stationery", 2, 2),
    line("book", 3, 4),
  ]);
  assert.deepEqual(takes.map((t) => [t.type, t.id, t.quantity, t.mixedPrices]), [
    ["book", 3, 4, false],
    ["book", 9, 1, false],
    ["stationery", 2, 3, false],
  ]);
});

Deno.test("stockTakes() marks an item whose lines disagree on the price", () => {
  const [take] = stockTakes([line("book", 1, 1, 1_000), line("book", 1, 1, 1_200)]);
  assert.equal(take.mixedPrices, true);
});

Deno.test("stockTakes() keeps every unit asked for and lists each item once, in lock order", () => {
  const lineArb = fc.record({
    type: fc.constantFrom<ItemType>("book", "stationery"),
    id: fc.integer({ min: 1, max: 6 }),
    quantity: fc.integer({ min: 1, max: 20 }),
  });
  fc.assert(fc.property(fc.array(lineArb, { maxLength: 12 }), (asked) => {
    const takes = stockTakes(asked.map((l) => line(l.type, l.id, l.quantity)));
    const total = (xs: { quantity: number }[]) => xs.reduce((s, x) => s + x.quantity, 0);
    assert.equal(total(takes), total(asked));
    const keys = takes.map((t) => `${t.type}:${t.id}`);
    assert.equal(new Set(keys).size, keys.length);
    for (let i = 1; i < takes.length; i++) {
      const [a, b] = [takes[i - 1], takes[i]];
      assert.ok(a.type === b.type ? a.id < b.id : a.type === "book", `${keys}`);
    }
  }));
});

Deno.test("planPlacement() starts the order pending, takes its stock and mails the customer", () => {
  const order = newOrder([line("book", 2, 1), line("book", 2, 1)]);
  const plan = planPlacement(order);
  assert.equal(plan.order, order);
  assert.equal(plan.status, INITIAL_ORDER_STATUS);
  assert.equal(plan.status, "pending");
  assert.deepEqual(plan.takes.map((t) => [t.id, t.quantity]), [[2, 2]]);
  assert.deepEqual(plan.mails, ["order_placed", "shop_order_placed"]);
});

const NOW = "2026-03-01T10:00:00.000Z";
const LATER = "2026-03-02T10:00:00.000Z";
const EARLIER = "2026-02-28T10:00:00.000Z";

Deno.test("decideIdempotency() places for a new key and replays the same body's order", () => {
  assert.deepEqual(decideIdempotency(undefined, { requestHash: "h" }, NOW), { kind: "place" });
  assert.deepEqual(
    decideIdempotency(
      { requestHash: "h", orderId: 7, expiresAt: LATER },
      { requestHash: "h" },
      NOW,
    ),
    { kind: "replay", orderId: 7 },
  );
});

Deno.test("decideIdempotency() refuses another body under a live key", () => {
  assert.deepEqual(
    decideIdempotency(
      { requestHash: "h", orderId: 7, expiresAt: LATER },
      { requestHash: "x" },
      NOW,
    ),
    { kind: "mismatch" },
  );
});

Deno.test("decideIdempotency() forgets an expired key and one that never led to an order", () => {
  for (
    const stored of [
      { requestHash: "x", orderId: 7, expiresAt: EARLIER },
      { requestHash: "h", orderId: 7, expiresAt: NOW },
      { requestHash: "h", orderId: null, expiresAt: LATER },
    ]
  ) {
    assert.deepEqual(decideIdempotency(stored, { requestHash: "h" }, NOW), { kind: "place" });
  }
});

Deno.test("placementRefusal() puts a moved price before shortfalls and passes a clean take", () => {
  const short = {
    kind: "short" as const,
    shortfall: { type: "book" as const, id: 1, title: "A", requested: 3, available: 1 },
  };
  assert.equal(placementRefusal([undefined, undefined]), undefined);
  assert.deepEqual(placementRefusal([short, { kind: "price" }]), { kind: "price_changed" });
  assert.deepEqual(placementRefusal([undefined, short]), {
    kind: "insufficient_stock",
    lines: [short.shortfall],
  });
});

Deno.test("planTransition() asks the transition table for every pair of statuses", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const planned = planTransition({ id: 3, status: from }, to, BY_ADMIN);
      assert.equal(planned.kind === "ok", canTransition(from, to), `${from} -> ${to}`);
      if (planned.kind === "ok") {
        const { orderId, from: was, to: becomes, returnStock, saveSlip, mails } = planned.plan;
        assert.deepEqual(
          { orderId, from: was, to: becomes, returnStock, saveSlip, mails: [...mails] },
          { orderId: 3, from, to, ...transitionEffects(from, to)! },
        );
      } else {
        assert.deepEqual(planned, { kind: "illegal", from, to });
      }
    }
  }
});

Deno.test("planTransition() gives stock back only on rejection, a slip only on completion, and mails the customer of both", () => {
  const plan = (to: OrderStatus) => {
    const planned = planTransition({ id: 1, status: "pending" }, to, BY_ADMIN);
    assert.ok(planned.kind === "ok");
    return planned.plan;
  };
  assert.deepEqual(plan("completed"), {
    orderId: 1,
    from: "pending",
    to: "completed",
    returnStock: false,
    saveSlip: true,
    mails: ["order_completed"],
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    event: { ...BY_ADMIN, kind: "completed", note: null },
  });
  assert.deepEqual(plan("rejected"), {
    orderId: 1,
    from: "pending",
    to: "rejected",
    returnStock: true,
    saveSlip: false,
    mails: ["order_rejected"],
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    event: { ...BY_ADMIN, kind: "rejected", note: null },
  });
});

Deno.test("planTransition() keeps the courier and tracking number on completion and the reason on rejection, each on the timeline", () => {
  const details = { ...BY_ADMIN, courier: "Pronto", trackingNumber: "PX 77", reason: "No stock" };
  const completed = planTransition({ id: 1, status: "pending" }, "completed", details);
  const rejected = planTransition({ id: 1, status: "pending" }, "rejected", details);
  assert.ok(completed.kind === "ok" && rejected.kind === "ok");
  assert.deepEqual(
    [completed.plan.courier, completed.plan.trackingNumber, completed.plan.rejectReason],
    ["Pronto", "PX 77", null],
  );
  assert.equal(completed.plan.event.note, "Pronto · PX 77");
  assert.deepEqual(
    [rejected.plan.courier, rejected.plan.trackingNumber, rejected.plan.rejectReason],
    [null, null, "No stock"],
  );
  assert.equal(rejected.plan.event.note, "No stock");
});

Deno.test("planPlacement() starts unpaid with a placed event, and every order's hold ends", () => {
  const cod = planPlacement(newOrder([line("book", 1, 1)]));
  assert.equal(cod.paymentStatus, "unpaid");
  // Seven days for the shop to confirm a COD order (it never lapsed).
  assert.equal(cod.expiresAt, "2026-03-08T10:00:00.000Z");
  assert.deepEqual(cod.events, [
    { at: "2026-03-01T10:00:00.000Z", kind: "placed", actor: "customer", note: null },
  ]);
  const bank = planPlacement(
    { ...newOrder([line("book", 1, 1)]), paymentMethod: "Bank Deposit" },
    { bankDepositHours: 0.5 },
  );
  assert.equal(bank.expiresAt, "2026-03-01T10:30:00.000Z");
  assert.equal(
    planPlacement({ ...newOrder([]), paymentMethod: "Bank Deposit" }).expiresAt,
    "2026-03-03T10:00:00.000Z",
  );
});
