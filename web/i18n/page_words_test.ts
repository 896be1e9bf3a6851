/**
 * A page's islands hydrate in the browser from the page's words alone (page_words.ts): the
 * words the build found in their code (dist/client/.vite/words.json). Each island of every
 * kind of page is rendered here as the browser first renders it, from its props and the
 * page's words after their trip through the page's JSON, in every language: an island
 * asking for a word the page did not bring fails, naming it, and its markup must be the
 * server's.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { renderBody } from "../entry_server.tsx";
import { ISLAND_LOADERS } from "../islands/registry.ts";
import { type I18n, I18nContext, i18nOf, type Words } from "./mod.ts";
import { CATALOGUES } from "./catalogues.ts";
import { compileMessage, pageWordKeys, pageWords } from "./page_words.ts";
import type { WordIndex } from "./word_keys.ts";
import { parseListQuery } from "../lib/list_query.ts";
import type { PageModel } from "../pages/model.ts";
import type { Book } from "../../domain/catalogue/model.ts";
import { SHOP_LANGUAGES } from "../../domain/i18n/language.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../domain/notifications/testing/samples.ts";

const BOOK: Book = {
  id: 12,
  title: "Madol Doova",
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
const list = (search: string) => parseListQuery(new URLSearchParams(search));

/** A page of every kind that holds an island. */
const MODELS: PageModel[] = [
  {
    kind: "books",
    list: { query: list("q=madol"), page: { ...PAGE, items: [BOOK] }, categories: CATEGORIES },
  },
  {
    kind: "books",
    list: { query: list(""), page: { ...PAGE, items: [], total: 0 }, categories: [] },
  },
  {
    kind: "stationery",
    list: {
      query: list(""),
      page: { ...PAGE, items: [], total: 0 },
      categories: CATEGORIES,
      maxPerLine: 20,
    },
  },
  { kind: "book", book: BOOK, shelf: null, bank: SAMPLE_BANK, maxPerLine: 20 },
  { kind: "book", book: { ...BOOK, stock: 0 }, shelf: null, bank: SAMPLE_BANK, maxPerLine: 20 },
  {
    kind: "book",
    book: { ...BOOK, stock: 0, preorder: true, preorderDate: "2099-01-01" },
    shelf: null,
    bank: SAMPLE_BANK,
    maxPerLine: 20,
  },
  { kind: "cart", maxPerLine: 20 },
  { kind: "checkout", provinces: [], bank: SAMPLE_BANK, maxPerLine: 20 },
  { kind: "register" },
  { kind: "track" },
  { kind: "gift_voucher" },
  { kind: "login" },
  { kind: "account", provinces: [] },
  { kind: "reset_password" },
  { kind: "stock_alert_stop", token: "t" },
  { kind: "verify_email", token: "t" },
  {
    kind: "order",
    order: customerOrderView(sampleOrder({ paymentMethod: "Bank Deposit" })),
    orderKey: "k",
    bank: SAMPLE_BANK,
  },
];

async function builtIndex(): Promise<WordIndex> {
  await ensureBuilt();
  const path = new URL("../../dist/client/.vite/words.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(path)) as WordIndex;
}

Deno.test("every island of every kind of page renders from its page's words alone, as the server wrote it, in every language", async () => {
  const index = await builtIndex();
  const seen = new Set<string>();
  for (const language of SHOP_LANGUAGES) {
    for (const model of MODELS) {
      const ctx = { shop: SAMPLE_SHOP, path: "/", language, search: "", year: 2026 };
      const body = renderBody(model, ctx);
      const names = [...new Set(body.islands.map((island) => island.name))];
      // As the browser reads them: out of the page's JSON.
      const words = JSON.parse(
        JSON.stringify(pageWords(CATALOGUES[language], language, index, names)),
      ) as Words;
      const i18n: I18n = i18nOf(language, words);
      for (const island of body.islands) {
        const component = await ISLAND_LOADERS[island.name]();
        const props = JSON.parse(JSON.stringify(island.props));
        let html: string;
        try {
          html = renderToString(
            createElement(I18nContext.Provider, { value: i18n }, createElement(component, props)),
          );
        } catch (error) {
          throw new Error(`${island.name} on a ${language} ${model.kind} page: ${error}`);
        }
        assert.ok(body.html.includes(html), `${island.name} on a ${language} ${model.kind} page`);
        seen.add(island.name);
      }
    }
  }
  assert.deepEqual([...seen].sort(), Object.keys(ISLAND_LOADERS).sort(), "every island is tried");
});

Deno.test("a page's words are the entry's and its islands', compiled, and no page's the whole catalogue", async () => {
  const index = await builtIndex();
  assert.ok(index.entry.includes("date.months"), "the entry writes dates");
  const checkout = pageWordKeys(index, ["Checkout"]);
  for (const key of ["checkout.empty", "address.phone", "error.generic", "date.months"]) {
    assert.ok(checkout.includes(key), key);
  }
  assert.ok(!checkout.includes("filters.toggle"), "the checkout has no list's filters");
  const all = Object.keys(CATALOGUES.en).length;
  for (const island of Object.keys(index.islands)) {
    assert.ok(pageWordKeys(index, [island]).length < all / 2, `${island} brings under half`);
  }
  const words = pageWords(CATALOGUES.si, "si", index, ["CartBadge", "BookList"]);
  for (const [key, message] of Object.entries(words)) {
    assert.deepEqual(message, compileMessage(CATALOGUES.si[key as keyof Words] as string, "si"));
  }
  assert.throws(() => pageWordKeys(index, ["NoSuchIsland"]), /NoSuchIsland/);
  // A word the page did not bring is asked for loudly, by its key.
  assert.throws(() => i18nOf("si", words).t("checkout.empty"), /"checkout.empty"/);
});
