/**
 * A promotion's name as shoppers read it: the owner's English name, and the Sinhala and
 * Tamil names when the owner gives them. Kept here, apart from the pricing rule, so that an
 * order can hold the names it was given without importing the rule.
 */
import type { Locale } from "../i18n/language.ts";

/** A promotion's name in Sinhala and Tamil, when the owner gives them. */
export type PromotionNames = { si?: string; ta?: string };

/**
 * The name a shopper reads in `language`: its own name there, else the English one.
 *
 * @example promotionName({ name: "Book Fair 2026", names: { si: "පොත් ප්‍රදර්ශනය 2026" } }, "si") // "පොත් ප්‍රදර්ශනය 2026"
 * @example promotionName({ name: "Book Fair 2026", names: {} }, "ta") // "Book Fair 2026"
 */
export function promotionName(
  promotion: { name: string; names?: PromotionNames },
  language: Locale,
): string {
  if (language === "en") return promotion.name;
  const own = promotion.names?.[language]?.trim();
  return own ? own : promotion.name;
}
