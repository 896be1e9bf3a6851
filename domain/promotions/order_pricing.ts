/**
 * An order's lines under the shop's promotions: the lines `priceOrder` made from the shop's
 * items (their usual prices), priced again by `applyPromotions`, each keeping its usual
 * price, its sale price as its unit price and what changed its price as adjustments (its
 * sale price, its campaign, its shares of the offer and the code, with their names as they
 * are now); what the order as a whole got (the offer, the code); and the order's totals with
 * the delivery an offer or a code may have made free. The order keeps all of it: a
 * promotion edited later changes nothing placed.
 */
import type { Cents } from "../money.ts";
import type { OrderLine } from "../orders/model.ts";
import type { SellableItem } from "../orders/ports.ts";
import { lineTotalCents } from "../orders/line_total.ts";
import type { OrderAdjustment } from "../pricing/adjustment_kinds.ts";
import type { Campaign, DiscountCode, OrderOffer, PricedItem } from "./pricing.ts";
import { applyPromotions, type PromotionPricing } from "./apply_promotions.ts";

export interface PromotedOrder {
  lines: OrderLine[];
  /** What the order as a whole got (its offer, its code), in the order applied. */
  adjustments: OrderAdjustment[];
  /** The items after every saving. */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  pricing: PromotionPricing;
}

/** The facts promotions read of an item, from what the shop sells: its sale price too. */
export function pricedItem(item: SellableItem): PricedItem {
  return {
    type: item.type,
    id: item.id,
    categoryId: item.categoryId,
    language: item.language,
    priceCents: item.priceCents,
    sale: item.sale,
  };
}

/**
 * Prices `lines` (one per item, as `priceOrder` made them) under the running promotions.
 * A line keeps its usual price as `listUnitCents`; its unit price becomes its item's sale
 * price while the sale runs at `now`; its adjustments say what each kind took off it.
 *
 * @example promoteOrder(lines, sellable, { campaigns: [twentyOff], offers: [], code: null, deliveryFeeCents: 40000, now })
 */
export function promoteOrder(
  lines: readonly OrderLine[],
  sellable: readonly SellableItem[],
  rules: {
    campaigns: readonly Campaign[];
    offers: readonly OrderOffer[];
    code: { typed: string; found: DiscountCode | undefined } | null;
    deliveryFeeCents: Cents;
    now: string;
  },
): PromotedOrder {
  const byKey = new Map(sellable.map((item) => [`${item.type}:${item.id}`, item]));
  const pricing = applyPromotions({
    lines: lines.map((line) => {
      const key = `${line.type}:${line.itemId}`;
      const item = byKey.get(key);
      if (!item) throw new Error(`No sellable item for ${key}`);
      return { item: pricedItem(item), quantity: line.quantity };
    }),
    campaigns: rules.campaigns,
    offers: rules.offers,
    code: rules.code,
    deliveryFeeCents: rules.deliveryFeeCents,
    now: rules.now,
  });
  const promoted = lines.map((line, i): OrderLine => {
    const priced = pricing.lines[i];
    return {
      ...line,
      listUnitCents: priced.listUnitCents,
      unitPriceCents: priced.unitCents,
      adjustments: priced.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
    };
  });
  return {
    lines: promoted,
    adjustments: pricing.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
    totalCents: promoted.reduce((sum, line) => sum + lineTotalCents(line), 0),
    deliveryFeeCents: pricing.deliveryFeeCents,
    pricing,
  };
}
