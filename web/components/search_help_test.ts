/**
 * The other store's matches a search that found nothing names: an exact count as it is, a
 * count past the other search's bound as at least that many, in each language. The phrases
 * are written here, not read from the catalogue.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import "../i18n/catalogues.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { SearchHelp } from "./SearchHelp.tsx";
import type { WireSearchHelp } from "../lib/search_help.ts";

function render(language: Locale, help: WireSearchHelp): string {
  return renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor(language) },
      createElement(SearchHelp, { q: "the", path: "/", help }),
    ),
  ).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");
}

const CAPPED: Record<Locale, string> = {
  en: "The Stationery Store has 1,000+ items for “the”",
  si: "ලිපිද්‍රව්‍ය හලේ “the” සඳහා භාණ්ඩ 1,000 කට වඩා ඇත",
  ta: "எழுதுபொருள் கடையில் “the” க்கு 1,000க்கும் மேற்பட்ட பொருட்கள் உள்ளன",
};

const EXACT: Record<Locale, string> = {
  en: "The Stationery Store has 1,000 items for “the”",
  si: "ලිපිද්‍රව්‍ය හලේ “the” සඳහා භාණ්ඩ 1,000 ක් ඇත",
  ta: "எழுதுபொருள் கடையில் “the” க்கு 1,000 பொருட்கள் உள்ளன",
};

Deno.test("the other store's capped count is said as at least its bound, an exact one as it is", () => {
  for (const language of ["en", "si", "ta"] as const) {
    const elsewhere = { store: "stationery", total: 1000 } as const;
    assert.equal(
      render(language, { suggestions: [], elsewhere: { ...elsewhere, totalCapped: true } }),
      CAPPED[language],
    );
    assert.equal(render(language, { suggestions: [], elsewhere }), EXACT[language]);
  }
});
