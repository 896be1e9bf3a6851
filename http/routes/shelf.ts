/**
 * The shelf prices of the products a storefront read answers with: the running campaigns
 * read once a request from the promotions (main.ts gives the cached store, so once in a
 * few seconds a process) and indexed once for each list of them it hands out.
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

const indexes = new WeakMap<readonly Campaign[], CampaignIndex>();

/** The campaigns running at `now`, indexed by scope; none without promotions. */
export async function runningCampaigns(
  promotions: Pick<PromotionStore, "runningRules"> | undefined,
  now: string,
): Promise<CampaignIndex> {
  if (!promotions) return NO_CAMPAIGNS;
  const { campaigns } = await promotions.runningRules(now);
  let index = indexes.get(campaigns);
  if (!index) {
    index = indexCampaigns(campaigns);
    indexes.set(campaigns, index);
  }
  return index;
}

/** A product as a storefront read needs it priced. */
export type ShelvedProduct = SaleFields & { id: number; categoryId: number; language?: string };

/**
 * The shelf price of each product, at `now`, under one read of the running campaigns.
 *
 * @example const shelve = await shelfPricer(deps.promotions, now); shelve("book", book)
 */
export async function shelfPricer(
  promotions: Pick<PromotionStore, "runningRules"> | undefined,
  now: string,
): Promise<(type: ItemType, product: ShelvedProduct) => ShelfPrice> {
  const index = await runningCampaigns(promotions, now);
  return (type, product) => shelfPrice(pricedProduct(type, product), index, now);
}
