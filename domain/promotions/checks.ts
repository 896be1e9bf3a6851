/**
 * What the shop refuses of a promotion before it is kept, each with the field at fault (as
 * the admin's API names it) and a message for the owner: a percentage outside 0-100 (0
 * itself is no discount), an amount of nothing or above the price of a product it is taken
 * off, an end before the start, a name missing or too long, a code that is not 3-32
 * letters, digits or hyphens, caps below one, a scope that names nothing; and two campaigns
 * over the same scope whose windows overlap, which would discount the same items twice
 * over (the shopper would get only the better one, and the owner would not know which).
 */
import { type Cents, formatLkr } from "../money.ts";
import type { ItemType } from "../orders/model.ts";
import type { NewCampaign, NewDiscountCode, NewOrderOffer } from "./ports.ts";
import { windowsOverlap } from "./ports.ts";
import type { ItemBenefit, PromotionScope, PromotionWindow } from "./pricing.ts";

export interface PromotionProblem {
  field: string;
  message: string;
}

/** The longest name of a promotion, in each language. */
export const MAX_PROMOTION_NAME = 120;

/** A code's spelling: 3 to 32 capital letters, digits or hyphens (typed in any case). */
export const CODE_SPELLING = /^[A-Z0-9-]{3,32}$/;

function windowProblems(window: PromotionWindow): PromotionProblem[] {
  const bad = (at: string | null) => at !== null && Number.isNaN(Date.parse(at));
  if (bad(window.startsAt)) return [{ field: "startsAt", message: "must be a date and time" }];
  if (bad(window.endsAt)) return [{ field: "endsAt", message: "must be a date and time" }];
  if (
    window.startsAt !== null && window.endsAt !== null &&
    Date.parse(window.endsAt) <= Date.parse(window.startsAt)
  ) {
    return [{ field: "endsAt", message: "must be after the start" }];
  }
  return [];
}

function amountProblems(cents: Cents, field: string): PromotionProblem[] {
  return Number.isSafeInteger(cents) && cents > 0
    ? []
    : [{ field, message: "must be more than LKR 0" }];
}

function benefitProblems(benefit: ItemBenefit): PromotionProblem[] {
  if (benefit.kind === "percent") {
    return Number.isInteger(benefit.basisPoints) && benefit.basisPoints > 0 &&
        benefit.basisPoints <= 10_000
      ? []
      : [{ field: "benefit.percent", message: "must be more than 0 and at most 100" }];
  }
  return amountProblems(benefit.cents, "benefit.amount");
}

function scopeProblems(scope: PromotionScope): PromotionProblem[] {
  if (scope.kind === "categories" && scope.ids.length === 0) {
    return [{ field: "scope.ids", message: "must name at least one category" }];
  }
  if (scope.kind === "products" && scope.items.length === 0) {
    return [{ field: "scope.items", message: "must name at least one product" }];
  }
  return [];
}

function nameProblems(name: string, names: NewCampaign["names"]): PromotionProblem[] {
  const fits = (text: string) => text.trim().length >= 1 && text.length <= MAX_PROMOTION_NAME;
  return [
    ...(fits(name) ? [] : [{
      field: "name",
      message: `must be 1 to ${MAX_PROMOTION_NAME} characters`,
    }]),
    ...(["si", "ta"] as const).flatMap((language) => {
      const text = names[language];
      return text === undefined || fits(text) ? [] : [{
        field: `names.${language}`,
        message: `must be 1 to ${MAX_PROMOTION_NAME} characters, or left out`,
      }];
    }),
  ];
}

function minimumProblems(cents: Cents): PromotionProblem[] {
  return Number.isSafeInteger(cents) && cents >= 0
    ? []
    : [{ field: "minimum", message: "must be LKR 0 or more" }];
}

/** @example campaignProblems({ ...campaign, benefit: { kind: "percent", basisPoints: 12000 } }) // [{ field: "benefit.percent", ... }] */
export function campaignProblems(campaign: NewCampaign): PromotionProblem[] {
  return [
    ...nameProblems(campaign.name, campaign.names),
    ...benefitProblems(campaign.benefit),
    ...scopeProblems(campaign.scope),
    ...windowProblems(campaign.window),
  ];
}

/** @example offerProblems({ ...offer, minItemsCents: -1 }) // [{ field: "minimum", ... }] */
export function offerProblems(offer: NewOrderOffer): PromotionProblem[] {
  return [
    ...nameProblems(offer.name, offer.names),
    ...(offer.benefit.kind === "amount_off"
      ? amountProblems(offer.benefit.cents, "benefit.amount")
      : []),
    ...minimumProblems(offer.minItemsCents),
    ...windowProblems(offer.window),
  ];
}

/** @example codeProblems({ ...code, code: "AB" }) // [{ field: "code", ... }] */
export function codeProblems(code: NewDiscountCode): PromotionProblem[] {
  const cap = (value: number | null, field: string) =>
    value === null || (Number.isInteger(value) && value >= 1)
      ? []
      : [{ field, message: "must be at least 1, or empty for no cap" }];
  return [
    ...(CODE_SPELLING.test(code.code.toUpperCase())
      ? []
      : [{ field: "code", message: "must be 3 to 32 letters, digits or hyphens" }]),
    ...(code.benefit.kind === "free_delivery" ? [] : benefitProblems(code.benefit)),
    ...minimumProblems(code.minItemsCents),
    ...scopeProblems(code.scope),
    ...windowProblems(code.window),
    ...cap(code.maxUses, "maxUses"),
    ...cap(code.maxUsesPerCustomer, "maxUsesPerCustomer"),
  ];
}

/** What the shop knows of a product a scope names. */
export interface ScopedProduct {
  type: ItemType;
  id: number;
  title: string;
  priceCents: Cents;
}

/**
 * What is wrong with a scope against the shop's own records: products it does not sell,
 * categories it does not have, and (for a fixed amount off each copy) an amount above the
 * price of a chosen product, which would give that product away.
 *
 * @example scopeRecordProblems(scope, { kind: "amount", cents: 60000 }, { products: [{ type: "book", id: 1, title: "Madol Doova", priceCents: 50000 }], categoryIds: [] })
 * // [{ field: "benefit.amount", message: "must not be above the price of Madol Doova (LKR 500.00)" }]
 */
export function scopeRecordProblems(
  scope: PromotionScope,
  benefit: ItemBenefit | { kind: "free_delivery" } | null,
  known: { products: readonly ScopedProduct[]; categoryIds: readonly number[] },
): PromotionProblem[] {
  if (scope.kind === "categories") {
    const missing = scope.ids.filter((id) => !known.categoryIds.includes(id));
    return missing.length === 0 ? [] : [{
      field: "scope.ids",
      message: `names ${
        scope.store === "book" ? "book" : "stationery"
      } categories the shop does not have: ${missing.join(", ")}`,
    }];
  }
  if (scope.kind !== "products") return [];
  const find = (item: { type: ItemType; id: number }) =>
    known.products.find((p) => p.type === item.type && p.id === item.id);
  const missing = scope.items.filter((item) => !find(item));
  if (missing.length > 0) {
    return [{
      field: "scope.items",
      message: `names products the shop does not sell: ${
        missing.map((m) => `${m.type} ${m.id}`).join(", ")
      }`,
    }];
  }
  if (benefit?.kind !== "amount") return [];
  const dearer = scope.items.map((item) => find(item)!)
    .filter((p) => p.priceCents < benefit.cents)
    .sort((a, b) => a.priceCents - b.priceCents)[0];
  return dearer
    ? [{
      field: "benefit.amount",
      message: `must not be above the price of ${dearer.title} (${formatLkr(dearer.priceCents)})`,
    }]
    : [];
}

/** A scope written one way: ids sorted, each once. */
function canonicalScope(scope: PromotionScope): string {
  switch (scope.kind) {
    case "categories":
      return JSON.stringify([
        scope.kind,
        scope.store,
        [...new Set(scope.ids)].sort((a, b) => a - b),
      ]);
    case "products":
      return JSON.stringify([
        scope.kind,
        [...new Set(scope.items.map((i) => `${i.type}:${i.id}`))].sort(),
      ]);
    case "store":
      return JSON.stringify([scope.kind, scope.store]);
    case "language":
      return JSON.stringify([scope.kind, scope.language]);
    case "shop":
      return JSON.stringify([scope.kind]);
  }
}

/**
 * Whether two scopes cover exactly the same items by the same rule (the order of the ids
 * they name does not matter).
 *
 * @example sameScope({ kind: "categories", store: "book", ids: [2, 1] }, { kind: "categories", store: "book", ids: [1, 2] }) // true
 */
export function sameScope(a: PromotionScope, b: PromotionScope): boolean {
  return canonicalScope(a) === canonicalScope(b);
}

/**
 * The first of `others` (paused ones too: a pause is lifted with a click) over the same
 * scope as `campaign` whose window shares a moment with its window: the two would stack on
 * the same items. Undefined when none does.
 */
export function stackingCampaign<T extends { id: number; promotion: NewCampaign }>(
  campaign: NewCampaign,
  others: readonly T[],
): T | undefined {
  return others.find((other) =>
    sameScope(other.promotion.scope, campaign.scope) &&
    windowsOverlap(other.promotion.window, campaign.window)
  );
}
