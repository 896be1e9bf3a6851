/**
 * The shop's words for what the server writes by itself (mails, order slips), from the
 * same catalogues the storefront speaks (messages/*.json): ICU messages filled in with
 * intl-messageformat. Numbers are grouped by thousands and months named from the
 * catalogue, as on the pages (Deno's ICU has no Sinhala); amounts are LKR with two
 * decimals; times are Sri Lanka's (Asia/Colombo).
 */
import { IntlMessageFormat } from "intl-messageformat";
import { INTL_LOCALE, type Locale } from "../../domain/i18n/language.ts";
import { formatAmount, formatLkr } from "../../domain/money.ts";
import en from "../../messages/en.json" with { type: "json" };
import si from "../../messages/si.json" with { type: "json" };
import ta from "../../messages/ta.json" with { type: "json" };

export type WordKey = keyof typeof en;
export type WordValues = Record<string, string | number>;

const CATALOGUES: Record<Locale, Record<WordKey, string>> = { en, si, ta };

/** The words and formats of one language. */
export interface Words {
  language: Locale;
  /** The message `key` with its values filled in. */
  t(key: WordKey, values?: WordValues): string;
  /** An amount in cents: always LKR, two decimals ("LKR 1,250.50"). */
  lkr(cents: number): string;
  /** An amount in cents without the currency ("1,250.50"). */
  amount(cents: number): string;
  /** The day of an instant (ISO 8601) in Sri Lanka, written the language's way. */
  date(iso: string): string;
  /** The day and time of an instant in Sri Lanka ("14 March 2025, 15:00"). */
  dateTime(iso: string): string;
}

/** The calendar day in Sri Lanka as YYYY-MM-DD (en-CA writes dates that way). */
const colomboDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Colombo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const colomboTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Colombo",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

const made = new Map<Locale, Words>();

/** The words of `language` (made once, then shared). */
export function wordsFor(language: Locale): Words {
  const known = made.get(language);
  if (known) return known;
  const catalogue = CATALOGUES[language];
  const formats = new Map<WordKey, IntlMessageFormat>();
  const months = catalogue["date.months"].split(",").map((month) => month.trim());
  const t = (key: WordKey, values?: WordValues): string => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(catalogue[key], INTL_LOCALE[language], {
        number: { integer: { maximumFractionDigits: 0 } },
      }, {
        formatters: {
          getNumberFormat: (_locale, options) => new Intl.NumberFormat("en-US", options),
          getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
          getPluralRules: (...args) => new Intl.PluralRules(...args),
        },
      });
      formats.set(key, format);
    }
    return String(format.format(values));
  };
  const date = (iso: string): string => {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return iso;
    const [year, month, day] = colomboDay.format(at).split("-");
    return t("date.long", { day: Number(day), month: months[Number(month) - 1], year });
  };
  const words: Words = {
    language,
    t,
    lkr: formatLkr,
    amount: formatAmount,
    date,
    dateTime(iso) {
      const at = new Date(iso);
      if (Number.isNaN(at.getTime())) return iso;
      return t("slip.dateTime", { date: date(iso), time: colomboTime.format(at) });
    },
  };
  made.set(language, words);
  return words;
}
