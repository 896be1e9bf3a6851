/**
 * Every language's words as messages/*.json hold them, for the server render and the
 * tests: importing this module makes them ready for `i18nFor`. The browser's code never
 * imports it (a page brings the words its islands use: `page_words.ts`), so the web build
 * puts no catalogue in a page's scripts.
 */
import { addCatalogue, type Catalogue } from "./mod.ts";
import { compileMessage } from "./page_words.ts";
import { type Locale, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";
import en from "../../messages/en.json" with { type: "json" };
import si from "../../messages/si.json" with { type: "json" };
import ta from "../../messages/ta.json" with { type: "json" };

/** The three catalogues, each as its file holds it (less the mails' words in a bundle). */
export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = {
  en,
  si: si as Catalogue,
  ta: ta as Catalogue,
};

// Each message is compiled as a page's would be, the first time it is written, so the
// server and the browser write it with the same formatter (format.ts).
for (const language of SHOP_LANGUAGES) {
  addCatalogue(language, CATALOGUES[language], (text) => compileMessage(text, language));
}
