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

Deno.test("a promoted line keeps its usual price, its campaign's names and each share; the order its offer and code", () => {
  const sellable = [
    { ...item(1, 100_000), sale: { priceCents: 90_000, startsAt: null, endsAt: null } },
    item(2, 50_000, { type: "stationery", language: null }),
  ];
  const priced = lines(sellable, [2, 1]);
  const promoted = promoteOrder(priced.lines, sellable, {
    campaigns: [{ ...BOOK_FAIR, names: { si: "පොත් ප්‍රදර්ශනය 2026" } }],
    offers: [{
      id: 7,
      name: "LKR 300 off over LKR 1,000",
      names: { ta: "ரூ. 1,000க்கு மேல் ரூ. 300 தள்ளுபடி" },
      minItemsCents: 100_000,
      benefit: { kind: "amount_off", cents: 30_000 },
      window: { startsAt: null, endsAt: null },
      paused: false,
    }],
    code: {
      typed: " school10 ",
      found: {
        id: 4,
        code: "School10",
        benefit: { kind: "amount", cents: 10_000 },
        minItemsCents: 0,
        scope: { kind: "shop" },
        window: { startsAt: null, endsAt: null },
        paused: false,
        usesLeft: null,
        maxUsesPerCustomer: null,
      },
    },
    deliveryFeeCents: priced.deliveryFeeCents,
    now: NOW,
  });
  const [book, pen] = promoted.lines;
  assert.deepEqual([book.listUnitCents, book.unitPriceCents], [100_000, 90_000]);
  assert.deepEqual(book.campaign, {
    id: 1,
    name: "Book Fair 2026: 20% off",
    names: { si: "පොත් ප්‍රදර්ශනය 2026" },
    savingCents: 36_000,
  });
  assert.equal(pen.campaign, null);
  for (const line of promoted.lines) {
    assert.equal(
      line.savingCents,
      (line.campaign?.savingCents ?? 0) + line.offerSavingCents + line.codeSavingCents,
    );
  }
  assert.equal(book.offerSavingCents + pen.offerSavingCents, 30_000);
  assert.equal(book.codeSavingCents + pen.codeSavingCents, 10_000);
  assert.deepEqual(promoted.promotions, [
    {
      kind: "offer",
      id: 7,
      name: "LKR 300 off over LKR 1,000",
      names: { ta: "ரூ. 1,000க்கு மேல் ரூ. 300 தள்ளுபடி" },
      savingCents: 30_000,
      freeDelivery: false,
    },
    { kind: "code", id: 4, name: "School10", names: {}, savingCents: 10_000, freeDelivery: false },
  ]);
});
