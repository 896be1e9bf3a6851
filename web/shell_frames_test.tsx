import assert from "node:assert/strict";
import { renderBody } from "./entry_server.tsx";
import { shellFrames } from "./shell_frames.tsx";
import { i18nFor } from "./i18n/mod.ts";
import { parseListQuery } from "./lib/list_query.ts";
import type { PageModel } from "./pages/model.ts";
import type { Book } from "../domain/catalogue/model.ts";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../domain/notifications/testing/samples.ts";

const BOOK: Book = {
  id: 12,
  title: `Madol Doova <"&'>`,
  author: "Martin Wickramasinghe",
  translator: null,
  priceCents: 125_050,
  salePriceCents: null,
  saleStarts: null,
  saleEnds: null,
  stock: 3,
  categoryId: 1,
  categoryName: "Novels",
  isbn13: "9789550000012",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasa",
  publishingDate: "2019-05-01",
  edition: "3rd",
  pageCount: null,
  weightGrams: 350,
  description: "A boyhood on the southern coast",
  images: ["/uploads/madol-doova.png"],
  preorder: false,
  preorderDate: null,
  preorderedStock: 0,
};

const PAGE = { page: 1, pageSize: 10, total: 1, help: {} };
const CATEGORIES = [{ id: 1, name: "Novels" }];

/** A page of every kind that has no order behind it. */
const MODELS: PageModel[] = [
  {
    kind: "books",
    list: {
      query: parseListQuery(new URLSearchParams("q=madol")),
      page: { ...PAGE, items: [BOOK] },
      categories: CATEGORIES,
    },
  },
  {
    kind: "stationery",
    list: {
      query: parseListQuery(new URLSearchParams("")),
      page: { ...PAGE, items: [], total: 0 },
      categories: CATEGORIES,
      maxPerLine: 20,
    },
  },
  { kind: "book", book: BOOK, shelf: null, bank: SAMPLE_BANK, maxPerLine: 20 },
  { kind: "cart", maxPerLine: 20 },
  { kind: "checkout", provinces: [], bank: SAMPLE_BANK, maxPerLine: 20 },
  { kind: "register" },
  { kind: "track" },
  { kind: "login" },
  { kind: "account", provinces: [] },
  { kind: "reset_password" },
  { kind: "privacy" },
  { kind: "terms" },
  { kind: "not_found" },
  { kind: "error" },
];

const PATHS = ["/", "/stationery", "/account", "/cart", "/checkout", "/books/12", "/track"];
const SEARCHES = [
  { q: undefined, search: "" },
  { q: "", search: "?q=" },
  { q: `madol <"&'>`, search: "?q=madol%20%3C%22%26%27%3E&page=2" },
];

/** Where two texts part, with a little of each from there: a page is too long to print. */
function firstDifference(actual: string, expected: string): string {
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 80));
  return `at ${at}, ${around(actual)} where the whole render has ${around(expected)}`;
}

Deno.test("renderBody() with kept frames writes the same page and islands as a whole render, for every page, path, search and language", () => {
  const frames = shellFrames();
  let compared = 0;
  // Twice over, so that the second round is served from what the first one kept.
  for (let round = 0; round < 2; round++) {
    for (const language of SHOP_LANGUAGES) {
      for (const path of PATHS) {
        for (const { q, search } of SEARCHES) {
          for (const model of MODELS) {
            const ctx = { shop: SAMPLE_SHOP, path, language, search, q, year: 2026 };
            const whole = renderBody(model, ctx);
            const framed = renderBody(model, ctx, frames);
            if (framed.html !== whole.html) {
              assert.fail(
                `${model.kind} at ${language} ${path}${search}: ${
                  firstDifference(framed.html, whole.html)
                }`,
              );
            }
            assert.deepEqual(framed.islands, whole.islands);
            compared++;
          }
        }
      }
    }
  }
  assert.equal(
    compared,
    2 * SHOP_LANGUAGES.length * PATHS.length * SEARCHES.length * MODELS.length,
  );
});

Deno.test("shellFrames() keeps one header for every path of a place, and renders a search's header each time", () => {
  const frames = shellFrames();
  const en = i18nFor("en");
  const book = frames.header(en, "/books/12", undefined);
  assert.equal(frames.header(en, "/track", undefined), book);
  assert.equal(frames.header(en, "/books/99", ""), book);
  assert.notEqual(frames.header(en, "/cart", undefined), book);
  assert.notEqual(frames.header(en, "/", undefined).html, book.html);
  assert.notEqual(frames.header(i18nFor("si"), "/books/12", undefined), book);
  const searched = frames.header(en, "/", "gar");
  assert.notEqual(frames.header(en, "/", "gar"), searched);
  assert.match(searched.html, /value="gar"/);
  // The cart's count is an island: a kept header hands its record to every page.
  assert.deepEqual(book.islands.map((island) => island.name), ["CartBadge"]);
});

Deno.test("shellFrames() renders the footer again for another shop or year", () => {
  const frames = shellFrames();
  const en = i18nFor("en");
  const footer = frames.footer(en, SAMPLE_SHOP, 2026);
  assert.equal(frames.footer(en, SAMPLE_SHOP, 2026), footer);
  assert.match(frames.footer(en, SAMPLE_SHOP, 2027), /2027/);
  const renamed = frames.footer(en, { ...SAMPLE_SHOP, name: "Pothgula Kandy" }, 2026);
  assert.match(renamed, /Pothgula Kandy/);
  assert.equal(frames.footer(en, SAMPLE_SHOP, 2026).includes("Pothgula Kandy"), false);
});
