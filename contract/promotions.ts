/**
 * Promotions on the wire: the owner's requests (a campaign, an order offer or a discount
 * code, and a cart to preview) and the records the admin's API answers with.
 *
 * Times: the owner writes Sri Lanka's date and time, `YYYY-MM-DDTHH:MM` (Asia/Colombo,
 * UTC+05:30, as a `datetime-local` field holds it); the shop keeps the UTC instant, and
 * answers both (`starts_at` in UTC, `starts_at_local` in Colombo). A null start runs from
 * now on, a null end for ever. Money is rupees, a percentage a number of percent (12.5).
 */
import { z } from "zod";
import { BreakdownSchema } from "./breakdown.ts";
import { BOOK_LANGUAGES } from "../domain/catalogue/book_record.ts";
import { ITEM_TYPES } from "../domain/orders/model.ts";
import { CODE_REFUSALS } from "../domain/promotions/pricing.ts";
import { MAX_PROMOTION_NAME } from "../domain/promotions/checks.ts";
import { colomboLocalToInstant } from "../domain/promotions/colombo_time.ts";
import { checkColomboLocal } from "../domain/dates/colombo.ts";
import { SHOP_YEARS, spanDays } from "../domain/dates/day.ts";
import { PROMOTION_STATES } from "../domain/promotions/manage_promotions.ts";
import { idValue, rupees, text, wholeNumber } from "./field_schemas.ts";
import { MAX_INTEGER } from "./ids.ts";
import { newOrderBody } from "./requests.ts";

/** The most ids one scope names. */
export const MAX_SCOPE_IDS = 200;

const SHOP_DAYS = spanDays(SHOP_YEARS);

/**
 * A Colombo date and time to its UTC instant (domain/dates/colombo.ts: a day of the shop's
 * years); null for an open end.
 */
const colomboTime = z.string({ error: "must be a date and time in Colombo, YYYY-MM-DDTHH:MM" })
  .trim()
  .superRefine((local, ctx) => {
    const check = checkColomboLocal(local);
    if (check.kind === "ok") return;
    ctx.addIssue({
      code: "custom",
      message: check.kind === "not_written_as_time"
        ? "must be a real date and time in Colombo, YYYY-MM-DDTHH:MM"
        : `must be a real date and time in Colombo, YYYY-MM-DDTHH:MM, from ${SHOP_DAYS.first} to ${SHOP_DAYS.last}`,
    });
  })
  .transform((local) => colomboLocalToInstant(local)!)
  .nullable()
  .default(null)
  .meta({ format: "x-colombo-local-date-time", "x-days": SHOP_DAYS })
  .describe("Asia/Colombo local time, YYYY-MM-DDTHH:MM; null or absent for an open end");

/** A percentage above 0 and at most 100, to 2 decimals, to basis points (12.5 is 1250). */
const percent = z.number({ error: "must be a number of percent" })
  .gt(0, "must be more than 0 and at most 100").max(100, "must be more than 0 and at most 100")
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, "must have at most 2 decimals")
  .transform((n) => Math.round(n * 100));

/** Rupees above 0, to cents. */
const amount = rupees.refine((cents) => cents > 0, "must be more than LKR 0");

const itemType = z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(", ")}` });

export const scopeBody = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("shop") }),
  z.strictObject({ kind: z.literal("store"), store: itemType }),
  z.strictObject({
    kind: z.literal("categories"),
    store: itemType,
    ids: z.array(idValue).min(1, "must name at least one category")
      .max(MAX_SCOPE_IDS, `must name at most ${MAX_SCOPE_IDS}`),
  }),
  z.strictObject({
    kind: z.literal("products"),
    items: z.array(z.strictObject({ type: itemType, id: idValue }))
      .min(1, "must name at least one product")
      .max(MAX_SCOPE_IDS, `must name at most ${MAX_SCOPE_IDS}`),
  }),
  z.strictObject({
    kind: z.literal("language"),
    language: z.enum(BOOK_LANGUAGES, { error: `must be one of ${BOOK_LANGUAGES.join(", ")}` }),
  }),
], { error: "must be shop, store, categories, products or language" })
  .describe(
    "what the promotion covers: the whole shop, a store, categories of a store, chosen products, or books in a language",
  );

const percentBenefit = z.strictObject({ kind: z.literal("percent"), percent });
const amountBenefit = z.strictObject({
  kind: z.literal("amount"),
  amount: amount.describe("rupees off each copy"),
});
const freeDelivery = z.strictObject({ kind: z.literal("free_delivery") });

const names = z.strictObject({
  si: z.string().trim().max(MAX_PROMOTION_NAME, `must be at most ${MAX_PROMOTION_NAME} characters`)
    .nullable().optional(),
  ta: z.string().trim().max(MAX_PROMOTION_NAME, `must be at most ${MAX_PROMOTION_NAME} characters`)
    .nullable().optional(),
}).default({}).describe("the name in Sinhala and Tamil; left out, empty or null for none");

const window = {
  startsAt: colomboTime,
  endsAt: colomboTime,
  paused: z.boolean({ error: "must be true or false" }).default(false),
};

/** POST and PUT /api/promotions/campaigns */
export const campaignBody = z.strictObject({
  name: text("Name", MAX_PROMOTION_NAME).describe("shown to shoppers: Book Fair 2026: 20% off"),
  names,
  scope: scopeBody,
  benefit: z.discriminatedUnion("kind", [percentBenefit, amountBenefit], {
    error: "must be percent or amount",
  }),
  ...window,
});

/** POST /api/promotions/free-items: a campaign's scope and benefit, before it is saved. */
export const freeItemsBody = campaignBody.pick({ scope: true, benefit: true });

/** The items a campaign would make free (100% off, or an amount at or above their price). */
export const FreeItemsSchema = z.object({
  total: z.number().int().describe("how many items it would make free"),
  total_capped: z.boolean().describe(
    "true when `total` is a lower bound (a book language read in part)",
  ),
  items: z.array(z.object({
    type: z.enum(ITEM_TYPES),
    id: z.number().int(),
    title: z.string(),
    price: z.number().describe("its usual price, LKR"),
  })).describe("the first of them, at most 20"),
});

/** POST and PUT /api/promotions/offers */
export const offerBody = z.strictObject({
  name: text("Name", MAX_PROMOTION_NAME),
  names,
  minimum: rupees.describe("the items' total from which it applies, in rupees"),
  benefit: z.discriminatedUnion("kind", [
    freeDelivery,
    z.strictObject({
      kind: z.literal("amount_off"),
      amount: amount.describe("rupees off the order"),
    }),
  ], { error: "must be free_delivery or amount_off" }),
  ...window,
});

const cap = wholeNumber(1, MAX_INTEGER).nullable().default(null);

/** POST and PUT /api/promotions/codes */
export const codeBody = z.strictObject({
  code: z.string({ error: "Code is required" }).trim()
    .regex(/^[A-Za-z0-9-]{3,32}$/, "must be 3 to 32 letters, digits or hyphens")
    .describe("kept in capitals; shoppers may type it in any case"),
  benefit: z.discriminatedUnion("kind", [percentBenefit, amountBenefit, freeDelivery], {
    error: "must be percent, amount or free_delivery",
  }).describe("a percentage of the lines in scope, an amount shared over them, or free delivery"),
  minimum: rupees.default(0),
  scope: scopeBody.default({ kind: "shop" }),
  maxUses: cap.describe("orders that may hold it in all; null for no cap"),
  maxUsesPerCustomer: cap.describe(
    "orders one customer (by e-mail, phone or account) may hold it in; null for no cap",
  ),
  ...window,
});

/** POST /api/promotions/preview */
export const previewBody = z.strictObject({
  items: newOrderBody.shape.items,
  paymentMethod: newOrderBody.shape.paymentMethod,
  code: newOrderBody.shape.code,
});

// Records

const ScopeSchema = z.union([
  z.object({ kind: z.literal("shop") }),
  z.object({ kind: z.literal("store"), store: z.enum(ITEM_TYPES) }),
  z.object({ kind: z.literal("categories"), store: z.enum(ITEM_TYPES), ids: z.array(z.number()) }),
  z.object({
    kind: z.literal("products"),
    items: z.array(z.object({ type: z.enum(ITEM_TYPES), id: z.number() })),
  }),
  z.object({ kind: z.literal("language"), language: z.string() }),
]);

const PercentSchema = z.object({ kind: z.literal("percent"), percent: z.number() });
const AmountSchema = z.object({ kind: z.literal("amount"), amount: z.number() });
const FreeDeliverySchema = z.object({ kind: z.literal("free_delivery") });

const common = {
  id: z.number().int(),
  starts_at: z.string().nullable().describe("ISO 8601, UTC; null: from the start"),
  ends_at: z.string().nullable().describe("ISO 8601, UTC; null: for ever"),
  starts_at_local: z.string().nullable().describe("the same, in Asia/Colombo: YYYY-MM-DDTHH:MM"),
  ends_at_local: z.string().nullable(),
  paused: z.boolean(),
  state: z.enum(PROMOTION_STATES).describe("as of the answer"),
  uses: z.number().int().describe(
    "orders that got it and still stand (a rejected or lapsed order gives it back); a code: orders holding it",
  ),
  saving: z.number().describe(
    "rupees it took off those orders' items (a free delivery is not counted)",
  ),
};

const NamesSchema = z.object({ si: z.string().nullable(), ta: z.string().nullable() });

export const CampaignSchema = z.object({
  kind: z.literal("campaign"),
  name: z.string(),
  names: NamesSchema,
  scope: ScopeSchema,
  benefit: z.union([PercentSchema, AmountSchema]),
  ...common,
});

export const OfferSchema = z.object({
  kind: z.literal("offer"),
  name: z.string(),
  names: NamesSchema,
  minimum: z.number(),
  benefit: z.union([
    FreeDeliverySchema,
    z.object({ kind: z.literal("amount_off"), amount: z.number() }),
  ]),
  ...common,
});

export const CodeSchema = z.object({
  kind: z.literal("code"),
  code: z.string(),
  benefit: z.union([PercentSchema, AmountSchema, FreeDeliverySchema]),
  minimum: z.number(),
  scope: ScopeSchema,
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  ...common,
});

export const PromotionSchema = z.union([CampaignSchema, OfferSchema, CodeSchema]);

export const PromotionListSchema = z.object({
  campaigns: z.array(CampaignSchema),
  offers: z.array(OfferSchema),
  codes: z.array(CodeSchema),
});

export const PreviewSchema = z.object({
  lines: z.array(z.object({
    type: z.enum(ITEM_TYPES),
    id: z.number().int(),
    title: z.string(),
    quantity: z.number().int(),
    list_price: z.number().describe("a copy's usual price"),
    price: z.number().describe("a copy's price after its sale price"),
    line_total: z.number().describe("what the line costs after everything"),
  })),
  code: z.union([
    z.object({
      status: z.literal("applied"),
      code: z.string(),
      saving: z.number(),
      free_delivery: z.boolean(),
    }),
    z.object({
      status: z.literal("refused"),
      code: z.string(),
      reason: z.enum(CODE_REFUSALS),
      message: z.string(),
    }),
  ]).nullable(),
  priced_at: z.string().describe("ISO 8601: the moment the promotions were read"),
  breakdown: BreakdownSchema.describe("the cart's figures as an order of it would tell them"),
});

export type WireCampaign = z.infer<typeof CampaignSchema>;
export type WireOffer = z.infer<typeof OfferSchema>;
export type WireCode = z.infer<typeof CodeSchema>;
export type WirePromotion = z.infer<typeof PromotionSchema>;
export type WirePromotionList = z.infer<typeof PromotionListSchema>;
export type WirePreview = z.infer<typeof PreviewSchema>;
export type WireFreeItems = z.infer<typeof FreeItemsSchema>;
export type WireScope = z.infer<typeof ScopeSchema>;
