/** The admin's calls of the promotion routes, each on its place in contract/paths.ts. */
import type { ApiClient } from "../api.ts";
import type { PaymentMethod } from "../../../domain/orders/model.ts";
import {
  CAMPAIGN_PATHS,
  CODE_PATHS,
  OFFER_PATHS,
  PROMOTION_PATHS,
} from "../../../contract/admin_paths.ts";
import type {
  WireFreeItems,
  WirePreview,
  WirePromotion,
  WirePromotionList,
} from "../../../contract/promotions.ts";
import type { PromotionKind } from "./promotion_forms.ts";

const PATHS = { campaign: CAMPAIGN_PATHS, offer: OFFER_PATHS, code: CODE_PATHS } as const;

export async function listPromotions(api: ApiClient): Promise<WirePromotionList> {
  return (await api.call(PROMOTION_PATHS.list)).data;
}

/**
 * Adds a promotion, or replaces promotion `id` of its kind, with `body` (bodyOf's: the
 * shop checks it again by its own schema and rules).
 */
export async function savePromotion(
  api: ApiClient,
  kind: PromotionKind,
  body: Record<string, unknown>,
  id?: number,
): Promise<WirePromotion> {
  const paths = PATHS[kind];
  // deno-lint-ignore no-explicit-any
  const json = body as any;
  const answer = id === undefined
    ? await api.call(paths.add, { json })
    : await api.call(paths.change, { params: { id }, json });
  return answer.data as WirePromotion;
}

export type PromotionStep = "pause" | "resume" | "end";

export async function stepPromotion(
  api: ApiClient,
  kind: PromotionKind,
  id: number,
  step: PromotionStep,
): Promise<WirePromotion> {
  return (await api.call(PATHS[kind][step], { params: { id } })).data as WirePromotion;
}

export async function deletePromotion(api: ApiClient, kind: PromotionKind, id: number) {
  await api.call(PATHS[kind].remove, { params: { id } });
}

export async function previewCart(
  api: ApiClient,
  cart: {
    items: { type: "book" | "stationery"; id: number; quantity: number }[];
    paymentMethod: PaymentMethod;
    code?: string;
  },
): Promise<WirePreview> {
  return (await api.call(PROMOTION_PATHS.preview, { json: cart })).data;
}

/** The items a campaign of this scope and benefit would make free (changes nothing). */
export async function freeItemsOf(
  api: ApiClient,
  draft: { scope: unknown; benefit: unknown },
): Promise<WireFreeItems> {
  // deno-lint-ignore no-explicit-any
  return (await api.call(PROMOTION_PATHS.freeItems, { json: draft as any })).data;
}
