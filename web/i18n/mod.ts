/**
 * The storefront's words in English, Sinhala and Tamil. Each language's catalogue is one
 * JSON file of ICU messages (`{name}` for a value, `{n, plural, ...}` for counts) that the
 * shop owner can correct; `catalogue_test.ts` keeps their keys and placeholders alike.
 * The server render and the islands' hydration read the same language from one context.
 *
 * This module holds no words. The server has every language's (`catalogues.ts`, imported
 * by the render); the browser has only its page's: those its islands' code can ask for,
 * compiled, in the page's own words script (`page_words.ts`, web/entry_client.tsx).
 *
 * Numbers and dates are written from these catalogues and one fixed grouping, not from the
 * engine's locale data: Deno's ICU has no Sinhala (si-LK falls back to en-US) and its ta-LK
 * groups digits the Indian way, so Intl alone would write the server's page one way and the
 * browser's hydration another. Sri Lanka groups by thousands in all three languages.
 */
import { createContext, useContext } from "react";
import { formatLkr } from "../../domain/money.ts";
import { type CompiledMessage, formatMessage, type Formats, type Values } from "./format.ts";
import { INTL_LOCALE, type Locale, localizedPath } from "../../domain/i18n/language.ts";

/**
 * The pages' words. The mails' and slips' ("mail.", "slip.") share the files but are the
 * server's alone: the web build leaves them out (vite.config.ts, `serverWordsOut`).
 */
export type MessageKey = Exclude<
  // The keys' type only: the words themselves never come into the browser's code this way.
  keyof typeof import("../../messages/en.json", { with: { type: "json" }}),
  `mail.${string}` | `slip.${string}` | `sms.${string}`
>;
export type { Values } from "./format.ts";

/**
 * A message as its file holds it (the server's words), or compiled (a page's words in the
 * browser, `page_words.ts`): plain text is the same either way.
 */
export type Message = CompiledMessage;

export type Catalogue = Record<MessageKey, Message>;

/** Some of a language's words: what a page in the browser holds. */
export type Words = Partial<Record<MessageKey, Message>>;

/** Compiles a message's text (`page_words.ts`, the server's); none for compiled words. */
export type Compile = (text: string) => CompiledMessage;

const loaded = new Map<Locale, { words: Words; compile?: Compile }>();
const made = new Map<Locale, I18n>();

/**
 * Makes every language's words ready for `i18nFor`, on the server and in tests. Never
 * called by the browser's code (a page brings its own words): it would bring the whole
 * catalogues into the bundle.
 */
export async function loadCatalogue(language: Locale): Promise<void> {
  if (!loaded.has(language)) await import("./catalogues.ts");
}

/**
 * Gives `i18nFor` the words of `language`: the whole catalogue as its file holds it with
 * `compile` (the server's), or a page's words compiled already (the browser's).
 */
export function addCatalogue(language: Locale, words: Words, compile?: Compile): void {
  loaded.set(language, { words, compile });
  made.delete(language);
}

function catalogueOf(language: Locale): { words: Words; compile?: Compile } {
  const words = loaded.get(language);
  if (!words) {
    throw new Error(
      `The words of "${language}" are not at hand: the server imports web/i18n/catalogues.ts, ` +
        `a page in the browser reads its own (web/entry_client.tsx)`,
    );
  }
  return words;
}

/** Everything a component needs to speak the page's language. */
export interface I18n {
  language: Locale;
  /** The message `key` with its values filled in. */
  t(key: MessageKey, values?: Values): string;
  /** Whether `key` is one of the words at hand (a code's own error message, say). */
  has(key: string): key is MessageKey;
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

/**
 * How the messages of `language` write counts: its plural rules, and `#` grouped by
 * thousands as everywhere. Made once: making an Intl object costs far more than using one
 * (a listing's result count was a fifth of its render when each message made its own).
 */
export function messageFormats(language: Locale): Formats {
  let formats = FORMATS.get(language);
  if (!formats) {
    const plurals = new Intl.PluralRules(INTL_LOCALE[language]);
    const numbers = new Intl.NumberFormat("en-US");
    formats = { plural: (count) => plurals.select(count), count: (value) => numbers.format(value) };
    FORMATS.set(language, formats);
  }
  return formats;
}

const FORMATS = new Map<Locale, Formats>();

/** The words and formats of one language, from the words at hand (made once, then shared). */
export function i18nFor(language: Locale): I18n {
  let i18n = made.get(language);
  if (!i18n) {
    const { words, compile } = catalogueOf(language);
    i18n = i18nOf(language, words, compile);
    made.set(language, i18n);
  }
  return i18n;
}

/**
 * The words and formats of a language from `words`: a catalogue as its file holds it with
 * `compile`, or words compiled already (a page's in the browser, or a test's of them).
 */
export function i18nOf(language: Locale, words: Words, compile?: Compile): I18n {
  const compiled = new Map<MessageKey, CompiledMessage>();
  const numbers = new Intl.NumberFormat("en-US");
  const formats = messageFormats(language);
  const messageOf = (key: MessageKey): CompiledMessage => {
    let message = compiled.get(key);
    if (message === undefined) {
      const given = words[key];
      if (given === undefined) {
        // In the browser: a word the build did not find in the island's code (page_words.ts).
        throw new Error(`The word "${key}" is not among the "${language}" words at hand`);
      }
      message = typeof given === "string" && compile ? compile(given) : given;
      compiled.set(key, message);
    }
    return message;
  };
  const format = (key: MessageKey, values?: Values) =>
    formatMessage(messageOf(key), values, formats);
  const list = (key: MessageKey) => format(key).split(",").map((month) => month.trim());
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
    t: format,
    has: (key): key is MessageKey => Object.hasOwn(words, key),
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
  return i18n;
}

/** The page's language; English where no provider is above (a component's own test). */
export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  return useContext(I18nContext) ?? i18nFor("en");
}
