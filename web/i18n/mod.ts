/**
 * The storefront's words in English, Sinhala and Tamil. Each language's catalogue is one
 * JSON file of ICU messages (`{name}` for a value, `{n, plural, ...}` for counts) that the
 * shop owner can correct; `catalogue_test.ts` keeps their keys and placeholders alike.
 * The server render and the islands' hydration read the same language from one context.
 *
 * Numbers and dates are written from these catalogues and one fixed grouping, not from the
 * engine's locale data: Deno's ICU has no Sinhala (si-LK falls back to en-US) and its ta-LK
 * groups digits the Indian way, so Intl alone would write the server's page one way and the
 * browser's hydration another. Sri Lanka groups by thousands in all three languages.
 */
import { createContext, useContext } from "react";
import { IntlMessageFormat } from "intl-messageformat";
import { formatLkr } from "../../domain/money.ts";
import { isPlainText } from "./plain_text.ts";
import { INTL_LOCALE, type Locale, localizedPath } from "../../domain/i18n/language.ts";
import en from "../../messages/en.json" with { type: "json" };

/**
 * The pages' words. The mails' and slips' ("mail.", "slip.") share the files but are the
 * server's alone: the web build leaves them out (vite.config.ts, `serverWordsOut`).
 */
export type MessageKey = Exclude<
  keyof typeof en,
  `mail.${string}` | `slip.${string}` | `sms.${string}`
>;
export type Values = Record<string, string | number>;

/**
 * A message as its file holds it, or parsed already: the web build hands the browser its
 * messages parsed, plain text as it is (vite.config.ts, `compiledWords`), and leaves the
 * parser out.
 */
export type Message = string | ReturnType<IntlMessageFormat["getAst"]>;

export type Catalogue = Record<MessageKey, Message>;

/** The English words, which every page's code carries. */
export const ENGLISH: Catalogue = en;

/**
 * Each other language's words come with a page in that language only: an English page
 * does not carry the Sinhala and Tamil words (about 17 KB of gzip; docs/benchmarks.md,
 * item 23). The server render has them all (web/entry_server.tsx); the browser loads its
 * page's (web/entry_client.tsx) before hydrating.
 */
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<{ default: Catalogue }>> = {
  si: () => import("../../messages/si.json", { with: { type: "json" } }),
  ta: () => import("../../messages/ta.json", { with: { type: "json" } }),
};

const loaded = new Map<Locale, Catalogue>([["en", ENGLISH]]);

/** Makes `language`'s words ready for `i18nFor`. */
export async function loadCatalogue(language: Locale): Promise<void> {
  if (loaded.has(language)) return;
  const words = await LOADERS[language as Exclude<Locale, "en">]();
  addCatalogue(language, words.default);
}

/** Gives `i18nFor` the words of `language`, already at hand (the server render's). */
export function addCatalogue(language: Locale, words: Catalogue): void {
  loaded.set(language, words);
}

function catalogueOf(language: Locale): Catalogue {
  const words = loaded.get(language);
  if (!words) throw new Error(`The words of "${language}" are not loaded (loadCatalogue)`);
  return words;
}

/** Everything a component needs to speak the page's language. */
export interface I18n {
  language: Locale;
  /** The message `key` with its values filled in. */
  t(key: MessageKey, values?: Values): string;
  /** A whole number with the language's grouping. */
  number(value: number): string;
  /** An amount in cents as the shop shows prices: always LKR, two decimals. */
  lkr(cents: number): string;
  /** A calendar date (YYYY-MM-DD) written the language's way. */
  date(isoDate: string): string;
  /** The day of an instant (ISO 8601) in Sri Lanka, short: "3 Mar 2026". */
  day(instant: string): string;
  /** An instant (ISO 8601) as people in Sri Lanka read it: "3 Mar 2026, 3:30 pm". */
  dateTime(instant: string): string;
  /** An unprefixed storefront path in this language ("/books/3" → "/si/books/3"). */
  href(path: string): string;
}

/**
 * Sri Lanka's clock (Asia/Colombo) is UTC+05:30 all year, with no daylight saving since
 * 2006: written out here so that the server and the browser, whatever their zone data,
 * show the same time.
 */
const COLOMBO_OFFSET_MS = 330 * 60 * 1000;

/** Numbers in messages use the same grouping as `number()` (see above). */
const MESSAGE_FORMATS = { number: { integer: { maximumFractionDigits: 0 } } };

const made = new Map<Locale, I18n>();

/**
 * One formatter per locale and options, made on first use: the messages ask for a number
 * format or plural rules on every call, and making an Intl object costs far more than
 * using one (a listing's result count was a fifth of its render).
 */
function remembered<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const kept = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = kept.get(key);
    if (value === undefined) {
      value = make(...args);
      kept.set(key, value);
    }
    return value;
  };
}

const FORMATTERS = {
  getNumberFormat: remembered((_locale: string | string[], options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat("en-US", options)
  ),
  getDateTimeFormat: remembered((
    locales?: string | string[],
    options?: Intl.DateTimeFormatOptions,
  ) => new Intl.DateTimeFormat(locales, options)),
  getPluralRules: remembered((locales?: string | string[], options?: Intl.PluralRulesOptions) =>
    new Intl.PluralRules(locales, options)
  ),
};

/** The words and formats of one language (made once, then shared). */
export function i18nFor(language: Locale): I18n {
  const known = made.get(language);
  if (known) return known;
  const locale = INTL_LOCALE[language];
  const words = catalogueOf(language);
  const formats = new Map<MessageKey, { format(values?: Values): unknown }>();
  const numbers = new Intl.NumberFormat("en-US");
  const format = (key: MessageKey): { format(values?: Values): unknown } => {
    let known = formats.get(key);
    if (!known) {
      const message = words[key];
      // Plain text is written as it is: no parser, and no formatter to call.
      known = typeof message === "string" && isPlainText(message)
        ? { format: () => message }
        : new IntlMessageFormat(message, locale, MESSAGE_FORMATS, { formatters: FORMATTERS });
      formats.set(key, known);
    }
    return known;
  };
  const list = (key: MessageKey) =>
    String(format(key).format()).split(",").map((month) => month.trim());
  const months = list("date.months");
  const shortMonths = list("date.monthsShort");
  const colombo = (instant: string) => {
    const at = new Date(instant);
    if (Number.isNaN(at.getTime())) return undefined;
    const wall = new Date(at.getTime() + COLOMBO_OFFSET_MS);
    return {
      day: wall.getUTCDate(),
      month: shortMonths[wall.getUTCMonth()],
      year: String(wall.getUTCFullYear()),
      hours: wall.getUTCHours(),
      minutes: wall.getUTCMinutes(),
    };
  };
  const i18n: I18n = {
    language,
    t: (key, values) => String(format(key).format(values)),
    number: (value) => numbers.format(value),
    // Integer cents to text without Intl: the same text, a tenth of the time on a listing.
    lkr: formatLkr,
    date(isoDate) {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
      const month = match ? months[Number(match[2]) - 1] : undefined;
      if (!match || !month) return isoDate;
      return i18n.t("date.long", { day: Number(match[3]), month, year: match[1] });
    },
    day(instant) {
      const at = colombo(instant);
      return at ? i18n.t("date.short", at) : instant;
    },
    dateTime(instant) {
      const at = colombo(instant);
      if (!at) return instant;
      const time = i18n.t("date.time", {
        hour: at.hours % 12 === 0 ? 12 : at.hours % 12,
        minute: String(at.minutes).padStart(2, "0"),
        period: i18n.t(at.hours < 12 ? "date.am" : "date.pm"),
      });
      return i18n.t("date.dateTime", { date: i18n.t("date.short", at), time });
    },
    href: (path) => localizedPath(language, path),
  };
  made.set(language, i18n);
  return i18n;
}

/** The page's language; English where no provider is above (the admin area). */
export const I18nContext = createContext<I18n>(i18nFor("en"));

export function useI18n(): I18n {
  return useContext(I18nContext);
}
