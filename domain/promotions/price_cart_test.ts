import assert from "node:assert/strict";
import { priceCart } from "./price_cart.ts";
import type { SellableItem } from "../orders/ports.ts";
import type { Campaign, DiscountCode } from "./pricing.ts";

const NOW = new Date("2026-12-01T06:00:00.000Z");
const book: SellableItem = {
  type: "book",
  id: 1,
  title: "Madol Doova",
  isbn13: "9789550000001",
  priceCents: 100000,
  stock: 5,
  weightGrams: 300,
  preorder: false,
  categoryId: 3,
  language: "Sinhala",
  sale: null,
};
const fair: Campaign = {
  id: 7,
  name: "Book Fair 2026",
  scope: { kind: "shop" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: null, endsAt: null },
  paused: false,
};
const code: DiscountCode = {
  id: 3,
  code: "School10",
  benefit: { kind: "amount", cents: 10000 },
  minItemsCents: 0,
  scope: { kind: "shop" },
  window: { startsAt: null, endsAt: null },
  paused: false,
  usesLeft: 5,
  maxUsesPerCustomer: null,
};
const deps = {
  orders: { findSellable: () => Promise.resolve([book]) },
  clock: { now: () => NOW },
  promotions: {
    runningRules: () => Promise.resolve({ campaigns: [fair], offers: [] }),
    findCode: (typed: string) =>
      Promise.resolve(typed.toUpperCase() === "SCHOOL10" ? code : undefined),
  },
};

Deno.test("priceCart() prices the cart under the running campaign and the typed code, found whatever its case", async () => {
  const result = await priceCart(deps, {
    items: [{ type: "book", id: 1, quantity: 2 }],
    paymentMethod: "COD",
    code: "school10",
  });
  if (result.kind !== "priced") throw new Error(result.kind);
  // 2 x 1,000.00 less 20% (400.00) less the code's 100.00 off the lines it covers.
  assert.deepEqual(result.promoted.totalCents, 150000);
  assert.deepEqual(
    result.promoted.lines[0].adjustments.map((a) => [a.kind, a.amountCents]),
    [["campaign", 40000], ["code", 10000]],
  );
  assert.deepEqual(result.promoted.pricing.code?.kind, "applied");
  assert.deepEqual(result.code?.id, 3);
  assert.deepEqual(result.now, NOW.toISOString());
});

Deno.test("priceCart() answers an unknown code as refused, and prices the cart without it", async () => {
  const result = await priceCart(deps, {
    items: [{ type: "book", id: 1, quantity: 1 }],
    paymentMethod: "COD",
    code: "NOPE",
  });
  if (result.kind !== "priced") throw new Error(result.kind);
  assert.deepEqual(result.promoted.pricing.code, {
    kind: "refused",
    code: "NOPE",
    reason: "unknown",
  });
  assert.deepEqual(result.promoted.totalCents, 80000);
  assert.deepEqual(result.code, undefined);
});

Deno.test("priceCart() without promotions prices at the usual price and names items it does not sell", async () => {
  const bare = { orders: deps.orders, clock: deps.clock };
  const priced = await priceCart(bare, {
    items: [{ type: "book", id: 1, quantity: 1 }],
    paymentMethod: "Bank Deposit",
  });
  if (priced.kind !== "priced") throw new Error(priced.kind);
  assert.deepEqual(priced.promoted.totalCents, 100000);
  const unknown = await priceCart(bare, {
    items: [{ type: "stationery", id: 9, quantity: 1 }],
    paymentMethod: "COD",
  });
  assert.deepEqual(unknown, { kind: "unknown_items", items: [{ type: "stationery", id: 9 }] });
});
