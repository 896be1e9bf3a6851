/** The owner's pages on the wire (domain/pages/owner_page.ts). */
import { z } from "zod";
import { OWNER_PAGES } from "../domain/pages/owner_page.ts";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";

export const ownerPageParams = z.object({
  slug: z.enum(OWNER_PAGES, { error: `must be one of ${OWNER_PAGES.join(", ")}` }),
  language: z.enum(SHOP_LANGUAGES, { error: `must be one of ${SHOP_LANGUAGES.join(", ")}` }),
});

export const ownerPageBody = z.object({
  title: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  body: z.string().describe(
    "plain formatting: ## heading, - item, [words](https://...), {{payment_methods}}, {{holds}}, {{delivery_times}}; no HTML; at most 100 KB (413)",
  ),
});

export const OwnerPageSchema = z.object({
  slug: z.enum(OWNER_PAGES),
  language: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string().describe("ISO 8601"),
});
