/**
 * The pager as the server draws it (plain links, so it works without scripts): an exact
 * total numbers every page and ends the "next" link on the last; a search's total counted
 * up to its bound (`totalCapped`) numbers the pages up to the bound's last and keeps "next"
 * there, since more pages follow.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import "../i18n/catalogues.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { Pagination, type PaginationProps } from "./Pagination.tsx";
import { searchCountBound } from "../../domain/catalogue/search_count.ts";

type Shown = Omit<PaginationProps, "href" | "onNavigate">;

function render(props: Shown, language: Locale = "en"): string {
  return renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor(language) },
      createElement(Pagination, { ...props, href: (n: number) => `/?q=the&page=${n}` }),
    ),
  );
}

/** The page numbers the pager links by number, in order. */
function numbered(html: string): number[] {
  return [...html.matchAll(/<a href="\/\?q=the&amp;page=(\d+)" aria-/g)].map((m) => Number(m[1]));
}

/** The page the "next" link opens, or undefined without one. */
function next(html: string): number | undefined {
  const match = /<a href="\/\?q=the&amp;page=(\d+)" rel="next"/.exec(html);
  return match ? Number(match[1]) : undefined;
}

Deno.test("a capped search's pager numbers the pages up to its bound and links the next page from the last", () => {
  const first = render({ page: 1, pageSize: 10, total: 1000, totalCapped: true });
  assert.deepEqual(numbered(first), [1, 2, 3, 4, 5, 100]);
  assert.equal(next(first), 2);
  const last = render({ page: 100, pageSize: 10, total: 1000, totalCapped: true });
  assert.deepEqual(numbered(last), [1, 96, 97, 98, 99, 100]);
  assert.equal(next(last), 101);
  assert.match(last, /aria-current="page"[^>]*>100</);
});

Deno.test("an exact total's pager has no next link on its last page", () => {
  const last = render({ page: 100, pageSize: 10, total: 1000 });
  assert.deepEqual(numbered(last), [1, 96, 97, 98, 99, 100]);
  assert.equal(next(last), undefined);
  assert.equal(render({ page: 1, pageSize: 10, total: 10 }), "");
});

Deno.test("any page of a capped search links the page after it, and numbers the bound's last page", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 100 }),
      fc.integer({ min: 1, max: 5_000 }),
      (pageSize, page) => {
        const bound = searchCountBound((page - 1) * pageSize, pageSize);
        const html = render({ page, pageSize, total: bound, totalCapped: true });
        const pages = Math.ceil(bound / pageSize);
        assert.equal(next(html), page + 1);
        assert.equal(numbered(html).at(-1), pages);
        assert.ok(page <= pages, `page ${page} is within the ${pages} pages ${bound} fill`);
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("the next link of a capped last page is named in each language", () => {
  const names: Record<Locale, string> = { en: "", si: "", ta: "" };
  for (const language of ["en", "si", "ta"] as const) {
    const html = render({ page: 100, pageSize: 10, total: 1000, totalCapped: true }, language);
    const link = /rel="next"[^>]*>.*?<span class="visually-hidden">([^<]+)<\/span>/s.exec(html);
    assert.ok(link, language);
    names[language] = link[1];
    assert.equal(link[1], i18nFor(language).t("pages.next"));
  }
  assert.equal(new Set(Object.values(names)).size, 3, "each language has its own word");
});
