/**
 * The shelf price: what one copy of a product costs now, as the storefront shows it beside
 * its usual price on every card, page and JSON-LD offer. It is the pricing rule's first two
 * steps (pricing.ts) for one copy: the sale price while its days run, then the best running
 * campaign covering the product; order offers and codes depend on the cart, never on one
 * copy, so they are not on the shelf.
 *
 * Listings price a page of products against every running campaign, so campaigns are
 * indexed once by what their scope names (the whole shop, a store, a category, a product,
 * a book language): a product looks up only the campaigns that can cover it, however many
 * the shop runs.
 */
import type { Cents } from "../money.ts";
import type { Locale } from "../i18n/language.ts";
import type { ItemType } from "../orders/model.ts";
import { type SaleFields, saleOf } from "../catalogue/sale_price.ts";
import {
  bestCampaign,
  type Campaign,
  inWindow,
  type PricedItem,
  type PromotionNames,
  unitPrice,
} from "./pricing.ts";

/** Running campaigns by what their scopes name. */
export interface CampaignIndex {
  shop: readonly Campaign[];
  byStore: ReadonlyMap<ItemType, readonly Campaign[]>;
  /** Keyed `store:categoryId`. */
  byCategory: ReadonlyMap<string, readonly Campaign[]>;
  /** Keyed `type:id`. */
  byProduct: ReadonlyMap<string, readonly Campaign[]>;
  byLanguage: ReadonlyMap<string, readonly Campaign[]>;
  /**
   * Each indexed campaign's window as milliseconds, read once: [start or -Infinity, end or
   * Infinity). A listing prices each card against every campaign covering it (a category's,
   * a language's: a dozen or more), and reading their times again for each card took a
   * twentieth of a listing's time under load (docs/benchmarks.md, item 63).
   */
  windows: ReadonlyMap<Campaign, readonly [number, number]>;
}

function push<K>(map: Map<K, Campaign[]>, key: K, campaign: Campaign): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== campaign) list.push(campaign);
  } else map.set(key, [campaign]);
}

/**
 * The campaigns indexed by their scopes, in one pass over them (paused ones left out).
 *
 * @example campaignsCovering(indexCampaigns([bookFair]), aSinhalaNovel) // [bookFair]
 */
export function indexCampaigns(campaigns: readonly Campaign[]): CampaignIndex {
  const shop: Campaign[] = [];
  const byStore = new Map<ItemType, Campaign[]>();
  const byCategory = new Map<string, Campaign[]>();
  const byProduct = new Map<string, Campaign[]>();
  const byLanguage = new Map<string, Campaign[]>();
  const windows = new Map<Campaign, readonly [number, number]>();
  for (const campaign of campaigns) {
    if (campaign.paused) continue;
    const { startsAt, endsAt } = campaign.window;
    // A time that is no instant stays NaN: no moment is within it, as inWindow says.
    windows.set(campaign, [
      startsAt === null ? -Infinity : Date.parse(startsAt),
      endsAt === null ? Infinity : Date.parse(endsAt),
    ]);
    const scope = campaign.scope;
    switch (scope.kind) {
      case "shop":
        shop.push(campaign);
        break;
      case "store":
        push(byStore, scope.store, campaign);
        break;
      case "categories":
        for (const id of scope.ids) push(byCategory, `${scope.store}:${id}`, campaign);
        break;
      case "products":
        for (const item of scope.items) push(byProduct, `${item.type}:${item.id}`, campaign);
        break;
      case "language":
        push(byLanguage, scope.language, campaign);
        break;
    }
  }
  return { shop, byStore, byCategory, byProduct, byLanguage, windows };
}

/** The index of no campaigns. */
export const NO_CAMPAIGNS: CampaignIndex = indexCampaigns([]);

/** The campaigns whose scope covers `item`: a handful of look-ups, never a scan of them all. */
export function campaignsCovering(
  index: CampaignIndex,
  item: Pick<PricedItem, "type" | "id" | "categoryId" | "language">,
): Campaign[] {
  return [
    ...index.shop,
    ...index.byStore.get(item.type) ?? [],
    ...index.byCategory.get(`${item.type}:${item.categoryId}`) ?? [],
    ...index.byProduct.get(`${item.type}:${item.id}`) ?? [],
    ...(item.language === null ? [] : index.byLanguage.get(item.language) ?? []),
  ];
}

/**
 * A book or a stationery item as the pricing rule reads it: where it belongs and its sale.
 *
 * @example pricedProduct("book", book).sale // its sale price with its days as moments, or null
 */
export function pricedProduct(
  type: ItemType,
  product: SaleFields & { id: number; categoryId: number; language?: string },
): PricedItem {
  return {
    type,
    id: product.id,
    categoryId: product.categoryId,
    language: product.language ?? null,
    priceCents: product.priceCents,
    sale: saleOf(product),
  };
}

/** A product as the storefront shows it: with what one copy costs now (null: its usual price). */
export type Shelved<T> = T & { shelf?: ShelfPrice | null };

/** What one copy costs now, and why. */
export interface ShelfPrice {
  /** What one copy costs now. */
  unitCents: Cents;
  /** Its usual price. */
  usualCents: Cents;
  /** The usual price less what it costs now; 0 when nothing applies. */
  savingCents: Cents;
  /** Whether its sale price gave (part of) the saving. */
  sale: boolean;
  /** The campaign that took the rest off, with its names for the shopper's language. */
  campaign: { id: number; name: string; names: PromotionNames } | null;
  /** When the price stops holding (ISO 8601): the earliest end of what applied; null for none. */
  until: string | null;
}

/**
 * What one copy of `item` costs at `now`: its sale price while the sale's days run, less the
 * best running campaign that covers it (the largest saving, the lowest id on a tie), as the
 * order would price it; with its usual price, the saving, what gave it and until when.
 *
 * @example shelfPrice(book1000, indexCampaigns([twentyOff]), now)
 *   // { unitCents: 80000, usualCents: 100000, savingCents: 20000, sale: false, campaign: { id: 1, ... }, until: "2026-09-28T18:30:00.000Z" }
 */
export function shelfPrice(item: PricedItem, index: CampaignIndex, now: string): ShelfPrice {
  const saleCents = unitPrice(item, now);
  const sale = saleCents < item.priceCents;
  const covering = campaignsCovering(index, item);
  const at = Date.parse(now);
  const best = bestCampaign(covering, item, saleCents, 1, now, (campaign) => {
    const window = index.windows.get(campaign);
    if (!window) return inWindow(campaign.window, now);
    const [start, end] = window;
    return (start === -Infinity || start <= at) && (end === Infinity || at < end);
  });
  const campaign = best ? covering.find((c) => c.id === best.id)! : null;
  const unitCents = saleCents - (best?.savingCents ?? 0);
  const ends = [
    sale ? item.sale!.endsAt : null,
    campaign ? campaign.window.endsAt : null,
  ].filter((end): end is string => end !== null).sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    unitCents,
    usualCents: item.priceCents,
    savingCents: item.priceCents - unitCents,
    sale,
    campaign: campaign
      ? { id: campaign.id, name: campaign.name, names: { ...campaign.names } }
      : null,
    until: ends[0] ?? null,
  };
}

/**
 * A promotion's name in the shopper's language: its Sinhala or Tamil name when the owner
 * gave one, else its English name.
 *
 * @example promotionNameIn({ name: "Book Fair", names: { si: "පොත් ප්‍රදර්ශනය" } }, "ta") // "Book Fair"
 */
export function promotionNameIn(
  promotion: { name: string; names?: PromotionNames },
  language: Locale,
): string {
  const own = language === "en" ? undefined : promotion.names?.[language]?.trim();
  return own ? own : promotion.name;
}
