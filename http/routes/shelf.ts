/**
 * The shelf prices of the products a storefront read answers with: the running campaigns
 * read once a request from the promotions (main.ts gives the cached store, so once in a
 * few seconds a process) and indexed once for each list of them it hands out, by a pricer
 * each route module makes for itself.
 */
import type { PromotionStore } from "../../domain/promotions/ports.ts";
import type { Campaign } from "../../domain/promotions/pricing.ts";
import {
  type CampaignIndex,
  indexCampaigns,
  NO_CAMPAIGNS,
  pricedProduct,
  type ShelfPrice,
  shelfPrice,
} from "../../domain/promotions/shelf_price.ts";
import type { SaleFields } from "../../domain/catalogue/sale_price.ts";
import type { ItemType } from "../../domain/orders/model.ts";

/** A product as a storefront read needs it priced. */
export type ShelvedProduct = SaleFields & { id: number; categoryId: number; language?: string };

/** The shelf price of each product at `now`, under one read of the running campaigns. */
export type ShelfPricer = (
  now: string,
) => Promise<(type: ItemType, product: ShelvedProduct) => ShelfPrice>;

/**
 * Shelf pricing over `promotions` (none: every price its own): each read of the running
 * campaigns is indexed once, and the index is kept for as long as the promotions hand out the
 * same list (the cached store keeps it while the rules are unchanged).
 *
 * @example const shelfPricer = shelfPricing(deps.promotions);
 *   const shelve = await shelfPricer(now); shelve("book", book)
 */
export function shelfPricing(
  promotions: Pick<PromotionStore, "runningRules"> | undefined,
): ShelfPricer {
  const indexes = new WeakMap<readonly Campaign[], CampaignIndex>();
  const runningCampaigns = async (now: string): Promise<CampaignIndex> => {
    if (!promotions) return NO_CAMPAIGNS;
    const { campaigns } = await promotions.runningRules(now);
    let index = indexes.get(campaigns);
    if (!index) {
      index = indexCampaigns(campaigns);
      indexes.set(campaigns, index);
    }
    return index;
  };
  return async (now) => {
    const index = await runningCampaigns(now);
    return (type, product) => shelfPrice(pricedProduct(type, product), index, now);
  };
}
