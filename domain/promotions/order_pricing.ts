/**
 * An order's lines under the shop's promotions: the lines `priceOrder` made from the shop's
 * items (their usual prices), priced again by `applyPromotions`, each keeping its usual
 * price, its sale price as its unit price, what the rest took off as its saving and what
 * gave it (its campaign, its shares of the offer and the code); the order's offer and code
 * as they are now; and the order's totals with the delivery an offer or a code may have
 * made free. The order keeps all of it: a promotion edited later changes nothing placed.
 */
import type { Cents } from "../money.ts";
import type { OrderLine, OrderPromotion } from "../orders/model.ts";
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
  /** The order offer and the code that gave something, offer first. */
  promotions: OrderPromotion[];
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

/** The order offer and the applied code of `pricing`, as an order keeps them. */
export function orderPromotions(
  pricing: Pick<PromotionPricing, "offer" | "code">,
  found?: DiscountCode,
): OrderPromotion[] {
  const kept: OrderPromotion[] = [];
  const { offer, code } = pricing;
  if (offer) {
    kept.push({
      kind: "offer",
      id: offer.id,
      name: offer.name,
      names: { ...offer.names },
      savingCents: offer.savingCents,
      freeDelivery: offer.freeDelivery,
    });
  }
  if (code?.kind === "applied") {
    kept.push({
      kind: "code",
      id: code.id,
      // The shop's own spelling of the code, whatever case the shopper typed.
      name: found?.id === code.id ? found.code : code.code,
      names: {},
      savingCents: code.savingCents,
      freeDelivery: code.freeDelivery,
    });
  }
  return kept;
}

/**
 * Prices `lines` (one per item, as `priceOrder` made them) under the running promotions.
 * A line keeps its usual price as `listUnitCents`; its unit price becomes its item's sale
 * price while the sale runs at `now`; its saving is its campaign's, its share of an order
 * offer and its share of the code, each kept apart with the campaign's names.
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
    const campaign = priced.campaign && {
      id: priced.campaign.id,
      name: priced.campaign.name,
      names: { ...priced.campaign.names },
      savingCents: priced.campaign.savingCents,
    };
    const savingCents = (campaign?.savingCents ?? 0) + priced.offerSavingCents +
      priced.codeSavingCents;
    return {
      ...line,
      listUnitCents: priced.listUnitCents,
      unitPriceCents: priced.unitCents,
      savingCents,
      campaign,
      offerSavingCents: priced.offerSavingCents,
      codeSavingCents: priced.codeSavingCents,
    };
  });
  return {
    lines: promoted,
    promotions: orderPromotions(pricing, rules.code?.found),
    totalCents: promoted.reduce((sum, line) => sum + lineTotalCents(line), 0),
    deliveryFeeCents: pricing.deliveryFeeCents,
    pricing,
  };
}
