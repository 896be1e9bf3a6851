import assert from "node:assert/strict";
import fc from "fast-check";
import { priceOrder } from "../orders/pricing.ts";
import type { SellableItem } from "../orders/ports.ts";
import { lineTotalCents } from "../orders/line_total.ts";
import { promoteOrder } from "./order_pricing.ts";
import type { Campaign } from "./pricing.ts";

const NOW = "2026-09-20T06:00:00.000Z";

function item(id: number, priceCents: number, overrides: Partial<SellableItem> = {}): SellableItem {
  return {
    type: "book",
    id,
    title: `Book ${id}`,
    isbn13: null,
    priceCents,
    stock: 50,
    weightGrams: 300,
    preorder: false,
    categoryId: 1,
    language: "Sinhala",
    sale: null,
    ...overrides,
  };
}

const BOOK_FAIR: Campaign = {
  id: 1,
  name: "Book Fair 2026: 20% off",
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: null, endsAt: null },
  paused: false,
};

function lines(sellable: SellableItem[], quantities: number[]) {
  const priced = priceOrder(
    sellable.map((s, i) => ({ type: s.type, id: s.id, quantity: quantities[i] })),
    sellable,
    "Bank Deposit",
  );
  assert.ok(priced.kind === "priced");
  return priced;
}

Deno.test("a campaign's saving is kept on its line, and the order's items total takes it off", () => {
  const sellable = [item(1, 95_000), item(2, 40_050, { type: "stationery", language: null })];
  const priced = lines(sellable, [2, 1]);
  const promoted = promoteOrder(priced.lines, sellable, {
    campaigns: [BOOK_FAIR],
    offers: [],
    code: null,
    deliveryFeeCents: priced.deliveryFeeCents,
    now: NOW,
  });
  assert.deepEqual(promoted.lines.map((l) => [l.unitPriceCents, l.savingCents]), [
    [95_000, 38_000],
    [40_050, 0],
  ]);
  assert.equal(promoted.totalCents, 190_000 - 38_000 + 40_050);
  assert.equal(promoted.deliveryFeeCents, priced.deliveryFeeCents);
});

Deno.test("without promotions an order is priced exactly as before", () => {
  fc.assert(fc.property(
    fc.array(fc.record({ price: fc.nat(1_000_000), quantity: fc.integer({ min: 1, max: 20 }) }), {
      minLength: 1,
      maxLength: 5,
    }),
    (drawn) => {
      const sellable = drawn.map((d, i) => item(i + 1, d.price));
      const priced = lines(sellable, drawn.map((d) => d.quantity));
      const promoted = promoteOrder(priced.lines, sellable, {
        campaigns: [],
        offers: [],
        code: null,
        deliveryFeeCents: priced.deliveryFeeCents,
        now: NOW,
      });
      assert.deepEqual(promoted.lines, priced.lines);
      assert.equal(promoted.totalCents, priced.totalCents);
      assert.equal(
        promoted.totalCents,
        promoted.lines.reduce((sum, l) => sum + lineTotalCents(l), 0),
      );
    },
  ));
});
