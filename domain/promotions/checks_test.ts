import assert from "node:assert/strict";
import { campaignProblems, codeProblems, offerProblems } from "./checks.ts";
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
    ["percent"],
  );
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, benefit: { kind: "percent", basisPoints: 0 } })),
    ["percent"],
  );
  assert.deepEqual(
    fields(campaignProblems({ ...CAMPAIGN, benefit: { kind: "amount", cents: 0 } })),
    ["amount"],
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
    ["scope"],
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
    "amount",
  ]);
  assert.deepEqual(fields(offerProblems({ ...offer, minItemsCents: -1 })), ["minItems"]);
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
