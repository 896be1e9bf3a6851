/**
 * Prices a cart under the shop's promotions: each kind of adjustment's rule (rules.ts) in
 * the registry's order (domain/pricing/adjustment_kinds.ts), every line keeping what each
 * kind took off it as an adjustment (kind, source, name, amount), then delivery, free when
 * an order adjustment says so. Cents are integers throughout; no kind takes more than a
 * line costs when its turn comes, so nothing is priced below zero.
 */
import type { Cents } from "../money.ts";
import type { ItemType } from "../orders/model.ts";
import {
  ADJUSTMENT_KIND_ORDER,
  type LineAdjustment,
  type OrderAdjustment,
} from "../pricing/adjustment_kinds.ts";
import {
  type Campaign,
  type CartLine,
  type CodeRefusal,
  type DiscountCode,
  normaliseCode,
  type OrderOffer,
  unitPrice,
} from "./pricing.ts";
import { ADJUSTMENT_RULES, type RuleLine } from "./rules.ts";

/** A priced line: its usual price, what each kind took off it, and what it costs. */
export interface PromotionLine {
  type: ItemType;
  id: number;
  quantity: number;
  /** The usual price of a copy. */
  listUnitCents: Cents;
  /** A copy's price after its sale price (the usual price without one). */
  unitCents: Cents;
  /** What each kind took off the line, in the order applied (the sale price first). */
  adjustments: LineAdjustment[];
  /** What the line costs after everything. */
  totalCents: Cents;
}

/** The code's answer: applied, with what it gave, or refused and why. */
export type CodeAnswer =
  | { kind: "applied"; id: number; code: string; savingCents: Cents; freeDelivery: boolean }
  | { kind: "refused"; code: string; reason: CodeRefusal };

export interface PromotionPricing {
  lines: PromotionLine[];
  /** The usual prices, before anything. */
  listItemsCents: Cents;
  /** What the items cost after everything. */
  itemsCents: Cents;
  /** What the order as a whole got (its offer, its code), each with its lines' shares summed. */
  adjustments: OrderAdjustment[];
  /** The typed code's answer; null when none was typed. */
  code: CodeAnswer | null;
  deliveryFeeCents: Cents;
  /** Items and delivery: what the customer pays. */
  totalCents: Cents;
}

export interface PromotionInput {
  lines: readonly CartLine[];
  campaigns: readonly Campaign[];
  offers: readonly OrderOffer[];
  /** What the shopper typed, and the code of that name if the shop has one. */
  code: { typed: string; found: DiscountCode | undefined } | null;
  /** The delivery fee of the parcel by its weight and payment method. */
  deliveryFeeCents: Cents;
  /** ISO 8601. */
  now: string;
}

/**
 * Prices a cart under the shop's promotions at `now`.
 *
 * @example applyPromotions({ lines: [{ item: novel, quantity: 2 }], campaigns: [fair20], offers: [], code: null, deliveryFeeCents: 40000, now }).lines[0].adjustments
 *   // [{ kind: "campaign", sourceId: 1, name: "Book Fair", names: {}, amountCents: 40000 }]
 */
export function applyPromotions(input: PromotionInput): PromotionPricing {
  const { now } = input;
  const lines: PromotionLine[] = input.lines.map(({ item, quantity }) => ({
    type: item.type,
    id: item.id,
    quantity,
    listUnitCents: item.priceCents,
    unitCents: unitPrice(item, now),
    adjustments: [],
    totalCents: item.priceCents * quantity,
  }));
  const adjustments: OrderAdjustment[] = [];
  let code: CodeAnswer | null = null;
  for (const kind of ADJUSTMENT_KIND_ORDER) {
    const ruleLines: RuleLine[] = lines.map((line, i) => ({
      item: input.lines[i].item,
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
    }));
    const outcome = ADJUSTMENT_RULES[kind]({
      lines: ruleLines,
      campaigns: input.campaigns,
      offers: input.offers,
      code: input.code,
      deliveryFeeCents: input.deliveryFeeCents,
      now,
    });
    let taken = 0;
    outcome.lines.forEach((take, i) => {
      const line = lines[i];
      const cents = Math.min(Math.max(take?.amountCents ?? 0, 0), line.totalCents);
      if (!take || cents === 0) return;
      line.adjustments.push({ kind, ...take, names: { ...take.names }, amountCents: cents });
      line.totalCents -= cents;
      taken += cents;
    });
    if (outcome.order) {
      adjustments.push({
        kind,
        ...outcome.order,
        names: { ...outcome.order.names },
        amountCents: taken,
      });
      if (kind === "code" && outcome.order.sourceId !== null) {
        code = {
          kind: "applied",
          id: outcome.order.sourceId,
          code: normaliseCode(input.code?.typed ?? outcome.order.name ?? ""),
          savingCents: taken,
          freeDelivery: outcome.order.freeDelivery,
        };
      }
    }
    if (outcome.refusal) code = { kind: "refused", ...outcome.refusal };
  }
  const itemsCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const deliveryFeeCents = adjustments.some((a) => a.freeDelivery) ? 0 : input.deliveryFeeCents;
  return {
    lines,
    listItemsCents: lines.reduce((sum, l) => sum + l.listUnitCents * l.quantity, 0),
    itemsCents,
    adjustments,
    code,
    deliveryFeeCents,
    totalCents: itemsCents + deliveryFeeCents,
  };
}
