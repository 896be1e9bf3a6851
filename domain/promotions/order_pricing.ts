/**
 * An order's lines under the shop's promotions: the lines `priceOrder` made from the shop's
 * items (their usual prices), priced again by `applyPromotions`, each keeping its sale
 * price as its unit price and what the rest took off as its saving; and the order's totals
 * with the delivery an offer or a code may have made free.
 */
import type { Cents } from "../money.ts";
import type { OrderLine } from "../orders/model.ts";
import type { SellableItem } from "../orders/ports.ts";
import { lineTotalCents } from "../orders/line_total.ts";
import {
  applyPromotions,
  type Campaign,
  type DiscountCode,
  type OrderOffer,
  type PricedItem,
  type PromotionPricing,
} from "./pricing.ts";

export interface PromotedOrder {
  lines: OrderLine[];
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
 * A line's unit price becomes its item's sale price while the sale runs at `now`; its saving is its campaign's, its share of
 * an order offer and its share of the code.
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
  const promoted = lines.map((line, i) => {
    const priced = pricing.lines[i];
    const savingCents = (priced.campaign?.savingCents ?? 0) + priced.offerSavingCents +
      priced.codeSavingCents;
    return { ...line, unitPriceCents: priced.unitCents, savingCents };
  });
  return {
    lines: promoted,
    totalCents: promoted.reduce((sum, line) => sum + lineTotalCents(line), 0),
    deliveryFeeCents: pricing.deliveryFeeCents,
    pricing,
  };
}
