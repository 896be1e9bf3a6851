/**
 * Where promotions are kept: the rules running at a moment (read at every pricing), a code
 * found by what a shopper typed, and the owner's additions and pauses. Uses of a code are
 * counted with the order that holds them (the order repository's, in the order's own
 * transaction), so they are not here.
 */
import type {
  Campaign,
  DiscountCode,
  OrderOffer,
  PromotionNames,
  PromotionWindow,
} from "./pricing.ts";

export type { PromotionNames };

export type NewCampaign = Omit<Campaign, "id"> & { names: PromotionNames };
export type NewOrderOffer = Omit<OrderOffer, "id"> & { names: PromotionNames };
export type NewDiscountCode = Omit<DiscountCode, "id" | "usesLeft"> & {
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

export type PromotionKind = "campaign" | "offer" | "code";

export interface PromotionStore {
  /**
   * The campaigns and order offers not paused whose window holds `now` (ISO 8601); each
   * campaign with its Sinhala and Tamil names.
   */
  runningRules(now: string): Promise<{ campaigns: Campaign[]; offers: OrderOffer[] }>;
  /** The code of that spelling, whatever its case; undefined when there is none. */
  findCode(typed: string): Promise<DiscountCode | undefined>;
  addCampaign(campaign: NewCampaign): Promise<Campaign>;
  addOffer(offer: NewOrderOffer): Promise<OrderOffer>;
  /** Adds a code; `duplicate` when one of the same spelling (any case) exists. */
  addCode(
    code: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }>;
  /** Pauses or resumes one; false when there is no such promotion. */
  setPaused(kind: PromotionKind, id: number, paused: boolean): Promise<boolean>;
}

/** Whether two windows share a moment (open ends run for ever). */
export function windowsOverlap(a: PromotionWindow, b: PromotionWindow): boolean {
  const start = (w: PromotionWindow) => (w.startsAt === null ? -Infinity : Date.parse(w.startsAt));
  const end = (w: PromotionWindow) => (w.endsAt === null ? Infinity : Date.parse(w.endsAt));
  return start(a) < end(b) && start(b) < end(a);
}
