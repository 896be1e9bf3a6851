/**
 * The pieces of the one pricing rule of promotions (applied by apply_promotions.ts, each
 * kind's rule in rules.ts), in the order the shop applies them:
 *
 * 1. the sale price of each item, while its window runs (never above the usual price);
 * 2. the best campaign of each line (the largest saving; the lowest id on a tie), a
 *    percentage or a fixed amount off each copy, never below zero;
 * 3. one order offer, of those whose minimum the items reach the one that saves the most:
 *    an amount off the order, shared over its lines, or free delivery;
 * 4. one discount code, checked (window, pause, uses left, minimum, scope) and applied to
 *    the lines in its scope, or refused with its reason;
 * 5. delivery: its fee, or nothing when an offer or the code gives free delivery.
 *
 * Cents are integers throughout. A percentage is held in basis points (12.5% is 1250) and
 * rounded half up per line; an amount off an order or a code's fixed amount is shared over
 * the lines it covers in proportion to what they cost, by largest remainder, so that every
 * line knows its saving and the savings add up to the cent. Nothing is ever priced below
 * zero, and nothing a promotion does raises a price.
 */
import type { Cents } from "../money.ts";
import type { ItemType } from "../orders/model.ts";
import type { PromotionNames } from "./names.ts";
export type { PromotionNames };

/** A time window in ISO 8601; an open end is null. It runs from `startsAt` up to, not including, `endsAt`. */
export interface PromotionWindow {
  startsAt: string | null;
  endsAt: string | null;
}

/** A product's sale price and when it runs. */
export interface SalePrice extends PromotionWindow {
  priceCents: Cents;
}

/** What a promotion covers. */
export type PromotionScope =
  | { kind: "shop" }
  | { kind: "store"; store: ItemType }
  | { kind: "categories"; store: ItemType; ids: readonly number[] }
  | { kind: "products"; items: readonly { type: ItemType; id: number }[] }
  | { kind: "language"; language: string };

/** Off each copy of an item: a share in basis points (2000 is 20%) or an amount. */
export type ItemBenefit =
  | { kind: "percent"; basisPoints: number }
  | { kind: "amount"; cents: Cents };

/** An automatic discount over a scope (the Book Fair's 20% off). */
export interface Campaign {
  id: number;
  /** Its name in English, shown to shoppers ("Book Fair 2026: 20% off"). */
  name: string;
  /** Its name in Sinhala and Tamil; none given when absent. */
  names?: PromotionNames;
  scope: PromotionScope;
  benefit: ItemBenefit;
  window: PromotionWindow;
  paused: boolean;
}

/** An offer on the whole order once its items reach a minimum. */
export interface OrderOffer {
  id: number;
  name: string;
  /** Its name in Sinhala and Tamil; none given when absent. */
  names?: PromotionNames;
  minItemsCents: Cents;
  benefit: { kind: "free_delivery" } | { kind: "amount_off"; cents: Cents };
  window: PromotionWindow;
  paused: boolean;
}

/** A discount code as the shop keeps it. */
export interface DiscountCode {
  id: number;
  /** As the owner wrote it; matched without regard to case. */
  code: string;
  benefit: ItemBenefit | { kind: "free_delivery" };
  minItemsCents: Cents;
  scope: PromotionScope;
  window: PromotionWindow;
  paused: boolean;
  /** Uses left in total; null for no cap. */
  usesLeft: number | null;
  /** Orders one customer may hold with it; null for no cap (counted as the order is placed). */
  maxUsesPerCustomer: number | null;
}

/** What the rule needs of an item: where it belongs and what it costs. */
export interface PricedItem {
  type: ItemType;
  id: number;
  categoryId: number;
  /** A book's language; null for stationery. */
  language: string | null;
  priceCents: Cents;
  sale: SalePrice | null;
}

export interface CartLine {
  item: PricedItem;
  quantity: number;
}

/** Why a code gives nothing. */
export const CODE_REFUSALS = [
  "unknown",
  "not_yet",
  "expired",
  "paused",
  "used_up",
  "minimum_not_met",
  "nothing_applies",
] as const;
export type CodeRefusal = typeof CODE_REFUSALS[number];

/**
 * a x b / c rounded half up, for non-negative integers.
 *
 * @example mulDivHalfUp(995, 1250, 10000) // 124 (124.375)
 * @example mulDivHalfUp(100, 125, 1000) // 13 (12.5)
 */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** Whether `window` runs at `now` (ISO 8601 strings compare as times when both are UTC "Z"). */
export function inWindow(window: PromotionWindow, now: string): boolean {
  const at = Date.parse(now);
  return (window.startsAt === null || Date.parse(window.startsAt) <= at) &&
    (window.endsAt === null || at < Date.parse(window.endsAt));
}

/**
 * A copy's price at `now`: its sale price while the sale runs and is lower, else its price.
 *
 * @example unitPrice({ priceCents: 100000, sale: { priceCents: 80000, startsAt: null, endsAt: null }, ... }, now) // 80000
 */
export function unitPrice(item: Pick<PricedItem, "priceCents" | "sale">, now: string): Cents {
  const sale = item.sale;
  return sale && inWindow(sale, now) ? Math.min(sale.priceCents, item.priceCents) : item.priceCents;
}

/** Whether `scope` covers `item`. */
export function covers(scope: PromotionScope, item: PricedItem): boolean {
  switch (scope.kind) {
    case "shop":
      return true;
    case "store":
      return item.type === scope.store;
    case "categories":
      return item.type === scope.store && scope.ids.includes(item.categoryId);
    case "products":
      return scope.items.some((p) => p.type === item.type && p.id === item.id);
    case "language":
      return item.language === scope.language;
  }
}

/** What `benefit` takes off `quantity` copies at `unitCents`: never more than they cost. */
export function itemSaving(benefit: ItemBenefit, unitCents: Cents, quantity: number): Cents {
  const line = unitCents * quantity;
  const saving = benefit.kind === "percent"
    ? mulDivHalfUp(line, Math.min(Math.max(benefit.basisPoints, 0), 10_000), 10_000)
    : Math.min(Math.max(benefit.cents, 0), unitCents) * quantity;
  return Math.min(saving, line);
}

/**
 * `amount` shared over `weights` in proportion, by largest remainder (ties to the earlier
 * share): the shares add up to `amount` exactly and none passes its weight.
 *
 * @example shareOut(100, [100, 100, 100]) // [34, 33, 33]
 */
export function shareOut(amount: Cents, weights: readonly Cents[]): Cents[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || amount <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const exact = weights.map((w) => (capped * w) / total);
  const shares = exact.map(Math.floor);
  let left = capped - shares.reduce((sum, s) => sum + s, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i] < weights[i]) {
      shares[i]++;
      left--;
    }
  }
  return shares;
}

/**
 * A promotion's name in `language`: its Sinhala or Tamil name when the owner gave one, else
 * its own (English) name.
 *
 * @example promotionName({ name: "Book Fair", names: { si: "පොත් පොළ" } }, "si") // "පොත් පොළ"
 */
export function promotionName(
  p: { name: string; names?: PromotionNames },
  language: string,
): string {
  const named = language === "si" ? p.names?.si : language === "ta" ? p.names?.ta : undefined;
  return named?.trim() ? named : p.name;
}

/** A line's best campaign: its id and names as they are now, and what it takes off the line. */
export interface BestCampaign {
  id: number;
  name: string;
  names: PromotionNames;
  savingCents: Cents;
}

/**
 * The best campaign of a line at `now`: the largest saving, the lowest id on a tie.
 * `running` says whether a campaign's window holds `now`; a caller that read the windows'
 * times once (the shelf's campaign index) gives its own instead of reading them again.
 */
export function bestCampaign(
  campaigns: readonly Campaign[],
  item: PricedItem,
  unitCents: Cents,
  quantity: number,
  now: string,
  running: (campaign: Campaign) => boolean = (c) => inWindow(c.window, now),
): BestCampaign | null {
  let best: BestCampaign | null = null;
  for (const c of campaigns) {
    // Whether a campaign covers the item first: of a shop's many campaigns (most of them on
    // chosen books) few cover one item, and reading a window's times costs more than that
    // (an order's pricing under 1,000 campaigns: docs/benchmarks.md, item 44).
    if (c.paused || !covers(c.scope, item) || !running(c)) continue;
    const saving = itemSaving(c.benefit, unitCents, quantity);
    if (saving <= 0) continue;
    if (!best || saving > best.savingCents || (saving === best.savingCents && c.id < best.id)) {
      best = { id: c.id, name: c.name, names: { ...c.names }, savingCents: saving };
    }
  }
  return best;
}

/** A code as shoppers type it: trimmed, upper case. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}
