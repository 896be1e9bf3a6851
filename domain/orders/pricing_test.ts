import assert from "node:assert/strict";
import fc from "fast-check";
import type { SellableItem } from "../ports.ts";
import { deliveryFee } from "./payment_policy.ts";
import type { LineRequest } from "./model.ts";
import { mergeRequests, orderTotals, priceOrder, stockShortfalls } from "./pricing.ts";

function sellable(overrides: Partial<SellableItem> = {}): SellableItem {
  return {
    type: "book",
    id: 1,
    title: "Madol Doova",
    isbn13: "9789552100025",
    priceCents: 95000,
    stock: 5,
    weightGrams: 300,
    preorder: false,
    categoryId: 1,
    language: "Sinhala",
    sale: null,
    ...overrides,
  };
}

const book = sellable();
const pen = sellable({
  type: "stationery",
  id: 1,
  title: "Atlas Chooty Pen Blue",
  isbn13: null,
  priceCents: 4000,
  weightGrams: 10,
  stock: 50,
});
const preorderBook = sellable({ id: 7, title: "Coming Soon", preorder: true });

Deno.test("priceOrder() prices lines from the shop's items and adds the delivery fee", () => {
  const outcome = priceOrder(
    [
      { type: "book", id: 1, quantity: 2 },
      { type: "stationery", id: 1, quantity: 3 },
    ],
    [book, pen],
    "COD",
  );
  assert.deepEqual(outcome, {
    kind: "priced",
    lines: [
      {
        type: "book",
        itemId: 1,
        title: "Madol Doova",
        isbn13: "9789552100025",
        quantity: 2,
        listUnitCents: 95000,
        unitPriceCents: 95000,
        adjustments: [],
        weightGrams: 300,
        preorder: false,
        preorderDate: null,
      },
      {
        type: "stationery",
        itemId: 1,
        title: "Atlas Chooty Pen Blue",
        isbn13: null,
        quantity: 3,
        listUnitCents: 4000,
        unitPriceCents: 4000,
        adjustments: [],
        weightGrams: 10,
        preorder: false,
        preorderDate: null,
      },
    ],
    totalCents: 202000,
    deliveryFeeCents: 40000,
    subtotalCents: 242000,
    totalWeightGrams: 630,
  });
});

Deno.test("priceOrder() merges requests for the same item, keeping book and stationery apart", () => {
  const outcome = priceOrder(
    [
      { type: "book", id: 1, quantity: 1 },
      { type: "stationery", id: 1, quantity: 1 },
      { type: "book", id: 1, quantity: 2 },
    ],
    [book, pen],
    "Bank Deposit",
  );
  assert.equal(outcome.kind, "priced");
  if (outcome.kind !== "priced") return;
  assert.deepEqual(outcome.lines.map((l) => [l.type, l.itemId, l.quantity]), [
    ["book", 1, 3],
    ["stationery", 1, 1],
  ]);
  assert.equal(outcome.totalWeightGrams, 910);
  assert.equal(outcome.deliveryFeeCents, 25000);
});

Deno.test("priceOrder() names every item the shop does not sell", () => {
  const outcome = priceOrder(
    [
      { type: "book", id: 1, quantity: 1 },
      { type: "book", id: 99, quantity: 1 },
      { type: "stationery", id: 2, quantity: 1 },
    ],
    [book, pen],
    "COD",
  );
  assert.deepEqual(outcome, {
    kind: "unknown_items",
    items: [{ type: "book", id: 99 }, { type: "stationery", id: 2 }],
  });
});

Deno.test("priceOrder() refuses pre-order books under COD and accepts them by Bank Deposit", () => {
  const requests: LineRequest[] = [
    { type: "book", id: 1, quantity: 1 },
    { type: "book", id: 7, quantity: 1 },
  ];
  assert.deepEqual(priceOrder(requests, [book, preorderBook], "COD"), {
    kind: "preorder_needs_bank_deposit",
    items: [{ type: "book", id: 7, title: "Coming Soon" }],
  });
  assert.equal(priceOrder(requests, [book, preorderBook], "Bank Deposit").kind, "priced");
});

Deno.test("priceOrder() ignores stock: the repository takes it atomically", () => {
  const outcome = priceOrder([{ type: "book", id: 1, quantity: 9 }], [book], "COD");
  assert.equal(outcome.kind, "priced");
});

Deno.test("mergeRequests() refuses a quantity below 1 or not whole", () => {
  assert.throws(() => mergeRequests([{ type: "book", id: 1, quantity: 0 }]), RangeError);
  assert.throws(() => mergeRequests([{ type: "book", id: 1, quantity: 1.5 }]), RangeError);
});

Deno.test("orderTotals() adds the fee for the whole weight to the items' total", () => {
  const lines = [
    { listUnitCents: 95000, adjustments: [], weightGrams: 350, quantity: 2 },
    { listUnitCents: 4000, adjustments: [], weightGrams: 400, quantity: 1 },
  ];
  assert.deepEqual(orderTotals(lines, "COD"), {
    totalCents: 194000,
    deliveryFeeCents: 50000,
    subtotalCents: 244000,
    totalWeightGrams: 1100,
  });
  assert.deepEqual(orderTotals([], "Bank Deposit"), {
    totalCents: 0,
    deliveryFeeCents: 15000,
    subtotalCents: 15000,
    totalWeightGrams: 0,
  });
});

Deno.test("stockShortfalls() names merged lines asking for more than the stock", () => {
  const shortfalls = stockShortfalls([
    { type: "book", id: 1, quantity: 3 },
    { type: "book", id: 1, quantity: 3 },
    { type: "stationery", id: 1, quantity: 50 },
    { type: "book", id: 99, quantity: 1 },
  ], [book, pen]);
  assert.deepEqual(shortfalls, [
    { type: "book", id: 1, title: "Madol Doova", requested: 6, available: 5 },
  ]);
});

const requestArb = fc.record({
  type: fc.constantFrom("book" as const, "stationery" as const),
  id: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 20 }),
});
const catalogue: SellableItem[] = [1, 2, 3, 4].flatMap((id) => [
  sellable({ id, priceCents: id * 12345, weightGrams: id * 111 }),
  sellable({ type: "stationery", id, priceCents: id * 999, weightGrams: id * 7, isbn13: null }),
]);

Deno.test("priceOrder() totals equal the sum of unit price x quantity, plus the fee on weight", () => {
  fc.assert(fc.property(
    fc.array(requestArb, { minLength: 1, maxLength: 12 }),
    fc.constantFrom("COD" as const, "Bank Deposit" as const),
    (requests, method) => {
      const outcome = priceOrder(requests, catalogue, method);
      assert.equal(outcome.kind, "priced");
      if (outcome.kind !== "priced") return;
      const find = (r: LineRequest) => catalogue.find((c) => c.type === r.type && c.id === r.id)!;
      const total = requests.reduce((s, r) => s + find(r).priceCents * r.quantity, 0);
      const weight = requests.reduce((s, r) => s + find(r).weightGrams * r.quantity, 0);
      assert.equal(outcome.totalCents, total);
      assert.equal(outcome.totalWeightGrams, weight);
      assert.equal(outcome.deliveryFeeCents, deliveryFee(weight, method));
      assert.equal(outcome.subtotalCents, total + outcome.deliveryFeeCents);
      const keys = outcome.lines.map((l) => `${l.type}:${l.itemId}`);
      assert.equal(new Set(keys).size, keys.length);
    },
  ));
});

Deno.test("a priced pre-order keeps its book's expected date, another line keeps none", () => {
  const dated = { ...preorderBook, preorderDate: "2027-03-15" };
  const outcome = priceOrder(
    [{ type: "book", id: 7, quantity: 1 }, { type: "book", id: 1, quantity: 1 }],
    [dated, { ...book, preorderDate: "2027-01-01" }],
    "Bank Deposit",
  );
  assert.equal(outcome.kind, "priced");
  if (outcome.kind !== "priced") return;
  assert.deepEqual(outcome.lines.map((l) => [l.itemId, l.preorder, l.preorderDate]), [
    [7, true, "2027-03-15"],
    [1, false, null],
  ]);
});
