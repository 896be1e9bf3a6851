import assert from "node:assert/strict";
import fc from "fast-check";
import { applyPromotions, type PromotionLine, type PromotionPricing } from "./apply_promotions.ts";
import type { AdjustmentKind } from "../pricing/adjustment_kinds.ts";
import {
  type Campaign,
  type CartLine,
  type DiscountCode,
  itemSaving,
  mulDivHalfUp,
  type OrderOffer,
  type PricedItem,
  promotionName,
  type PromotionScope,
  shareOut,
  unitPrice,
} from "./pricing.ts";

const NOW = "2026-09-20T06:00:00.000Z";

/** What `kind` took off a line (0 for nothing). */
function took(line: PromotionLine, kind: AdjustmentKind): number {
  return line.adjustments.find((a) => a.kind === kind)?.amountCents ?? 0;
}

/** A line's campaign as the line keeps it: id, names and saving; null for none. */
function campaignOf(line: PromotionLine) {
  const a = line.adjustments.find((a) => a.kind === "campaign");
  return a ? { id: a.sourceId, name: a.name, names: a.names, savingCents: a.amountCents } : null;
}

/** The order offer a pricing kept; null for none. */
function offerOf(pricing: PromotionPricing) {
  return pricing.adjustments.find((a) => a.kind === "offer") ?? null;
}
const OPEN = { startsAt: null, endsAt: null };

function book(id: number, priceCents: number, overrides: Partial<PricedItem> = {}): PricedItem {
  return {
    type: "book",
    id,
    categoryId: 1,
    language: "Sinhala",
    priceCents,
    sale: null,
    ...overrides,
  };
}

function campaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    scope: { kind: "shop" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: OPEN,
    paused: false,
    ...overrides,
  };
}

function code(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    id: 9,
    code: "ReadMore",
    benefit: { kind: "percent", basisPoints: 1000 },
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: OPEN,
    paused: false,
    usesLeft: null,
    maxUsesPerCustomer: null,
    ...overrides,
  };
}

function price(
  lines: CartLine[],
  extra: {
    campaigns?: Campaign[];
    offers?: OrderOffer[];
    code?: DiscountCode | null;
    typed?: string;
    fee?: number;
    now?: string;
  } = {},
) {
  return applyPromotions({
    lines,
    campaigns: extra.campaigns ?? [],
    offers: extra.offers ?? [],
    code: extra.typed === undefined && extra.code === undefined ? null : {
      typed: extra.typed ?? extra.code?.code ?? "",
      found: extra.code ?? undefined,
    },
    deliveryFeeCents: extra.fee ?? 40_000,
    now: extra.now ?? NOW,
  });
}

Deno.test("mulDivHalfUp() rounds half up, and shareOut() shares to the cent, never past a weight", () => {
  assert.equal(mulDivHalfUp(995, 1250, 10_000), 124);
  assert.equal(mulDivHalfUp(100, 125, 1000), 13);
  assert.equal(mulDivHalfUp(3, 5000, 10_000), 2);
  assert.deepEqual(shareOut(100, [100, 100, 100]), [34, 33, 33]);
  assert.deepEqual(shareOut(500, [100, 300]), [100, 300]);
  assert.deepEqual(shareOut(50, [0, 0]), [0, 0]);
  fc.assert(fc.property(
    fc.nat(10_000_000),
    fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 8 }),
    (amount, weights) => {
      const shares = shareOut(amount, weights);
      const total = weights.reduce((a, b) => a + b, 0);
      assert.equal(shares.reduce((a, b) => a + b, 0), Math.min(amount, total));
      shares.forEach((s, i) => assert.ok(s >= 0 && s <= weights[i]));
    },
  ));
});

Deno.test("a sale price counts only while its window runs, and never above the usual price", () => {
  const sale = {
    priceCents: 80_000,
    startsAt: "2026-09-18T18:30:00.000Z",
    endsAt: "2026-09-28T18:30:00.000Z",
  };
  assert.equal(unitPrice(book(1, 100_000, { sale }), NOW), 80_000);
  assert.equal(unitPrice(book(1, 100_000, { sale }), "2026-09-18T18:29:59.999Z"), 100_000);
  assert.equal(unitPrice(book(1, 100_000, { sale }), "2026-09-28T18:30:00.000Z"), 100_000);
  assert.equal(unitPrice(book(1, 70_000, { sale }), NOW), 70_000);
});

Deno.test("each line takes its best campaign; a tie goes to the older campaign", () => {
  const pricing = price([{ item: book(1, 100_000), quantity: 2 }], {
    campaigns: [
      campaign(3, { benefit: { kind: "amount", cents: 25_000 } }),
      campaign(2, { benefit: { kind: "percent", basisPoints: 2500 } }),
      campaign(4, { benefit: { kind: "percent", basisPoints: 1000 } }),
    ],
  });
  assert.deepEqual(campaignOf(pricing.lines[0]), {
    id: 2,
    name: "Campaign 2",
    names: {},
    savingCents: 50_000,
  });
  assert.equal(pricing.itemsCents, 150_000);
  assert.equal(pricing.totalCents, 190_000);
});

Deno.test("a campaign covers only its scope: a store, categories, chosen products or a book language", () => {
  const pen: PricedItem = {
    type: "stationery",
    id: 5,
    categoryId: 7,
    language: null,
    priceCents: 10_000,
    sale: null,
  };
  const scopes: [PromotionScope, boolean, boolean][] = [
    [{ kind: "shop" }, true, true],
    [{ kind: "store", store: "stationery" }, false, true],
    [{ kind: "categories", store: "book", ids: [1] }, true, false],
    [{ kind: "categories", store: "stationery", ids: [1] }, false, false],
    [{ kind: "products", items: [{ type: "stationery", id: 5 }] }, false, true],
    [{ kind: "language", language: "Sinhala" }, true, false],
  ];
  for (const [scope, onBook, onPen] of scopes) {
    const pricing = price([{ item: book(1, 100_000), quantity: 1 }, { item: pen, quantity: 1 }], {
      campaigns: [campaign(1, { scope })],
    });
    assert.equal(campaignOf(pricing.lines[0]) !== null, onBook, JSON.stringify(scope));
    assert.equal(campaignOf(pricing.lines[1]) !== null, onPen, JSON.stringify(scope));
  }
});

Deno.test("one order offer over a minimum: its amount off shared over the lines, or free delivery, whichever saves more", () => {
  const lines = [{ item: book(1, 300_000), quantity: 1 }, { item: book(2, 300_000), quantity: 1 }];
  const offers: OrderOffer[] = [
    {
      id: 1,
      name: "LKR 500 off over 5,000",
      minItemsCents: 500_000,
      benefit: { kind: "amount_off", cents: 50_000 },
      window: OPEN,
      paused: false,
    },
    {
      id: 2,
      name: "Free delivery over 5,000",
      minItemsCents: 500_000,
      benefit: { kind: "free_delivery" },
      window: OPEN,
      paused: false,
    },
  ];
  // LKR 500 off saves more than a LKR 400 delivery: only it applies, delivery is charged.
  const pricing = price(lines, { offers });
  assert.deepEqual(pricing.lines.map((l) => took(l, "offer")), [25_000, 25_000]);
  assert.equal(pricing.deliveryFeeCents, 40_000);
  assert.equal(pricing.totalCents, 590_000);
  assert.deepEqual(pricing.adjustments.map((a) => [a.kind, a.sourceId, a.freeDelivery]), [
    ["offer", 1, false],
  ]);
  // A LKR 600 delivery is worth more than LKR 500 off: free delivery alone.
  const heavy = price(lines, { offers, fee: 60_000 });
  assert.deepEqual(heavy.lines.map((l) => took(l, "offer")), [0, 0]);
  assert.deepEqual([heavy.deliveryFeeCents, heavy.totalCents], [0, 600_000]);
  assert.equal(offerOf(heavy)?.sourceId, 2);
  const below = price([{ item: book(1, 300_000), quantity: 1 }], { offers });
  assert.equal(offerOf(below), null);
  assert.equal(below.deliveryFeeCents, 40_000);
});

Deno.test("a code is matched without regard to case and refused with its reason", () => {
  const lines = [{ item: book(1, 100_000), quantity: 1 }];
  assert.deepEqual(price(lines, { code: code(), typed: " readmore " }).code, {
    kind: "applied",
    id: 9,
    code: "READMORE",
    savingCents: 10_000,
    freeDelivery: false,
  });
  const refusals: [DiscountCode | null, string][] = [
    [null, "unknown"],
    [code({ window: { startsAt: "2026-10-01T00:00:00.000Z", endsAt: null } }), "not_yet"],
    [code({ window: { startsAt: null, endsAt: "2026-09-01T00:00:00.000Z" } }), "expired"],
    [code({ paused: true }), "paused"],
    [code({ usesLeft: 0 }), "used_up"],
    [code({ minItemsCents: 500_000 }), "minimum_not_met"],
    [code({ scope: { kind: "store", store: "stationery" } }), "nothing_applies"],
  ];
  for (const [found, reason] of refusals) {
    const pricing = price(lines, { code: found, typed: "READMORE" });
    assert.deepEqual(pricing.code, { kind: "refused", code: "READMORE", reason });
    assert.equal(pricing.itemsCents, 100_000, "a refused code takes nothing off");
  }
});

Deno.test("a fixed code never takes more than the lines it covers, and free delivery takes the fee", () => {
  const lines = [{ item: book(1, 30_000), quantity: 1 }];
  const fixed = price(lines, { code: code({ benefit: { kind: "amount", cents: 100_000 } }) });
  assert.equal(fixed.itemsCents, 0);
  assert.equal(fixed.code?.kind === "applied" && fixed.code.savingCents, 30_000);
  const free = price(lines, { code: code({ benefit: { kind: "free_delivery" } }) });
  assert.equal(free.deliveryFeeCents, 0);
  assert.equal(free.itemsCents, 30_000);
});

const benefit = fc.oneof(
  fc.record({
    kind: fc.constant("percent" as const),
    basisPoints: fc.integer({ min: 0, max: 10_000 }),
  }),
  fc.record({ kind: fc.constant("amount" as const), cents: fc.nat(200_000) }),
);
const scope: fc.Arbitrary<PromotionScope> = fc.oneof(
  fc.constant({ kind: "shop" as const }),
  fc.record({
    kind: fc.constant("store" as const),
    store: fc.constantFrom("book" as const, "stationery" as const),
  }),
  fc.record({
    kind: fc.constant("language" as const),
    language: fc.constantFrom("Sinhala", "Tamil"),
  }),
);
const item: fc.Arbitrary<PricedItem> = fc.record({
  type: fc.constantFrom("book" as const, "stationery" as const),
  id: fc.integer({ min: 1, max: 50 }),
  categoryId: fc.integer({ min: 1, max: 3 }),
  language: fc.constantFrom("Sinhala", "Tamil", null),
  priceCents: fc.nat(500_000),
  sale: fc.option(
    fc.record({
      priceCents: fc.nat(600_000),
      startsAt: fc.constant(null),
      endsAt: fc.constant(null),
    }),
  ),
});

Deno.test("whatever the promotions: never below zero, never above the usual price, one code at most, and every cent accounted for per line", () => {
  fc.assert(fc.property(
    fc.array(fc.record({ item, quantity: fc.integer({ min: 1, max: 20 }) }), {
      minLength: 1,
      maxLength: 6,
    }),
    fc.array(fc.record({ id: fc.nat(100), scope, benefit, paused: fc.boolean() }), {
      maxLength: 5,
    }),
    fc.option(
      fc.record({
        benefit: fc.oneof(benefit, fc.constant({ kind: "free_delivery" as const })),
        scope,
        minItemsCents: fc.nat(1_000_000),
      }),
    ),
    fc.nat(100_000),
    (lines, rawCampaigns, rawCode, fee) => {
      const campaigns = rawCampaigns.map((c) => campaign(c.id, c));
      const found = rawCode ? code(rawCode) : undefined;
      const pricing = applyPromotions({
        lines,
        campaigns,
        offers: [],
        code: found ? { typed: "x", found } : null,
        deliveryFeeCents: fee,
        now: NOW,
      });
      let listTotal = 0;
      pricing.lines.forEach((line, i) => {
        const list = line.listUnitCents * line.quantity;
        listTotal += list;
        assert.ok(line.totalCents >= 0, "never below zero");
        assert.ok(line.unitCents <= line.listUnitCents, "a sale never raises a price");
        const afterSale = line.unitCents * line.quantity;
        assert.equal(took(line, "sale"), list - afterSale, "the sale is an adjustment of its own");
        const afterCampaign = afterSale - took(line, "campaign");
        assert.ok(
          afterCampaign <= afterSale && afterCampaign >= 0,
          "a campaign never raises a price",
        );
        assert.equal(
          line.totalCents,
          list - line.adjustments.reduce((sum, a) => sum + a.amountCents, 0),
          "each line's adjustments add up",
        );
        assert.ok(line.adjustments.every((a) => a.amountCents > 0), "no empty adjustment kept");
        assert.equal(line.quantity, lines[i].quantity);
      });
      assert.equal(pricing.listItemsCents, listTotal);
      assert.ok(pricing.itemsCents <= listTotal);
      assert.equal(pricing.itemsCents, pricing.lines.reduce((t, l) => t + l.totalCents, 0));
      assert.ok(pricing.deliveryFeeCents === fee || pricing.deliveryFeeCents === 0);
      assert.equal(pricing.totalCents, pricing.itemsCents + pricing.deliveryFeeCents);
      const coded = pricing.lines.reduce((t, l) => t + took(l, "code"), 0);
      if (pricing.code?.kind === "applied") assert.equal(coded, pricing.code.savingCents);
      else assert.equal(coded, 0, "a refused or absent code takes nothing");
    },
  ));
});

Deno.test("itemSaving() takes at most the line, whatever the benefit", () => {
  fc.assert(
    fc.property(benefit, fc.nat(1_000_000), fc.integer({ min: 1, max: 50 }), (b, unit, qty) => {
      const saving = itemSaving(b, unit, qty);
      assert.ok(saving >= 0 && saving <= unit * qty);
    }),
  );
});

Deno.test("a line's campaign and the order's offer carry their Sinhala and Tamil names, and promotionName() picks the page's", () => {
  const names = { si: "පොත් ප්‍රදර්ශනය", ta: "புத்தகக் கண்காட்சி" };
  const offer: OrderOffer = {
    id: 5,
    name: "LKR 100 off",
    names: { si: "රු. 100 අඩුවෙන්" },
    minItemsCents: 0,
    benefit: { kind: "amount_off", cents: 10_000 },
    window: OPEN,
    paused: false,
  };
  const priced = applyPromotions({
    lines: [{ item: book(1, 100_000), quantity: 1 }],
    campaigns: [campaign(1, { name: "Book Fair", names })],
    offers: [offer],
    code: null,
    deliveryFeeCents: 40_000,
    now: NOW,
  });
  const line = campaignOf(priced.lines[0])!;
  assert.deepEqual(line.names, names);
  const named = { name: line.name!, names: line.names };
  assert.equal(promotionName(named, "si"), names.si);
  assert.equal(promotionName(named, "ta"), names.ta);
  assert.equal(promotionName(named, "en"), "Book Fair");
  const offered = offerOf(priced)!;
  const offerNamed = { name: offered.name!, names: offered.names };
  assert.equal(promotionName(offerNamed, "si"), "රු. 100 අඩුවෙන්");
  assert.equal(promotionName(offerNamed, "ta"), "LKR 100 off", "English when no Tamil name");
  const unnamed = applyPromotions({
    lines: [{ item: book(1, 100_000), quantity: 1 }],
    campaigns: [campaign(2)],
    offers: [],
    code: null,
    deliveryFeeCents: 0,
    now: NOW,
  });
  assert.deepEqual(campaignOf(unnamed.lines[0])!.names, {}, "no names, none carried");
});
