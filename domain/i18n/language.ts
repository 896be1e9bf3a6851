/**
 * The storefront's languages and where they live in a path: English unprefixed,
 * Sinhala under /si, Tamil under /ta.
 */

export const SHOP_LANGUAGES = ["en", "si", "ta"] as const;
export type Locale = typeof SHOP_LANGUAGES[number];

/**
 * Each language's name in itself, as a shopper looks for it in the language switcher. The
 * web build draws the Sinhala and Tamil names in faces cut to their letters (vite.config.ts):
 * a change here is a new build.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  si: "සිංහල",
  ta: "தமிழ்",
};

/** The Intl locale each language formats numbers and dates with (Sri Lankan conventions). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-LK", si: "si-LK", ta: "ta-LK" };

/**
 * The language a path is in and the path without its prefix. Only a whole first segment
 * counts: "/si/books/3" is Sinhala, "/sinhala" and "/ta-x" are English paths.
 *
 * @example languageOfPath("/si") // { language: "si", path: "/" }
 * @example languageOfPath("/ta/stationery") // { language: "ta", path: "/stationery" }
 */
export function languageOfPath(path: string): { language: Locale; path: string } {
  const match = /^\/(si|ta)(\/.*)?$/.exec(path);
  if (!match) return { language: "en", path };
  return { language: match[1] as Locale, path: match[2] ?? "/" };
}

/**
 * A path (unprefixed) in a language.
 *
 * @example localizedPath("si", "/") // "/si"
 * @example localizedPath("en", "/books/3") // "/books/3"
 */
export function localizedPath(language: Locale, path: string): string {
  if (language === "en") return path;
  return path === "/" ? `/${language}` : `/${language}${path}`;
}

/** The same path in every language, for routes that answer in each. */
export function pathsInEveryLanguage(path: string): string[] {
  return SHOP_LANGUAGES.map((language) => localizedPath(language, path));
}
