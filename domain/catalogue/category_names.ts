/**
 * A category's names in the shop's languages: its English name, and the Sinhala and Tamil
 * ones the owner gave it. Apart from model.ts so that the storefront's scripts carry this
 * alone.
 */
import type { Category, CategoryNames } from "./model.ts";

/**
 * A category's name in a language: the owner's name there, else the English one.
 *
 * @example categoryName({ id: 1, name: "Novels", names: { si: "නවකතා" } }, "si") // "නවකතා"
 * @example categoryName({ id: 1, name: "Novels", names: { si: "නවකතා" } }, "ta") // "Novels"
 */
export function categoryName(category: Category, language: "en" | "si" | "ta"): string {
  return language === "en" ? category.name : category.names?.[language] ?? category.name;
}

/**
 * The names the owner gave, trimmed, a blank one left out.
 *
 * @example cleanCategoryNames({ si: " නවකතා ", ta: "" }) // { si: "නවකතා" }
 */
export function cleanCategoryNames(names: CategoryNames | undefined): CategoryNames {
  const out: CategoryNames = {};
  for (const language of ["si", "ta"] as const) {
    const name = names?.[language]?.trim();
    if (name) out[language] = name;
  }
  return out;
}
