/**
 * The result count in each language: an exact count says how many were found; a search
 * counted only up to its bound says at least that many ("1,000+ books found"). The phrases
 * are written here, not read from the catalogue.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import "../i18n/catalogues.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { ResultCount, type ResultCountProps } from "./ResultCount.tsx";

function render(language: Locale, props: ResultCountProps): string {
  return renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor(language) },
      createElement(ResultCount, props),
    ),
  ).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");
}

const BOOKS = { message: "list.booksFound", cappedMessage: "list.booksFoundAtLeast" } as const;
const ITEMS = { message: "list.itemsFound", cappedMessage: "list.itemsFoundAtLeast" } as const;

const CAPPED: Record<Locale, { books: string; items: string }> = {
  en: { books: "1,000+ books found", items: "2,000+ items found" },
  si: { books: "පොත් 1,000 කට වඩා හමු විය", items: "භාණ්ඩ 2,000 කට වඩා හමු විය" },
  ta: {
    books: "1,000க்கும் மேற்பட்ட புத்தகங்கள் கிடைத்தன",
    items: "2,000க்கும் மேற்பட்ட பொருட்கள் கிடைத்தன",
  },
};

const EXACT: Record<Locale, string> = {
  en: "1,000 books found",
  si: "පොත් 1,000 ක් හමු විය",
  ta: "1,000 புத்தகங்கள் கிடைத்தன",
};

Deno.test("a capped count says at least the bound, in each language", () => {
  for (const language of ["en", "si", "ta"] as const) {
    assert.equal(
      render(language, { total: 1000, capped: true, ...BOOKS }),
      CAPPED[language].books,
      language,
    );
    assert.equal(
      render(language, { total: 2000, capped: true, ...ITEMS }),
      CAPPED[language].items,
      language,
    );
  }
});

Deno.test("an exact count of the same number says exactly that many", () => {
  for (const language of ["en", "si", "ta"] as const) {
    assert.equal(render(language, { total: 1000, ...BOOKS }), EXACT[language], language);
    assert.equal(render(language, { total: 1000, capped: false, ...BOOKS }), EXACT[language]);
  }
});
