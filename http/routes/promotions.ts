/**
 * /api/promotions: the owner's campaigns, order offers and discount codes, and the preview
 * of a cart (domain/promotions/manage_promotions.ts, price_cart.ts). The requests are
 * checked by their schemas (contract/promotions.ts: times written in Asia/Colombo, money in
 * rupees); the shop's own rules by the use cases. Every write goes through the promotion
 * store the app was given, so a store wrapped around it hears of each change.
 */
import { Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import { centsToRupees } from "../../domain/money.ts";
import { refusal } from "./orders.ts";
import type { PromotionKind, PromotionStore } from "../../domain/promotions/ports.ts";
import type { ItemBenefit } from "../../domain/promotions/pricing.ts";
import {
  deletePromotion,
  type DeleteResult,
  endPromotion,
  getPromotion,
  type ListedPromotion,
  listPromotions,
  pausePromotion,
  type PromotionDraft,
  savePromotion,
  type SaveResult,
  type StepResult,
} from "../../domain/promotions/manage_promotions.ts";
import { cartBreakdown, priceCart } from "../../domain/promotions/price_cart.ts";
import { breakdownRecord } from "../../domain/pricing/breakdown_record.ts";
import { freeItems } from "../../domain/promotions/free_items.ts";
import { instantToColomboLocal } from "../../domain/promotions/colombo_time.ts";
import {
  CAMPAIGN_ROUTES,
  CODE_ROUTES,
  OFFER_ROUTES,
  PROMOTION_ROUTES,
} from "../../contract/routes/mod.ts";
import type {
  campaignBody,
  codeBody,
  offerBody,
  WireCampaign,
  WireCode,
  WireOffer,
  WirePreview,
  WirePromotion,
} from "../../contract/promotions.ts";
import { ApiError, notFound, validationFailed } from "../middleware/errors.ts";
import { serve } from "./route_spec.ts";
import { CODE_NOT_APPLIED } from "./orders.ts";

const BASE = "/api/promotions";

/** What the promotion routes use. */
export type PromotionRoutesDeps = Pick<
  AppDeps,
  "promotions" | "clock" | "orders" | "catalogue" | "feeRules"
>;

/** Each kind's words in answers. */
const NAMES: Record<PromotionKind, { one: string; the: string }> = {
  campaign: { one: "Campaign", the: "This campaign" },
  offer: { one: "Order offer", the: "This order offer" },
  code: { one: "Discount code", the: "This discount code" },
};

function benefitRecord(benefit: ItemBenefit | { kind: "free_delivery" }) {
  if (benefit.kind === "percent") {
    return { kind: "percent" as const, percent: benefit.basisPoints / 100 };
  }
  if (benefit.kind === "amount") {
    return { kind: "amount" as const, amount: centsToRupees(benefit.cents) };
  }
  return { kind: "free_delivery" as const };
}

/** A promotion as the API answers it. */
export function promotionRecord(listed: ListedPromotion): WirePromotion {
  const { window, paused } = listed.promotion;
  const common = {
    id: listed.id,
    starts_at: window.startsAt,
    ends_at: window.endsAt,
    starts_at_local: window.startsAt === null ? null : instantToColomboLocal(window.startsAt),
    ends_at_local: window.endsAt === null ? null : instantToColomboLocal(window.endsAt),
    paused,
    state: listed.state,
    uses: listed.usage.uses,
    saving: centsToRupees(listed.usage.savingCents),
  };
  switch (listed.kind) {
    case "campaign": {
      const p = listed.promotion;
      return {
        kind: "campaign",
        name: p.name,
        names: { si: p.names.si ?? null, ta: p.names.ta ?? null },
        scope: p.scope as WireCampaign["scope"],
        benefit: benefitRecord(p.benefit) as WireCampaign["benefit"],
        ...common,
      };
    }
    case "offer": {
      const p = listed.promotion;
      return {
        kind: "offer",
        name: p.name,
        names: { si: p.names.si ?? null, ta: p.names.ta ?? null },
        minimum: centsToRupees(p.minItemsCents),
        benefit: p.benefit.kind === "free_delivery"
          ? { kind: "free_delivery" }
          : { kind: "amount_off", amount: centsToRupees(p.benefit.cents) },
        ...common,
      };
    }
    case "code": {
      const p = listed.promotion;
      return {
        kind: "code",
        code: p.code,
        benefit: benefitRecord(p.benefit),
        minimum: centsToRupees(p.minItemsCents),
        scope: p.scope as WireCode["scope"],
        max_uses: p.maxUses,
        max_uses_per_customer: p.maxUsesPerCustomer,
        ...common,
      };
    }
  }
}

/** Names in Sinhala and Tamil as kept: a blank or null one is none. */
function namesOf(names: { si?: string | null; ta?: string | null }) {
  return {
    ...(names.si ? { si: names.si } : {}),
    ...(names.ta ? { ta: names.ta } : {}),
  };
}

function campaignDraft(body: z.output<typeof campaignBody>): PromotionDraft {
  return {
    kind: "campaign",
    promotion: {
      name: body.name,
      names: namesOf(body.names),
      scope: body.scope,
      benefit: body.benefit.kind === "percent"
        ? { kind: "percent", basisPoints: body.benefit.percent }
        : { kind: "amount", cents: body.benefit.amount },
      window: { startsAt: body.startsAt, endsAt: body.endsAt },
      paused: body.paused,
    },
  };
}

function offerDraft(body: z.output<typeof offerBody>): PromotionDraft {
  return {
    kind: "offer",
    promotion: {
      name: body.name,
      names: namesOf(body.names),
      minItemsCents: body.minimum,
      benefit: body.benefit.kind === "free_delivery"
        ? { kind: "free_delivery" }
        : { kind: "amount_off", cents: body.benefit.amount },
      window: { startsAt: body.startsAt, endsAt: body.endsAt },
      paused: body.paused,
    },
  };
}

function codeDraft(body: z.output<typeof codeBody>): PromotionDraft {
  return {
    kind: "code",
    promotion: {
      code: body.code,
      benefit: body.benefit.kind === "percent"
        ? { kind: "percent", basisPoints: body.benefit.percent }
        : body.benefit.kind === "amount"
        ? { kind: "amount", cents: body.benefit.amount }
        : { kind: "free_delivery" },
      minItemsCents: body.minimum,
      scope: body.scope,
      window: { startsAt: body.startsAt, endsAt: body.endsAt },
      paused: body.paused,
      maxUses: body.maxUses,
      maxUsesPerCustomer: body.maxUsesPerCustomer,
    },
  };
}

/** A save's answer, or the error that says why not. */
function savedOrThrow(result: SaveResult, kind: PromotionKind, id?: number): WirePromotion {
  switch (result.kind) {
    case "ok":
      return promotionRecord(result.saved);
    case "invalid":
      throw validationFailed(result.problems);
    case "not_found":
      throw notFound(NAMES[kind].one, id ?? "");
    case "duplicate_code":
      throw new ApiError(
        409,
        "DUPLICATE",
        `A discount code spelt ${result.code} exists already (codes are matched in any case)`,
        [{ field: "code", message: "is another code's, in some case" }],
      );
    case "stacks": {
      const message =
        `overlaps campaign "${result.other.name}" (${result.other.id}) over the same items`;
      throw new ApiError(
        409,
        "CONFLICT",
        `Campaign "${result.other.name}" (${result.other.id}) covers the same items at the same time: the two would stack twice. Change this one's window or scope, or end that one first`,
        [{ field: "startsAt", message }, { field: "endsAt", message }],
      );
    }
    case "below_uses":
      throw new ApiError(
        409,
        "CONFLICT",
        `${result.uses} orders hold this code: its cap cannot be below ${result.uses}`,
        [{ field: "maxUses", message: `must be at least ${result.uses}, the orders holding it` }],
      );
  }
}

function steppedOrThrow(result: StepResult, kind: PromotionKind, id: number): WirePromotion {
  switch (result.kind) {
    case "ok":
      return promotionRecord(result.saved);
    case "not_found":
      throw notFound(NAMES[kind].one, id);
    case "refused":
      throw new ApiError(
        409,
        "INVALID_STATE",
        result.reason === "ended"
          ? `${NAMES[kind].the} has ended already`
          : `${NAMES[kind].the} has not started yet: delete it instead (no order can have it)`,
      );
  }
}

function deletedOrThrow(result: DeleteResult, kind: PromotionKind, id: number): void {
  if (result.kind === "deleted") return;
  if (result.kind === "not_found") throw notFound(NAMES[kind].one, id);
  throw new ApiError(
    409,
    "IN_USE",
    `${NAMES[kind].the} was given to orders: end it instead`,
  );
}

/** A shop that keeps no promotions has none to show, change or delete. */
function storeOrThrow(promotions: PromotionStore | undefined): PromotionStore {
  if (!promotions) throw new ApiError(404, "NOT_FOUND", "This shop keeps no promotions");
  return promotions;
}

const KIND_ROUTES = [
  { kind: "campaign", routes: CAMPAIGN_ROUTES, draft: campaignDraft },
  { kind: "offer", routes: OFFER_ROUTES, draft: offerDraft },
  { kind: "code", routes: CODE_ROUTES, draft: codeDraft },
] as const;

/** The promotion routes; mount at /api/promotions. */
export function promotionRoutes(deps: PromotionRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const manage = () => ({
    promotions: storeOrThrow(deps.promotions),
    clock: deps.clock,
    orders: deps.orders,
    catalogue: deps.catalogue,
  });

  serve(app, BASE, PROMOTION_ROUTES.list, async (c) => {
    const all = deps.promotions ? await listPromotions(manage()) : [];
    const records = all.map(promotionRecord);
    return c.json({
      data: {
        campaigns: records.filter((r): r is WireCampaign => r.kind === "campaign"),
        offers: records.filter((r): r is WireOffer => r.kind === "offer"),
        codes: records.filter((r): r is WireCode => r.kind === "code"),
      },
    });
  });

  serve(app, BASE, PROMOTION_ROUTES.freeItems, async (c) => {
    const body = c.req.valid("json");
    const found = await freeItems(
      { catalogue: deps.catalogue, orders: deps.orders },
      body.scope,
      body.benefit.kind === "percent"
        ? { kind: "percent", basisPoints: body.benefit.percent }
        : { kind: "amount", cents: body.benefit.amount },
    );
    return c.json({
      data: {
        total: found.total,
        total_capped: found.capped,
        items: found.items.map((item) => ({
          type: item.type,
          id: item.id,
          title: item.title,
          price: centsToRupees(item.priceCents),
        })),
      },
    });
  });

  serve(app, BASE, PROMOTION_ROUTES.preview, async (c) => {
    const body = c.req.valid("json");
    const result = await priceCart({
      orders: deps.orders,
      clock: deps.clock,
      feeRules: deps.feeRules,
      promotions: deps.promotions,
    }, { items: body.items, paymentMethod: body.paymentMethod, code: body.code });
    if (result.kind === "unknown_items") {
      throw new ApiError(422, "UNKNOWN_ITEMS", "Some items are not sold", result.items);
    }
    if (result.kind === "preorder_needs_bank_deposit") {
      throw new ApiError(
        422,
        "PREORDER_NEEDS_BANK_DEPOSIT",
        "Pre-order books are not sold on this payment method",
        result.items,
      );
    }
    // The preview asks for no parcels: a cart is priced as one parcel.
    if (result.kind === "parcels_not_mixed") throw refusal(result);
    const { promoted, sellable } = result;
    const pricing = promoted.pricing;
    const title = (type: string, id: number) =>
      sellable.find((s) => s.type === type && s.id === id)?.title ?? "";
    const code = pricing.code;
    const b = cartBreakdown(promoted, { deliveryKnown: true });
    const preview: WirePreview = {
      lines: promoted.lines.map((line, i) => ({
        type: line.type,
        id: line.itemId,
        title: title(line.type, line.itemId),
        quantity: line.quantity,
        list_price: centsToRupees(line.listUnitCents),
        price: centsToRupees(line.unitPriceCents),
        line_total: centsToRupees(b.lines[i].paidCents),
      })),
      code: code === null ? null : code.kind === "applied"
        ? {
          status: "applied",
          code: code.code,
          saving: centsToRupees(code.savingCents),
          free_delivery: code.freeDelivery,
        }
        : {
          status: "refused",
          code: code.code,
          reason: code.reason,
          message: CODE_NOT_APPLIED[code.reason],
        },
      priced_at: result.now,
      breakdown: breakdownRecord(b),
    };
    return c.json({ data: preview });
  });

  // Each kind's body was checked by its own route's schema: the one its `draft` reads.
  for (const { kind, routes, draft } of KIND_ROUTES) {
    serve(app, BASE, routes.add, async (c) => {
      const body = c.req.valid("json") as never;
      const result = await savePromotion(manage(), draft(body));
      return c.json({ data: savedOrThrow(result, kind) }, 201);
    });

    serve(app, BASE, routes.one, async (c) => {
      const { id } = c.req.valid("param");
      const found = deps.promotions ? await getPromotion(manage(), kind, id) : undefined;
      if (!found) throw notFound(NAMES[kind].one, id);
      return c.json({ data: promotionRecord(found) });
    });

    serve(app, BASE, routes.change, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json") as never;
      const result = await savePromotion(manage(), draft(body), id);
      return c.json({ data: savedOrThrow(result, kind, id) });
    });

    for (const [route, paused] of [[routes.pause, true], [routes.resume, false]] as const) {
      serve(app, BASE, route, async (c) => {
        const { id } = c.req.valid("param");
        if (!deps.promotions) throw notFound(NAMES[kind].one, id);
        const result = await pausePromotion(manage(), kind, id, paused);
        return c.json({ data: steppedOrThrow(result, kind, id) });
      });
    }

    serve(app, BASE, routes.end, async (c) => {
      const { id } = c.req.valid("param");
      if (!deps.promotions) throw notFound(NAMES[kind].one, id);
      return c.json({ data: steppedOrThrow(await endPromotion(manage(), kind, id), kind, id) });
    });

    serve(app, BASE, routes.remove, async (c) => {
      const { id } = c.req.valid("param");
      if (!deps.promotions) throw notFound(NAMES[kind].one, id);
      deletedOrThrow(await deletePromotion(manage(), kind, id), kind, id);
      return c.body(null, 204);
    });
  }

  return app;
}
