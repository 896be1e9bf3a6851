/**
 * The storefront's languages and where they live in a path: English unprefixed,
 * Sinhala under /si, Tamil under /ta. SHOP_LANGUAGES is the one list: every rule that
 * reads a language from a path (the pages' routes, what a shared cache may keep, what the
 * answer cache keeps) is built from it, so a language added there is added everywhere.
 */

export const SHOP_LANGUAGES = ["en", "si", "ta"] as const;
export type Locale = typeof SHOP_LANGUAGES[number];

/** The language whose pages have no prefix. */
export const UNPREFIXED_LOCALE: Locale = "en";

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

/** The path rules of a list of languages (the shop's: SHOP_PATHS). */
export interface LanguagePaths<L extends string = string> {
  /** Every language, the unprefixed one included. */
  readonly languages: readonly L[];
  /** The languages served under a prefix of their own (`/si`). */
  readonly prefixed: readonly L[];
  /**
   * A regular expression source for an optional prefix of a prefixed language,
   * `(?:/(?:si|ta))?`, for a rule over paths that answer in every language.
   */
  readonly optionalPrefix: string;
  /** The language a path is in and the path without its prefix. */
  languageOf(path: string): { language: L; path: string };
  /**
   * The path without any language prefix, the unprefixed language's own too (`/en/cart` is
   * `/cart`): what a rule about private paths must see. A prefix alone is the home page.
   */
  unprefixed(path: string): string;
  /** A path (unprefixed) in a language. */
  localized(language: L, path: string): string;
}

/** `text` matched literally inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** The languages as alternatives of a regular expression. */
function alternatives(languages: readonly string[]): string {
  return languages.map(literal).join("|");
}

/**
 * The path rules of `languages`, the `unprefixed` one served without a prefix. Only a
 * whole first segment is a prefix: "/si/books/3" is Sinhala, "/sinhala" and "/ta-x" are
 * English paths.
 *
 * @example languagePaths(["en", "si"], "en").languageOf("/si/cart") // { language: "si", path: "/cart" }
 */
export function languagePaths<L extends string>(
  languages: readonly L[],
  unprefixed: L,
): LanguagePaths<L> {
  if (!languages.includes(unprefixed)) throw new Error(`${unprefixed} is not in the list`);
  const prefixed = languages.filter((language) => language !== unprefixed);
  const own = new RegExp(`^/(${alternatives(prefixed)})(/.*)?$`);
  const any = new RegExp(`^/(?:${alternatives(languages)})(?=/|$)`);
  return {
    languages,
    prefixed,
    optionalPrefix: prefixed.length > 0 ? `(?:/(?:${alternatives(prefixed)}))?` : "",
    languageOf(path) {
      const match = prefixed.length > 0 ? own.exec(path) : null;
      if (!match) return { language: unprefixed, path };
      return { language: match[1] as L, path: match[2] ?? "/" };
    },
    unprefixed(path) {
      const rest = path.replace(any, "");
      return rest === "" ? "/" : rest;
    },
    localized(language, path) {
      if (language === unprefixed) return path;
      return path === "/" ? `/${language}` : `/${language}${path}`;
    },
  };
}

/** The shop's path rules, from SHOP_LANGUAGES. */
export const SHOP_PATHS: LanguagePaths<Locale> = languagePaths(SHOP_LANGUAGES, UNPREFIXED_LOCALE);

/**
 * The language a path is in and the path without its prefix.
 *
 * @example languageOfPath("/si") // { language: "si", path: "/" }
 * @example languageOfPath("/ta/stationery") // { language: "ta", path: "/stationery" }
 */
export function languageOfPath(path: string): { language: Locale; path: string } {
  return SHOP_PATHS.languageOf(path);
}

/**
 * A path (unprefixed) in a language.
 *
 * @example localizedPath("si", "/") // "/si"
 * @example localizedPath("en", "/books/3") // "/books/3"
 */
export function localizedPath(language: Locale, path: string): string {
  return SHOP_PATHS.localized(language, path);
}

/** The same path in every language, for routes that answer in each. */
export function pathsInEveryLanguage(path: string): string[] {
  return SHOP_LANGUAGES.map((language) => localizedPath(language, path));
}
