import assert from "node:assert/strict";
import fc from "fast-check";
import {
  campaignProblems,
  codeProblems,
  offerProblems,
  sameScope,
  scopeRecordProblems,
  stackingCampaign,
} from "./checks.ts";
import type { NewCampaign, NewDiscountCode } from "./ports.ts";

const CAMPAIGN: NewCampaign = {
  name: "School season",
  names: {},
  scope: { kind: "store", store: "stationery" },
  benefit: { kind: "percent", basisPoints: 1500 },
  window: { startsAt: "2026-12-01T00:00:00.000Z", endsAt: "2027-01-31T00:00:00.000Z" },
  paused: false,
};

const CODE: NewDiscountCode = {
  code: "SCHOOL-25",
  benefit: { kind: "percent", basisPoints: 2500 },
  minItemsCents: 0,
  scope: { kind: "shop" },
  window: { startsAt: null, endsAt: null },
  paused: false,
  maxUses: 100,
  maxUsesPerCustomer: 1,
};

const fields = (problems: { field: string }[]) => problems.map((p) => p.field);

Deno.test("a campaign is refused with the field at fault: a percentage outside 0-100, no amount, an end before its start, no name, an empty scope", () => {
  assert.deepEqual(campaignProblems(CAMPAIGN), []);
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, benefit: { kind: "percent", basisPoints: 10_001 } })),
    ["benefit.percent"],
  );
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, benefit: { kind: "percent", basisPoints: 0 } })),
    ["benefit.percent"],
  );
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, benefit: { kind: "amount", cents: 0 } })),
    ["benefit.amount"],
  );
  assert.deepEqual(
    fields(
      campaignProblems({
        ...CAMPAIGN,
        window: { startsAt: "2026-12-02T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" },
      }),
    ),
    ["endsAt"],
  );
  assert.deepEqual(fields(campaignProblems({ ...CAMPAIGN, name: "  " })), ["name"]);
  assert.deepEqual(
    fields(
      campaignProblems({ ...CAMPAIGN, scope: { kind: "categories", store: "book", ids: [] } }),
    ),
    ["scope.ids"],
  );
});

Deno.test("an offer needs an amount when it takes one off, and a minimum of LKR 0 or more", () => {
  const offer = {
    name: "LKR 500 off",
    names: {},
    minItemsCents: 500_000,
    benefit: { kind: "amount_off" as const, cents: 50_000 },
    window: { startsAt: null, endsAt: null },
    paused: false,
  };
  assert.deepEqual(offerProblems(offer), []);
  assert.deepEqual(fields(offerProblems({ ...offer, benefit: { kind: "amount_off", cents: 0 } })), [
    "benefit.amount",
  ]);
  assert.deepEqual(fields(offerProblems({ ...offer, minItemsCents: -1 })), ["minimum"]);
});

Deno.test("a code must be 3-32 letters, digits or hyphens, with caps of at least one", () => {
  assert.deepEqual(codeProblems(CODE), []);
  assert.deepEqual(fields(codeProblems({ ...CODE, code: "AB" })), ["code"]);
  assert.deepEqual(fields(codeProblems({ ...CODE, code: "SCHOOL 25" })), ["code"]);
  assert.deepEqual(fields(codeProblems({ ...CODE, maxUses: 0, maxUsesPerCustomer: 0 })), [
    "maxUses",
    "maxUsesPerCustomer",
  ]);
  assert.deepEqual(codeProblems({ ...CODE, benefit: { kind: "free_delivery" } }), []);
});

Deno.test("a code is spelt 3-32 letters, digits or hyphens in any case, and names in Sinhala and Tamil fit like the name", () => {
  assert.deepEqual(codeProblems({ ...CODE, code: "school-25" }), []);
  assert.deepEqual(fields(codeProblems({ ...CODE, code: "A".repeat(33) })), ["code"]);
  assert.deepEqual(fields(codeProblems({ ...CODE, code: "ÅBC" })), ["code"]);
  assert.deepEqual(fields(codeProblems({ ...CODE, minItemsCents: -100 })), ["minimum"]);
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, names: { si: "x".repeat(121), ta: "  " } })),
    ["names.si", "names.ta"],
  );
  assert.deepEqual(campaignProblems({ ...CAMPAIGN, names: { si: "පාසල් සමය" } }), []);
});

Deno.test("a scope names only what the shop has, and an amount off each copy is never above a chosen product's price", () => {
  const products = [
    { type: "book" as const, id: 1, title: "Madol Doova", priceCents: 95_000 },
    { type: "stationery" as const, id: 3, title: "Atlas pen, blue", priceCents: 5_000 },
  ];
  const chosen = {
    kind: "products" as const,
    items: [{ type: "book" as const, id: 1 }, { type: "stationery" as const, id: 3 }],
  };
  const known = { products, categoryIds: [1, 2] };
  assert.deepEqual(scopeRecordProblems(chosen, { kind: "amount", cents: 5_000 }, known), []);
  assert.deepEqual(scopeRecordProblems(chosen, { kind: "amount", cents: 5_001 }, known), [{
    field: "benefit.amount",
    message: "must not be above the price of Atlas pen, blue (LKR 50.00)",
  }]);
  assert.deepEqual(
    scopeRecordProblems(chosen, { kind: "percent", basisPoints: 10_000 }, known),
    [],
  );
  assert.deepEqual(
    fields(scopeRecordProblems(
      { kind: "products", items: [{ type: "book", id: 9 }] },
      null,
      known,
    )),
    ["scope.items"],
  );
  assert.deepEqual(
    scopeRecordProblems({ kind: "categories", store: "book", ids: [1, 7] }, null, known),
    [{ field: "scope.ids", message: "names book categories the shop does not have: 7" }],
  );
});

Deno.test("two campaigns stack when they cover the same scope at a shared moment, whatever the order of its ids", () => {
  fc.assert(fc.property(
    fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
    fc.integer(),
    (ids, seed) => {
      const shuffled = [...ids].sort((a, b) => ((a * seed) % 7) - ((b * seed) % 7));
      return sameScope(
        { kind: "categories", store: "book", ids },
        { kind: "categories", store: "book", ids: shuffled },
      );
    },
  ));
  assert.equal(
    sameScope({ kind: "categories", store: "book", ids: [1] }, {
      kind: "categories",
      store: "stationery",
      ids: [1],
    }),
    false,
  );
  const other = { id: 4, promotion: CAMPAIGN };
  assert.equal(stackingCampaign(CAMPAIGN, [other]), other);
  assert.equal(
    stackingCampaign(
      { ...CAMPAIGN, window: { startsAt: "2027-01-31T00:00:00.000Z", endsAt: null } },
      [other],
    ),
    undefined,
    "one starting as the other ends does not stack",
  );
  assert.equal(
    stackingCampaign({ ...CAMPAIGN, scope: { kind: "store", store: "book" } }, [other]),
    undefined,
  );
  assert.equal(
    stackingCampaign(CAMPAIGN, [{ id: 5, promotion: { ...CAMPAIGN, paused: true } }])?.id,
    5,
    "a paused one is resumed with a click",
  );
});
