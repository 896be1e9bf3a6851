import assert from "node:assert/strict";
import fc from "fast-check";
import { priceOrder } from "./pricing.ts";
import type { SellableItem } from "./ports.ts";
import { promoteOrder } from "../promotions/order_pricing.ts";
import type { Campaign, DiscountCode, OrderOffer, SalePrice } from "../promotions/pricing.ts";
import { lineAmountCents, lineHasSaving, lineSavedCents, orderSavings } from "./savings.ts";
import { bookLine } from "../notifications/testing/samples.ts";

const NOW = "2026-09-20T06:00:00.000Z";
const OPEN = { startsAt: null, endsAt: null };

function item(id: number, priceCents: number, type: "book" | "stationery"): SellableItem {
  return {
    type,
    id,
    title: `Item ${id}`,
    isbn13: null,
    priceCents,
    stock: 50,
    weightGrams: 300,
    preorder: false,
    categoryId: 1,
    language: type === "book" ? "Sinhala" : null,
    sale: null,
  };
}

Deno.test("a line without promotions shows its copies at their price and saves nothing", () => {
  const line = bookLine();
  assert.equal(lineAmountCents(line), 250_000);
  assert.equal(lineSavedCents(line), 0);
  assert.equal(lineHasSaving(line), false);
});

Deno.test("a line's amount is after its campaign; its saving counts the sale and every share", () => {
  const line = bookLine({
    listUnitCents: 100_000,
    unitPriceCents: 80_000,
    quantity: 2,
    savingCents: 50_000,
    campaign: { id: 1, name: "Book Fair 2026", names: {}, savingCents: 40_000 },
    offerSavingCents: 0,
    codeSavingCents: 10_000,
  });
  assert.equal(lineAmountCents(line), 120_000);
  assert.equal(lineSavedCents(line), 90_000);
  assert.equal(lineHasSaving(line), true);
});

Deno.test("the lines' amounts less the offer and the code are the order's items total, to the cent", () => {
  const campaign = fc.record({
    id: fc.integer({ min: 1, max: 5 }),
    basisPoints: fc.integer({ min: 1, max: 10_000 }),
    store: fc.constantFrom("book" as const, "stationery" as const),
  });
  fc.assert(fc.property(
    fc.array(
      fc.record({
        price: fc.integer({ min: 0, max: 500_000 }),
        quantity: fc.integer({ min: 1, max: 20 }),
        book: fc.boolean(),
        sale: fc.option(fc.integer({ min: 0, max: 500_000 })),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    fc.array(campaign, { maxLength: 3 }),
    fc.option(fc.integer({ min: 1, max: 200_000 })),
    fc.option(fc.oneof(
      fc.integer({ min: 1, max: 10_000 }).map((bp) => ({
        kind: "percent" as const,
        basisPoints: bp,
      })),
      fc.integer({ min: 1, max: 300_000 }).map((cents) => ({ kind: "amount" as const, cents })),
      fc.constant({ kind: "free_delivery" as const }),
    )),
    (drawn, drawnCampaigns, offerCents, benefit) => {
      const sellable = drawn.map((d, i) => item(i + 1, d.price, d.book ? "book" : "stationery"));
      const priced = priceOrder(
        sellable.map((s, i) => ({ type: s.type, id: s.id, quantity: drawn[i].quantity })),
        sellable,
        "COD",
      );
      assert.ok(priced.kind === "priced");
      const campaigns: Campaign[] = drawnCampaigns.map((c, i) => ({
        id: i + 1,
        name: `Campaign ${i + 1}`,
        names: { si: `ප්‍රවර්ධනය ${i + 1}` },
        scope: { kind: "store", store: c.store },
        benefit: { kind: "percent", basisPoints: c.basisPoints },
        window: OPEN,
        paused: false,
      }));
      const offers: OrderOffer[] = offerCents === null ? [] : [{
        id: 1,
        name: "Off",
        minItemsCents: 0,
        benefit: { kind: "amount_off", cents: offerCents },
        window: OPEN,
        paused: false,
      }];
      const code: DiscountCode | undefined = benefit === null ? undefined : {
        id: 9,
        code: "School10",
        benefit,
        minItemsCents: 0,
        scope: { kind: "shop" },
        window: OPEN,
        paused: false,
        usesLeft: null,
        maxUsesPerCustomer: null,
      };
      const sales = new Map<string, SalePrice>(
        drawn.flatMap((d, i) =>
          d.sale === null
            ? []
            : [[`${sellable[i].type}:${sellable[i].id}`, { priceCents: d.sale, ...OPEN }]]
        ),
      );
      const onSale = sellable.map((s) => ({ ...s, sale: sales.get(`${s.type}:${s.id}`) ?? null }));
      const promoted = promoteOrder(priced.lines, onSale, {
        campaigns,
        offers,
        code: code ? { typed: "school10", found: code } : null,
        deliveryFeeCents: priced.deliveryFeeCents,
        now: NOW,
      });
      const order = { ...promoted, items: promoted.lines };
      const savings = orderSavings(order);
      const amounts = promoted.lines.reduce((sum, l) => sum + lineAmountCents(l), 0);
      assert.equal(savings.linesCents, amounts);
      assert.equal(
        amounts - (savings.offer?.savingCents ?? 0) - (savings.code?.savingCents ?? 0),
        promoted.totalCents,
      );
      assert.equal(savings.savedCents, promoted.pricing.listItemsCents - promoted.totalCents);
      for (const line of promoted.lines) {
        assert.equal(
          line.savingCents,
          (line.campaign?.savingCents ?? 0) + line.offerSavingCents + line.codeSavingCents,
        );
        assert.ok(line.listUnitCents >= line.unitPriceCents);
      }
      if (savings.freeDelivery) assert.equal(promoted.deliveryFeeCents, 0);
    },
  ));
});
