/**
 * Where promotions are kept: the rules running at a moment (read at every pricing), a code
 * found by what a shopper typed, and the owner's work on them (every promotion with what
 * the placed orders say of its use; additions, changes, pauses, ends and deletions). Uses
 * of a code are counted with the order that holds them (the order repository's, in the
 * order's own transaction), so they are not written here.
 *
 * Every write of a promotion goes through this port, so that a store wrapped around it (the
 * storefront's cache of the running rules) learns of each change.
 */
import type { Cents } from "../money.ts";
import type { Campaign, DiscountCode, OrderOffer, PromotionWindow } from "./pricing.ts";
import type { PromotionNames } from "./names.ts";

export type { PromotionNames };

export type NewCampaign = Omit<Campaign, "id" | "names"> & { names: PromotionNames };
export type NewOrderOffer = Omit<OrderOffer, "id" | "names"> & { names: PromotionNames };
export type NewDiscountCode = Omit<DiscountCode, "id" | "usesLeft"> & {
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

export type PromotionKind = "campaign" | "offer" | "code";
export const PROMOTION_KINDS = ["campaign", "offer", "code"] as const;

/**
 * What the placed orders say of a promotion's use, from the orders that got it and still
 * stand (a rejected or lapsed order gives it back). `uses`: for a code, the orders holding
 * it now; for a campaign, the orders with a line that got it; for an offer, the orders that
 * got it. `savingCents`: what it took off them (a campaign its lines', an offer and a code
 * their shares of the orders' items; a free delivery is not counted in money).
 */
export interface PromotionUsage {
  uses: number;
  savingCents: Cents;
}

/** A promotion as the owner sees it: what it is, and its use so far. */
export type KeptPromotion =
  | { kind: "campaign"; id: number; promotion: NewCampaign; usage: PromotionUsage }
  | { kind: "offer"; id: number; promotion: NewOrderOffer; usage: PromotionUsage }
  | { kind: "code"; id: number; promotion: NewDiscountCode; usage: PromotionUsage };

export type CodeChange =
  | { kind: "ok"; code: DiscountCode }
  | { kind: "not_found" }
  | { kind: "duplicate" }
  /** Its cap would be below the orders holding it: `uses` of them. */
  | { kind: "below_uses"; uses: number };

export type PromotionDeletion = "deleted" | "not_found" | "in_use";

export interface PromotionStore {
  /**
   * The campaigns and order offers not paused whose window holds `now` (ISO 8601), each
   * with its Sinhala and Tamil names when it has them.
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
  /** Every promotion of every kind with its use, each kind oldest first. */
  listPromotions(): Promise<KeptPromotion[]>;
  /** One promotion with its use; undefined when there is none. */
  getPromotion(kind: PromotionKind, id: number): Promise<KeptPromotion | undefined>;
  /**
   * Replaces what a campaign is (name, names, scope, benefit, window, pause); undefined when
   * there is none. Orders already placed keep their own prices.
   */
  changeCampaign(id: number, campaign: NewCampaign): Promise<Campaign | undefined>;
  /** Replaces what an offer is; undefined when there is none. */
  changeOffer(id: number, offer: NewOrderOffer): Promise<OrderOffer | undefined>;
  /**
   * Replaces what a code is, its spelling too (`duplicate` when another code has it, in any
   * case); a cap below the orders holding it is refused (`below_uses`).
   */
  changeCode(id: number, code: NewDiscountCode): Promise<CodeChange>;
  /** Ends one at `at` (ISO 8601): its window's end becomes `at`; false when there is none. */
  endPromotion(kind: PromotionKind, id: number, at: string): Promise<boolean>;
  /** Deletes one no order has used (`in_use` otherwise: a code any order ever held). */
  deletePromotion(kind: PromotionKind, id: number): Promise<PromotionDeletion>;
}

/** Whether two windows share a moment (open ends run for ever). */
export function windowsOverlap(a: PromotionWindow, b: PromotionWindow): boolean {
  const start = (w: PromotionWindow) => (w.startsAt === null ? -Infinity : Date.parse(w.startsAt));
  const end = (w: PromotionWindow) => (w.endsAt === null ? Infinity : Date.parse(w.endsAt));
  return start(a) < end(b) && start(b) < end(a);
}
