import assert from "node:assert/strict";
import fc from "fast-check";
import { closestTexts, isbnTerm, searchKey, searchTerm, wordSimilarity } from "./search.ts";
import { helpForEmptySearch, otherStore } from "./search_help.ts";

Deno.test("searchKey() reads a Sinhala vowel sign typed in two parts as the one letter", () => {
  assert.equal(searchKey("මඩ\u0DD9\u0DCFල්"), searchKey("මඩොල්"));
  assert.equal(searchKey("ப\u0BC6\u0BBEன்"), searchKey("பொன்"));
});

Deno.test("searchKey() drops the zero-width joiner and non-joiner and lower-cases", () => {
  assert.equal(searchKey("ශ්\u200Dරී Lanka"), "ශ්රී lanka");
  assert.equal(searchKey("a\u200Cb"), "ab");
});

Deno.test("searchKey() is idempotent and never longer than its text", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => {
    const key = searchKey(text);
    assert.equal(searchKey(key), key);
  }));
});

Deno.test("searchTerm() trims, and isbnTerm() drops hyphens and spaces", () => {
  assert.equal(searchTerm("  Gam \u200D "), "gam");
  assert.equal(searchTerm(undefined), "");
  assert.equal(isbnTerm(" 978-955 12 "), "97895512");
  assert.equal(isbnTerm(" - "), "");
});

Deno.test("wordSimilarity() forgives a typo in one word of a long title", () => {
  assert.ok(wordSimilarity("wickramasinge", "Martin Wickramasinghe") >= 0.6);
  assert.ok(wordSimilarity("village", "The Village in the Jungle") === 1);
  assert.ok(wordSimilarity("qqq", "The Village in the Jungle") === 0);
  assert.equal(wordSimilarity("", "anything"), 0);
});

Deno.test("closestTexts() ranks the closest first, keeps each text once and stops at the limit", () => {
  const texts = ["Pencil HB", "Pencil HB", "Pencils", "Pen", "Eraser"];
  assert.deepEqual(closestTexts("pencil", texts, 2), ["Pencil HB", "Pencils"]);
  assert.deepEqual(closestTexts("zzz", texts), []);
});

Deno.test("helpForEmptySearch() asks the other store only for a real term", async () => {
  const asked: string[] = [];
  const page = (total: number) => ({ items: [], page: 1, pageSize: 1, total });
  const catalogue = {
    suggest: (kind: string, q: string) => {
      asked.push(`suggest ${kind} ${q}`);
      return Promise.resolve(["Pencil HB"]);
    },
    listBooks: () => Promise.resolve(page(0)),
    listStationery: (filter: { q?: string }) => {
      asked.push(`stationery ${filter.q}`);
      return Promise.resolve(page(10));
    },
  };
  assert.equal(await helpForEmptySearch(catalogue, { kind: "book", q: "  " }), undefined);
  assert.deepEqual(asked, []);
  assert.deepEqual(await helpForEmptySearch(catalogue, { kind: "book", q: " Pencil " }), {
    suggestions: ["Pencil HB"],
    elsewhere: { kind: "stationery", total: 10 },
  });
  assert.deepEqual(asked, ["suggest book pencil", "stationery pencil"]);
  assert.deepEqual(await helpForEmptySearch(catalogue, { kind: "stationery", q: "x" }), {
    suggestions: ["Pencil HB"],
  });
  assert.equal(otherStore("stationery"), "book");
});
