/**
 * The owner's work on promotions: the list with each one's state as of now and its use,
 * adding and changing (checked here: checks.ts, the shop's own products and categories, a
 * second campaign over the same scope at the same time, a code's spelling once), pausing,
 * ending now and deleting what no order used. Every write goes through the PromotionStore,
 * so a store wrapped around it (the storefront's cache) hears of it. Orders already placed
 * keep their own prices: nothing here touches them.
 */
import type { Catalogue } from "../catalogue/ports.ts";
import type { Clock } from "../ports.ts";
import type { OrderRepository } from "../orders/ports.ts";
import {
  campaignProblems,
  codeProblems,
  offerProblems,
  type PromotionProblem,
  type ScopedProduct,
  scopeRecordProblems,
  stackingCampaign,
} from "./checks.ts";
import type {
  KeptPromotion,
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionKind,
  PromotionStore,
} from "./ports.ts";
import { normaliseCode, type PromotionScope, type PromotionWindow } from "./pricing.ts";

/** Where a promotion stands at a moment. */
export const PROMOTION_STATES = ["running", "scheduled", "paused", "ended"] as const;
export type PromotionState = typeof PROMOTION_STATES[number];

/**
 * A promotion's state at `now`: ended once its end has come (whether paused or not), else
 * paused while paused, else scheduled before its start, else running.
 *
 * @example promotionState({ window: { startsAt: null, endsAt: "2026-01-01T00:00:00Z" }, paused: true }, "2026-02-01T00:00:00Z") // "ended"
 */
export function promotionState(
  promotion: { window: PromotionWindow; paused: boolean },
  now: string,
): PromotionState {
  const at = Date.parse(now);
  const { startsAt, endsAt } = promotion.window;
  if (endsAt !== null && Date.parse(endsAt) <= at) return "ended";
  if (promotion.paused) return "paused";
  if (startsAt !== null && at < Date.parse(startsAt)) return "scheduled";
  return "running";
}

export interface ManagePromotionsDeps {
  promotions: PromotionStore;
  clock: Clock;
  /** The products a scope names, with their prices. */
  orders: Pick<OrderRepository, "findSellable">;
  /** The categories a scope may name. */
  catalogue: Pick<Catalogue, "listCategories" | "listStationeryCategories">;
}

/** A promotion of any kind as the owner wrote it. */
export type PromotionDraft =
  | { kind: "campaign"; promotion: NewCampaign }
  | { kind: "offer"; promotion: NewOrderOffer }
  | { kind: "code"; promotion: NewDiscountCode };

/** A promotion as listed: what it is, its use, and its state now. */
export type ListedPromotion = KeptPromotion & { state: PromotionState };

export type SaveResult =
  | { kind: "ok"; saved: ListedPromotion }
  | { kind: "invalid"; problems: PromotionProblem[] }
  | { kind: "not_found" }
  /** Another code is spelt so, in some case. */
  | { kind: "duplicate_code"; code: string }
  /** Another campaign covers the same items at the same time. */
  | { kind: "stacks"; other: { id: number; name: string } }
  /** A code's cap below the orders holding it. */
  | { kind: "below_uses"; uses: number };

export type StepResult =
  | { kind: "ok"; saved: ListedPromotion }
  | { kind: "not_found" }
  /** `ended`: it has ended already; `not_started`: nothing to end yet (delete it instead). */
  | { kind: "refused"; reason: "ended" | "not_started" };

export type DeleteResult =
  | { kind: "deleted" }
  | { kind: "not_found" }
  /** An order got it (standing or not): it is ended instead. */
  | { kind: "in_use"; reason: "used" };

function now(deps: Pick<ManagePromotionsDeps, "clock">): string {
  return deps.clock.now().toISOString();
}

function listed(kept: KeptPromotion, at: string): ListedPromotion {
  return { ...kept, state: promotionState(kept.promotion, at) } as ListedPromotion;
}

/** Every promotion, each with its state now and its use. */
export async function listPromotions(
  deps: Pick<ManagePromotionsDeps, "promotions" | "clock">,
): Promise<ListedPromotion[]> {
  const at = now(deps);
  return (await deps.promotions.listPromotions()).map((kept) => listed(kept, at));
}

/** One promotion with its state now, or undefined. */
export async function getPromotion(
  deps: Pick<ManagePromotionsDeps, "promotions" | "clock">,
  kind: PromotionKind,
  id: number,
): Promise<ListedPromotion | undefined> {
  const kept = await deps.promotions.getPromotion(kind, id);
  return kept && listed(kept, now(deps));
}

/** What a scope's products and categories are in the shop's records. */
async function scopeProblemsOf(
  deps: ManagePromotionsDeps,
  scope: PromotionScope,
  benefit: Parameters<typeof scopeRecordProblems>[1],
): Promise<PromotionProblem[]> {
  if (scope.kind === "products") {
    const sellable = await deps.orders.findSellable([...scope.items]);
    const products: ScopedProduct[] = sellable.map((s) => ({
      type: s.type,
      id: s.id,
      title: s.title,
      priceCents: s.priceCents,
    }));
    return scopeRecordProblems(scope, benefit, { products, categoryIds: [] });
  }
  if (scope.kind === "categories") {
    const categories = scope.store === "book"
      ? await deps.catalogue.listCategories()
      : await deps.catalogue.listStationeryCategories();
    return scopeRecordProblems(scope, benefit, {
      products: [],
      categoryIds: categories.map((c) => c.id),
    });
  }
  return [];
}

/** A draft as it will be kept: a code in capitals, names trimmed, empty translations left out. */
function tidy(draft: PromotionDraft): PromotionDraft {
  if (draft.kind === "code") {
    return {
      kind: "code",
      promotion: { ...draft.promotion, code: normaliseCode(draft.promotion.code) },
    };
  }
  const names = Object.fromEntries(
    Object.entries(draft.promotion.names)
      .map(([language, text]) => [language, text?.trim()])
      .filter(([, text]) => text),
  );
  return {
    ...draft,
    promotion: { ...draft.promotion, name: draft.promotion.name.trim(), names },
  } as PromotionDraft;
}

function problemsOf(draft: PromotionDraft): PromotionProblem[] {
  switch (draft.kind) {
    case "campaign":
      return campaignProblems(draft.promotion);
    case "offer":
      return offerProblems(draft.promotion);
    case "code":
      return codeProblems(draft.promotion);
  }
}

/**
 * Adds `draft`, or when `id` is given replaces promotion `id` of its kind by it, after the
 * checks: the fields, the scope against the shop's records, and a campaign that would stack
 * with another over the same scope at the same time.
 *
 * @example await savePromotion(deps, { kind: "campaign", promotion: bookFair })
 */
export async function savePromotion(
  deps: ManagePromotionsDeps,
  written: PromotionDraft,
  id?: number,
): Promise<SaveResult> {
  const draft = tidy(written);
  const problems = problemsOf(draft);
  if (problems.length > 0) return { kind: "invalid", problems };
  if (id !== undefined && !(await deps.promotions.getPromotion(draft.kind, id))) {
    return { kind: "not_found" };
  }
  if (draft.kind !== "offer") {
    const benefit = draft.promotion.benefit;
    const found = await scopeProblemsOf(
      deps,
      draft.promotion.scope,
      draft.kind === "campaign" ? benefit : null,
    );
    if (found.length > 0) return { kind: "invalid", problems: found };
  }
  let savedId: number;
  switch (draft.kind) {
    case "campaign": {
      const others = (await deps.promotions.listPromotions())
        .filter((p): p is Extract<KeptPromotion, { kind: "campaign" }> =>
          p.kind === "campaign" && p.id !== id
        );
      const other = stackingCampaign(draft.promotion, others);
      if (other) return { kind: "stacks", other: { id: other.id, name: other.promotion.name } };
      if (id === undefined) savedId = (await deps.promotions.addCampaign(draft.promotion)).id;
      else if (!(await deps.promotions.changeCampaign(id, draft.promotion))) {
        return { kind: "not_found" };
      } else savedId = id;
      break;
    }
    case "offer":
      if (id === undefined) savedId = (await deps.promotions.addOffer(draft.promotion)).id;
      else if (!(await deps.promotions.changeOffer(id, draft.promotion))) {
        return { kind: "not_found" };
      } else savedId = id;
      break;
    case "code": {
      const result = id === undefined
        ? await deps.promotions.addCode(draft.promotion)
        : await deps.promotions.changeCode(id, draft.promotion);
      if (result.kind === "duplicate") {
        return { kind: "duplicate_code", code: draft.promotion.code };
      }
      if (result.kind !== "ok") return result;
      savedId = result.code.id;
      break;
    }
  }
  const saved = await getPromotion(deps, draft.kind, savedId);
  return saved ? { kind: "ok", saved } : { kind: "not_found" };
}

/** Pauses or resumes one; an ended one has nothing to pause. */
export async function pausePromotion(
  deps: Pick<ManagePromotionsDeps, "promotions" | "clock">,
  kind: PromotionKind,
  id: number,
  paused: boolean,
): Promise<StepResult> {
  const found = await getPromotion(deps, kind, id);
  if (!found) return { kind: "not_found" };
  if (found.state === "ended") return { kind: "refused", reason: "ended" };
  if (!(await deps.promotions.setPaused(kind, id, paused))) return { kind: "not_found" };
  const saved = await getPromotion(deps, kind, id);
  return saved ? { kind: "ok", saved } : { kind: "not_found" };
}

/**
 * Ends one now: its window's end becomes this moment. One that has ended already is left
 * as it is; one that has not started is deleted rather than ended (no order can have it).
 */
export async function endPromotion(
  deps: Pick<ManagePromotionsDeps, "promotions" | "clock">,
  kind: PromotionKind,
  id: number,
): Promise<StepResult> {
  const at = now(deps);
  const found = await getPromotion(deps, kind, id);
  if (!found) return { kind: "not_found" };
  if (found.state === "ended") return { kind: "refused", reason: "ended" };
  const { startsAt } = found.promotion.window;
  if (startsAt !== null && Date.parse(at) <= Date.parse(startsAt)) {
    return { kind: "refused", reason: "not_started" };
  }
  if (!(await deps.promotions.endPromotion(kind, id, at))) return { kind: "not_found" };
  const saved = await getPromotion(deps, kind, id);
  return saved ? { kind: "ok", saved } : { kind: "not_found" };
}

/**
 * Deletes one no order used: one that any order got, standing or not, is refused by the
 * store, and is ended instead.
 */
export async function deletePromotion(
  deps: Pick<ManagePromotionsDeps, "promotions" | "clock">,
  kind: PromotionKind,
  id: number,
): Promise<DeleteResult> {
  const found = await deps.promotions.getPromotion(kind, id);
  if (!found) return { kind: "not_found" };
  if (found.usage.uses !== null && found.usage.uses > 0) return { kind: "in_use", reason: "used" };
  const deleted = await deps.promotions.deletePromotion(kind, id);
  return deleted === "deleted"
    ? { kind: "deleted" }
    : deleted === "not_found"
    ? { kind: "not_found" }
    : { kind: "in_use", reason: "used" };
}
