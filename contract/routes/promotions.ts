/**
 * /api/promotions: the owner's campaigns, order offers and discount codes (listed with their
 * state and use, added, changed, paused, resumed, ended and deleted) and the preview of what
 * a cart would cost now. Admin only. Times are written in Asia/Colombo (contract/promotions.ts).
 */
import { z } from "zod";
import {
  CAMPAIGN_PATHS,
  CODE_PATHS,
  OFFER_PATHS,
  PROMOTION_PATHS,
  type promotionPaths,
} from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { idParam } from "../requests.ts";
import { data } from "../records.ts";
import {
  campaignBody,
  CampaignSchema,
  codeBody,
  CodeSchema,
  freeItemsBody,
  FreeItemsSchema,
  offerBody,
  OfferSchema,
  previewBody,
  PreviewSchema,
  PromotionListSchema,
} from "../promotions.ts";

const TIMES = "times are Asia/Colombo local, YYYY-MM-DDTHH:MM, kept as UTC instants";

/** The routes of one kind of promotion, named in summaries by `words`. */
function promotionRoutes<Base extends string, B extends z.ZodType, R extends z.ZodType>(
  paths: ReturnType<typeof promotionPaths<Base>>,
  words: { one: string; add: string; change: string; remove: string },
  body: B,
  record: R,
) {
  return {
    add: defineRoute({
      ...paths.add,
      summary: `Add ${words.one} (${words.add}; ${TIMES})`,
      admin: "promotions",
      json: body,
      ok: { status: 201, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 409, 415],
    }),
    one: defineRoute({
      ...paths.one,
      summary: `One ${words.one} with its state and use`,
      admin: "promotions",
      params: idParam,
      ok: { status: 200, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 404],
    }),
    change: defineRoute({
      ...paths.change,
      summary:
        `Replace ${words.one} with the body, as when adding (${words.change}); orders already placed keep their prices`,
      admin: "promotions",
      params: idParam,
      json: body,
      ok: { status: 200, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    pause: defineRoute({
      ...paths.pause,
      summary: `Pause ${words.one} (409 once it has ended)`,
      admin: "promotions",
      params: idParam,
      ok: { status: 200, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
    resume: defineRoute({
      ...paths.resume,
      summary: `Resume a paused ${words.one} (409 once it has ended)`,
      admin: "promotions",
      params: idParam,
      ok: { status: 200, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
    end: defineRoute({
      ...paths.end,
      summary:
        `End ${words.one} now: its end becomes this moment (409 when it has ended already, or has not started: delete it instead)`,
      admin: "promotions",
      params: idParam,
      ok: { status: 200, schema: data(record) },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
    remove: defineRoute({
      ...paths.remove,
      summary: `Delete ${words.one} no order used: ${words.remove}`,
      admin: "promotions",
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
  };
}

export const CAMPAIGN_ROUTES = promotionRoutes(
  CAMPAIGN_PATHS,
  {
    one: "campaign",
    add:
      "a percentage or an amount off each copy over a scope; 409 when another campaign over the same scope overlaps its window, as the two would stack",
    change: "409 when it would then stack with another campaign",
    remove:
      "409 IN_USE once it has run (orders may have it): end it instead; one not started yet is deleted",
  },
  campaignBody,
  CampaignSchema,
);

export const OFFER_ROUTES = promotionRoutes(
  OFFER_PATHS,
  {
    one: "order offer",
    add: "free delivery or an amount off the order once its items reach the minimum",
    change: "the same checks as adding",
    remove:
      "409 IN_USE once it has run (orders may have it): end it instead; one not started yet is deleted",
  },
  offerBody,
  OfferSchema,
);

export const CODE_ROUTES = promotionRoutes(
  CODE_PATHS,
  {
    one: "discount code",
    add: "409 DUPLICATE when a code of that spelling exists, in any case",
    change: "409 when the spelling is another code's, or a cap is below the orders holding it",
    remove: "409 IN_USE when any order held it: end it instead",
  },
  codeBody,
  CodeSchema,
);

export const PROMOTION_ROUTES = {
  list: defineRoute({
    ...PROMOTION_PATHS.list,
    summary:
      "Every campaign, order offer and discount code with its state now (running, scheduled, paused, ended), its uses and its saving so far",
    admin: "promotions",
    ok: { status: 200, schema: data(PromotionListSchema) },
    errors: ADMIN_ERRORS,
  }),
  freeItems: defineRoute({
    ...PROMOTION_PATHS.freeItems,
    summary:
      "The items a campaign of this scope and benefit would make free (100% off, or an amount at or above their price: the amount is clamped to each copy's price), for the owner to see before saving it (changes nothing)",
    admin: "promotions",
    json: freeItemsBody,
    ok: { status: 200, schema: data(FreeItemsSchema) },
    errors: [...ADMIN_ERRORS, 400, 415],
  }),
  preview: defineRoute({
    ...PROMOTION_PATHS.preview,
    summary:
      "What a cart would cost now under the running promotions and an optional code, priced as an order is: the lines, their savings, delivery and the total (changes nothing)",
    admin: "promotions",
    json: previewBody,
    ok: { status: 200, schema: data(PreviewSchema) },
    errors: [...ADMIN_ERRORS, 400, 415, 422],
  }),
};
