import assert from "node:assert/strict";
import { catalogueProblems, placeholders } from "./catalogue_check.ts";
import { i18nFor, loadCatalogue } from "./mod.ts";
import { INTL_LOCALE } from "../../domain/i18n/language.ts";
import en from "../../messages/en.json" with { type: "json" };
import si from "../../messages/si.json" with { type: "json" };
import ta from "../../messages/ta.json" with { type: "json" };

const CATALOGUES = { en, si, ta };
await loadCatalogue("si");
await loadCatalogue("ta");

Deno.test("the Sinhala and Tamil catalogues have every English key, no other, with the same placeholders", () => {
  assert.deepEqual(catalogueProblems(CATALOGUES.en, CATALOGUES.si, INTL_LOCALE.si), []);
  assert.deepEqual(catalogueProblems(CATALOGUES.en, CATALOGUES.ta, INTL_LOCALE.ta), []);
  assert.deepEqual(catalogueProblems(CATALOGUES.en, CATALOGUES.en, INTL_LOCALE.en), []);
});

Deno.test("catalogueProblems() names a missing key, an extra key, a dropped placeholder and bad syntax", () => {
  const english = { "a": "Hello {name}", "b": "Bye", "c": "{n, plural, one {# x} other {# xs}}" };
  const broken = { "a": "ආයුබෝවන්", "c": "{n, plural, one {# x}", "z": "extra" };
  const problems = catalogueProblems(english, broken, "si-LK");
  const parse = problems.filter((problem) => problem.startsWith(`"c" does not parse: `));
  assert.equal(parse.length, 1);
  assert.deepEqual(
    problems.filter((problem) => !parse.includes(problem)).sort(),
    [`"a" has {}, English has {name}`, `extra "z"`, `missing "b"`],
  );
});

Deno.test("placeholders() reads plain and plural arguments", () => {
  assert.deepEqual(placeholders("© {year} {shop}."), ["shop", "year"]);
  assert.deepEqual(placeholders("{total, plural, =1 {පොතක්} other {පොත් #}}"), ["total"]);
});

Deno.test("messages fill values and choose plurals in each language", () => {
  assert.equal(i18nFor("en").t("list.booksFound", { total: 1 }), "1 book found");
  assert.equal(i18nFor("en").t("list.booksFound", { total: 1200 }), "1,200 books found");
  assert.equal(i18nFor("si").t("list.booksFound", { total: 1 }), "පොතක් හමු විය");
  assert.equal(i18nFor("si").t("list.booksFound", { total: 0 }), "පොත් 0 ක් හමු විය");
  assert.equal(i18nFor("ta").t("list.booksFound", { total: 3 }), "3 புத்தகங்கள் கிடைத்தன");
  assert.equal(i18nFor("ta").t("book.by", { author: "கல்கி" }), "கல்கி எழுதியது");
});

Deno.test("prices stay LKR with two decimals and dates follow the language", () => {
  assert.equal(i18nFor("en").lkr(125050), "LKR 1,250.50");
  assert.equal(i18nFor("si").lkr(125050), "LKR 1,250.50");
  assert.equal(i18nFor("ta").lkr(95000), "LKR 950.00");
  assert.equal(i18nFor("en").href("/books/3"), "/books/3");
  assert.equal(i18nFor("ta").href("/"), "/ta");
  assert.equal(i18nFor("en").date("2026-12-05"), "5 December 2026");
  assert.equal(i18nFor("si").date("2026-12-05"), "2026 දෙසැම්බර් 5");
  assert.equal(i18nFor("ta").date("2026-12-05"), "5 டிசம்பர் 2026");
  assert.equal(i18nFor("ta").number(1234567), "1,234,567");
  assert.equal(i18nFor("ta").t("list.itemsFound", { total: 1234567 }), "1,234,567 பொருட்கள் கிடைத்தன");
});
