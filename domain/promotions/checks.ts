/**
 * What the shop refuses of a promotion before it is kept, each with a message for the
 * owner: a percentage outside 0-100, an amount of nothing, an end before the start, a name
 * missing or too long, a code that is not 3-32 letters, digits or hyphens, caps below one,
 * and a scope that names nothing.
 */
import type { NewCampaign, NewDiscountCode, NewOrderOffer } from "./ports.ts";
import type { ItemBenefit, PromotionScope, PromotionWindow } from "./pricing.ts";

export interface PromotionProblem {
  field: string;
  message: string;
}

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

function benefitProblems(benefit: ItemBenefit): PromotionProblem[] {
  if (benefit.kind === "percent") {
    return Number.isInteger(benefit.basisPoints) && benefit.basisPoints > 0 &&
        benefit.basisPoints <= 10_000
      ? []
      : [{ field: "percent", message: "must be more than 0 and at most 100" }];
  }
  return Number.isSafeInteger(benefit.cents) && benefit.cents > 0
    ? []
    : [{ field: "amount", message: "must be more than LKR 0" }];
}

function scopeProblems(scope: PromotionScope): PromotionProblem[] {
  if (scope.kind === "categories" && scope.ids.length === 0) {
    return [{ field: "scope", message: "must name at least one category" }];
  }
  if (scope.kind === "products" && scope.items.length === 0) {
    return [{ field: "scope", message: "must name at least one product" }];
  }
  return [];
}

function nameProblems(name: string): PromotionProblem[] {
  const length = name.trim().length;
  return length >= 1 && length <= 120
    ? []
    : [{ field: "name", message: "must be 1 to 120 characters" }];
}

/** @example campaignProblems({ ...campaign, benefit: { kind: "percent", basisPoints: 12000 } }) // [{ field: "percent", ... }] */
export function campaignProblems(campaign: NewCampaign): PromotionProblem[] {
  return [
    ...nameProblems(campaign.name),
    ...benefitProblems(campaign.benefit),
    ...scopeProblems(campaign.scope),
    ...windowProblems(campaign.window),
  ];
}

export function offerProblems(offer: NewOrderOffer): PromotionProblem[] {
  return [
    ...nameProblems(offer.name),
    ...(offer.benefit.kind === "amount_off" &&
        !(Number.isSafeInteger(offer.benefit.cents) && offer.benefit.cents > 0)
      ? [{ field: "amount", message: "must be more than LKR 0" }]
      : []),
    ...(Number.isSafeInteger(offer.minItemsCents) && offer.minItemsCents >= 0
      ? []
      : [{ field: "minItems", message: "must be LKR 0 or more" }]),
    ...windowProblems(offer.window),
  ];
}

export function codeProblems(code: NewDiscountCode): PromotionProblem[] {
  const cap = (value: number | null, field: string) =>
    value === null || (Number.isInteger(value) && value >= 1)
      ? []
      : [{ field, message: "must be at least 1, or empty for no cap" }];
  return [
    ...(/^[A-Za-z0-9-]{3,32}$/.test(code.code)
      ? []
      : [{ field: "code", message: "must be 3 to 32 letters, digits or hyphens" }]),
    ...(code.benefit.kind === "free_delivery" ? [] : benefitProblems(code.benefit)),
    ...scopeProblems(code.scope),
    ...windowProblems(code.window),
    ...cap(code.maxUses, "maxUses"),
    ...cap(code.maxUsesPerCustomer, "maxUsesPerCustomer"),
  ];
}
