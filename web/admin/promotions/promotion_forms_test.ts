import assert from "node:assert/strict";
import {
  benefitText,
  bodyOf,
  campaignDraftOf,
  emptyForm,
  formOf,
  scopeText,
  serverFieldErrors,
  windowText,
} from "./promotion_forms.ts";
import type { WireCampaign, WireCode } from "../../../contract/promotions.ts";

const CAMPAIGN: WireCampaign = {
  kind: "campaign",
  id: 3,
  name: "Book Fair",
  names: { si: "පොත් ප්‍රදර්ශනය", ta: null },
  scope: { kind: "products", items: [{ type: "book", id: 1 }] },
  benefit: { kind: "percent", percent: 20 },
  starts_at: "2026-09-18T18:30:00.000Z",
  ends_at: null,
  starts_at_local: "2026-09-19T00:00",
  ends_at_local: null,
  paused: false,
  state: "scheduled",
  uses: 0,
  saving: 0,
};

Deno.test("a campaign's form sends its fields as the API names them, times as Colombo's local values", () => {
  const form = formOf(CAMPAIGN, new Map([["book:1", "Madol Doova"]]));
  assert.deepEqual(form.scope.products, [{ type: "book", id: 1, title: "Madol Doova" }]);
  assert.deepEqual(bodyOf(form), {
    errors: {},
    body: {
      name: "Book Fair",
      names: { si: "පොත් ප්‍රදර්ශනය", ta: null },
      scope: { kind: "products", items: [{ type: "book", id: 1 }] },
      benefit: { kind: "percent", percent: 20 },
      startsAt: "2026-09-19T00:00",
      endsAt: null,
      paused: false,
    },
  });
});

Deno.test("a form with missing or impossible fields names them before anything is sent", () => {
  assert.deepEqual(Object.keys(bodyOf(emptyForm("campaign")).errors).sort(), [
    "benefit.percent",
    "name",
  ]);
  const code = {
    ...emptyForm("code"),
    code: "a b",
    benefit: "amount" as const,
    amount: "12.345",
    maxUses: "0",
    startsAt: "2026-09-20T00:00",
    endsAt: "2026-09-19T00:00",
    scope: { ...emptyForm("code").scope, kind: "categories" as const },
  };
  assert.deepEqual(Object.keys(bodyOf(code).errors).sort(), [
    "benefit.amount",
    "code",
    "endsAt",
    "maxUses",
    "scope.ids",
  ]);
  assert.equal(bodyOf(code).body, undefined);
  assert.deepEqual(
    bodyOf({ ...emptyForm("offer"), name: "Free delivery", minimum: "5000" }).body,
    {
      name: "Free delivery",
      names: { si: null, ta: null },
      minimum: 5000,
      benefit: { kind: "free_delivery" },
      startsAt: null,
      endsAt: null,
      paused: false,
    },
  );
});

Deno.test("a code comes back into its form, caps empty for none", () => {
  const code: WireCode = {
    kind: "code",
    id: 4,
    code: "READING-CLUB",
    benefit: { kind: "amount", amount: 250 },
    minimum: 2000,
    scope: { kind: "shop" },
    max_uses: null,
    max_uses_per_customer: 1,
    starts_at: null,
    ends_at: null,
    starts_at_local: null,
    ends_at_local: null,
    paused: true,
    state: "paused",
    uses: 3,
    saving: 0,
  };
  const form = formOf(code);
  assert.deepEqual(
    [form.code, form.amount, form.minimum, form.maxUses, form.maxUsesPerCustomer, form.paused],
    ["READING-CLUB", "250", "2000", "", "1", true],
  );
  assert.deepEqual(bodyOf(form).body?.maxUses, null);
});

Deno.test("the list words a promotion's discount, scope and window", () => {
  assert.equal(benefitText({ kind: "percent", percent: 12.5 }, "campaign"), "12.5% off each item");
  assert.equal(benefitText({ kind: "amount", amount: 250 }, "code"), "LKR 250.00 off the order");
  assert.equal(benefitText({ kind: "free_delivery" }, "offer"), "Free delivery");
  assert.equal(
    scopeText({ kind: "categories", store: "book", ids: [1, 9] }, new Map([["book:1", "Novels"]])),
    "Books: Novels, category 9",
  );
  assert.equal(scopeText({ kind: "language", language: "Tamil" }), "Tamil books");
  assert.equal(windowText(CAMPAIGN), "From 2026-09-19 00:00");
  assert.equal(windowText({ starts_at_local: null, ends_at_local: null }), "Always");
});

Deno.test("the shop's refusals land on their full field", () => {
  assert.deepEqual(
    serverFieldErrors([
      { field: "benefit.amount", message: "must not be above the price of X" },
      { field: "benefit.amount", message: "second" },
      { field: "startsAt", message: "overlaps" },
      "junk",
    ]),
    { "benefit.amount": "must not be above the price of X", startsAt: "overlaps" },
  );
  assert.deepEqual(serverFieldErrors(undefined), {});
});

Deno.test("campaignDraftOf() reads a campaign's scope and discount while its name is still empty, nothing else", () => {
  const form = { ...emptyForm("campaign"), benefit: "amount" as const, amount: "100000" };
  assert.deepEqual(campaignDraftOf(form), {
    scope: { kind: "shop" },
    benefit: { kind: "amount", amount: 100000 },
  });
  assert.equal(campaignDraftOf({ ...form, amount: "lots" }), null, "an amount not yet valid");
  assert.equal(campaignDraftOf(emptyForm("code")), null, "codes make nothing free this way");
});
