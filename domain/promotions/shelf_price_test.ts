import assert from "node:assert/strict";
import fc from "fast-check";
import {
  campaignsCovering,
  indexCampaigns,
  NO_CAMPAIGNS,
  promotionNameIn,
  shelfPrice,
} from "./shelf_price.ts";
import type { Campaign, PricedItem } from "./pricing.ts";
import { applyPromotions } from "./apply_promotions.ts";

const NOW = "2026-09-20T06:00:00.000Z";
const FAIR_ENDS = "2026-09-28T18:30:00.000Z";

function book(overrides: Partial<PricedItem> = {}): PricedItem {
  return {
    type: "book",
    id: 1,
    categoryId: 3,
    language: "Sinhala",
    priceCents: 100_000,
    sale: null,
    ...overrides,
  };
}

function campaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    names: {},
    scope: { kind: "shop" },
    benefit: { kind: "percent", basisPoints: 1000 },
    window: { startsAt: null, endsAt: null },
    paused: false,
    ...overrides,
  };
}

const BOOK_FAIR = campaign(7, {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: null, endsAt: FAIR_ENDS },
});

Deno.test("shelfPrice() without a sale or a campaign is the usual price, saving nothing", () => {
  assert.deepEqual(shelfPrice(book(), NO_CAMPAIGNS, NOW), {
    unitCents: 100_000,
    usualCents: 100_000,
    savingCents: 0,
    sale: false,
    campaign: null,
    until: null,
  });
});

Deno.test("shelfPrice() takes the sale price, then the best campaign off it, and holds until the earlier end", () => {
  const sale = { priceCents: 90_000, startsAt: null, endsAt: "2026-09-25T18:30:00.000Z" };
  const shelf = shelfPrice(book({ sale }), indexCampaigns([campaign(2), BOOK_FAIR]), NOW);
  assert.deepEqual(shelf, {
    unitCents: 72_000, // 900.00 less 20%
    usualCents: 100_000,
    savingCents: 28_000,
    sale: true,
    campaign: { id: 7, name: BOOK_FAIR.name, names: BOOK_FAIR.names },
    until: "2026-09-25T18:30:00.000Z",
  });
  // After the sale's days, the campaign alone, until the fair ends.
  const later = shelfPrice(
    book({ sale }),
    indexCampaigns([BOOK_FAIR]),
    "2026-09-26T06:00:00.000Z",
  );
  assert.deepEqual([later.unitCents, later.sale, later.until], [80_000, false, FAIR_ENDS]);
});

Deno.test("promotionNameIn() gives the campaign's name in the shopper's language, else in English", () => {
  assert.equal(promotionNameIn(BOOK_FAIR, "si"), "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්");
  assert.equal(promotionNameIn(BOOK_FAIR, "ta"), "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி");
  assert.equal(promotionNameIn(BOOK_FAIR, "en"), BOOK_FAIR.name);
  assert.equal(promotionNameIn({ name: "Fair", names: { si: " " } }, "si"), "Fair");
  assert.equal(promotionNameIn({ name: "Fair" }, "ta"), "Fair");
});

Deno.test("the index finds each campaign through what its scope names, and leaves paused ones out", () => {
  const scopes: Campaign[] = [
    campaign(1, { scope: { kind: "shop" } }),
    campaign(2, { scope: { kind: "store", store: "stationery" } }),
    campaign(3, { scope: { kind: "categories", store: "book", ids: [3, 4] } }),
    campaign(4, { scope: { kind: "categories", store: "stationery", ids: [3] } }),
    campaign(5, { scope: { kind: "products", items: [{ type: "book", id: 1 }] } }),
    campaign(6, { scope: { kind: "language", language: "Tamil" } }),
    campaign(8, { scope: { kind: "language", language: "Sinhala" }, paused: true }),
  ];
  const index = indexCampaigns(scopes);
  assert.deepEqual(campaignsCovering(index, book()).map((c) => c.id), [1, 3, 5]);
  assert.deepEqual(
    campaignsCovering(index, { type: "stationery", id: 1, categoryId: 3, language: null })
      .map((c) => c.id),
    [1, 2, 4],
  );
});

const scope = fc.oneof(
  fc.constant({ kind: "shop" as const }),
  fc.constantFrom("book" as const, "stationery" as const).map((store) => ({
    kind: "store" as const,
    store,
  })),
  fc.record({
    store: fc.constantFrom("book" as const, "stationery" as const),
    ids: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
  }).map((s) => ({ kind: "categories" as const, ...s })),
  fc.array(
    fc.record({
      type: fc.constantFrom("book" as const, "stationery" as const),
      id: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  ).map((items) => ({ kind: "products" as const, items })),
  fc.constantFrom("Sinhala", "Tamil").map((language) => ({ kind: "language" as const, language })),
);
const campaigns = fc.array(
  fc.record({
    scope,
    benefit: fc.oneof(
      fc.integer({ min: 1, max: 10_000 }).map((basisPoints) => ({
        kind: "percent" as const,
        basisPoints,
      })),
      fc.integer({ min: 1, max: 200_000 }).map((cents) => ({ kind: "amount" as const, cents })),
    ),
    paused: fc.boolean(),
    starts: fc.option(fc.integer({ min: -3, max: 3 })),
    ends: fc.option(fc.integer({ min: -3, max: 3 })),
    written: fc.constantFrom("utc" as const, "colombo" as const, "garbled" as const),
  }),
  { maxLength: 12 },
).map((drawn) =>
  drawn.map((d, i) => {
    // A window's times as the database gives them (UTC), as an owner may write one (Sri
    // Lanka's offset), or as no time at all: each reads as the order's pricing reads it.
    const at = (hours: number | null) => {
      if (hours === null) return null;
      const ms = Date.parse(NOW) + hours * 3_600_000;
      if (d.written === "utc") return new Date(ms).toISOString();
      if (d.written === "colombo") {
        return new Date(ms + 330 * 60_000).toISOString().replace("Z", "+05:30");
      }
      return "soon";
    };
    return campaign(i + 1, {
      scope: d.scope,
      benefit: d.benefit,
      paused: d.paused,
      window: { startsAt: at(d.starts), endsAt: at(d.ends) },
    });
  })
);
const item = fc.record({
  type: fc.constantFrom("book" as const, "stationery" as const),
  id: fc.integer({ min: 1, max: 4 }),
  categoryId: fc.integer({ min: 1, max: 4 }),
  language: fc.constantFrom("Sinhala", "Tamil", null),
  priceCents: fc.integer({ min: 0, max: 500_000 }),
  sale: fc.option(fc.record({
    priceCents: fc.integer({ min: 1, max: 500_000 }),
    startsAt: fc.constant(null),
    endsAt: fc.constant(null),
  })),
});

Deno.test("the shelf price is what an order of one copy pays for the line, never more than the usual price nor below zero", () => {
  fc.assert(fc.property(campaigns, item, (all, drawn) => {
    const shelf = shelfPrice(drawn, indexCampaigns(all), NOW);
    const order = applyPromotions({
      lines: [{ item: drawn, quantity: 1 }],
      campaigns: all,
      offers: [],
      code: null,
      deliveryFeeCents: 0,
      now: NOW,
    });
    assert.equal(shelf.unitCents, order.lines[0].totalCents);
    const campaign = order.lines[0].adjustments.find((a) => a.kind === "campaign");
    assert.equal(shelf.campaign?.id ?? null, campaign?.sourceId ?? null);
    assert.ok(shelf.unitCents >= 0 && shelf.unitCents <= drawn.priceCents);
    assert.equal(shelf.savingCents, drawn.priceCents - shelf.unitCents);
  }));
});

Deno.test("a page of 24 products is priced against 1,000 running campaigns through a few candidates each, as the full scan prices it", () => {
  // A shop's big fair: 1,000 rules, most on chosen products and categories.
  const rules: Campaign[] = Array.from({ length: 1_000 }, (_, i) =>
    campaign(i + 1, {
      scope: i % 10 === 0
        ? { kind: "categories", store: "book", ids: [i % 50] }
        : i % 10 === 1
        ? { kind: "language", language: i % 4 === 1 ? "Tamil" : "English" }
        : { kind: "products", items: [{ type: "book", id: 10_000 + i }] },
      benefit: { kind: "percent", basisPoints: 500 + (i % 20) * 100 },
    }));
  const index = indexCampaigns(rules);
  const page = Array.from(
    { length: 24 },
    (_, i) =>
      book({ id: 10_000 + i * 7, categoryId: i % 50, language: i % 2 ? "Tamil" : "Sinhala" }),
  );
  // The index leaves each product a few candidates, not the thousand.
  const candidates = page.map((b) => campaignsCovering(index, b).length);
  assert.ok(Math.max(...candidates) <= 60, String(candidates));
  // And the same answers as the rule's own scan over every campaign.
  for (const b of page) {
    const scanned = applyPromotions({
      lines: [{ item: b, quantity: 1 }],
      campaigns: rules,
      offers: [],
      code: null,
      deliveryFeeCents: 0,
      now: NOW,
    }).lines[0];
    assert.equal(shelfPrice(b, index, NOW).unitCents, scanned.totalCents);
  }
});
