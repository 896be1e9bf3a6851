import assert from "node:assert/strict";
import fc from "fast-check";
import {
  closestTexts,
  isbn13FromIsbn10,
  isbnTerm,
  MAX_SUGGESTED_TERM,
  searchKey,
  searchTerm,
  SUGGESTION_THRESHOLD,
  suggestionScore,
  suggestsFor,
  wordSimilarity,
} from "./search.ts";
import { matchesIsbn } from "./filter.ts";
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

Deno.test("isbnTerm() reads an ISBN-10 as the book's ISBN-13", () => {
  assert.equal(isbnTerm("0-306-40615-2"), "9780306406157");
  assert.equal(isbnTerm("080442957x"), "9780804429573");
  assert.equal(isbnTerm(" 0 8044 2957 X "), "9780804429573");
  // Ten digits that are no ISBN-10 (the check digit is wrong) are searched as they are.
  assert.equal(isbnTerm("0306406153"), "0306406153");
  assert.ok(matchesIsbn("9780306406157", "0-306-40615-2"));
  assert.ok(!matchesIsbn("9780306406157", "0-306-40615-3"));
});

Deno.test("isbn13FromIsbn10() keeps the nine digits behind 978 and computes the check digit again", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
      (nine) => {
        const sum = nine.reduce((total, d, i) => total + d * (10 - i), 0);
        const check = (11 - (sum % 11)) % 11;
        const isbn10 = nine.join("") + (check === 10 ? "X" : String(check));
        const isbn13 = isbn13FromIsbn10(isbn10);
        assert.ok(isbn13 !== undefined, isbn10);
        assert.equal(isbn13.slice(0, 12), "978" + nine.join(""));
        const weighted = [...isbn13].reduce((t, d, i) => t + Number(d) * (i % 2 ? 3 : 1), 0);
        assert.equal(weighted % 10, 0, isbn13);
        // Any other check digit is no ISBN-10.
        const wrong = isbn10.slice(0, 9) + (check === 0 ? "1" : "0");
        assert.equal(isbn13FromIsbn10(wrong), undefined);
      },
    ),
  );
  assert.equal(isbn13FromIsbn10("97803064061"), undefined);
  assert.equal(isbn13FromIsbn10("X306406152"), undefined);
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

Deno.test("suggestionScore() reads Sinhala, Tamil and Singlish by sound, English letters only as written", () => {
  assert.ok(suggestionScore("gamperalya", "ගම්පෙරළිය") >= SUGGESTION_THRESHOLD);
  assert.ok(suggestionScore("විරාය", "Viragaya") >= SUGGESTION_THRESHOLD);
  assert.ok(suggestionScore("ponniyan selvan", "பொன்னியின் செல்வன்") >= SUGGESTION_THRESHOLD);
  assert.ok(wordSimilarity("විරාය", "Viragaya") < SUGGESTION_THRESHOLD);
  // Two texts in English letters score as written: "vikramasinghe" is not "Wickramasinghe" by sound.
  assert.equal(
    suggestionScore("vikramasinghe", "Wickramasinghe"),
    wordSimilarity("vikramasinghe", "Wickramasinghe"),
  );
  assert.equal(suggestionScore("ක", "Gamperaliya"), 0);
});

Deno.test("closestTexts() compares a text by sound only where it is marked so", () => {
  assert.deepEqual(closestTexts("gamperalya", ["ගම්පෙරළිය"]), ["ගම්පෙරළිය"]);
  assert.deepEqual(closestTexts("gamperalya", [{ text: "ගම්පෙරළිය", bySound: false }]), []);
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

Deno.test("helpForEmptySearch() says the other store's count is a lower bound when its search capped it", async () => {
  const catalogue = {
    suggest: () => Promise.resolve([]),
    listBooks: () =>
      Promise.resolve({ items: [], page: 1, pageSize: 1, total: 1000, totalCapped: true }),
    listStationery: () => Promise.resolve({ items: [], page: 1, pageSize: 1, total: 0 }),
  };
  assert.deepEqual(await helpForEmptySearch(catalogue, { kind: "stationery", q: "the" }), {
    suggestions: [],
    elsewhere: { kind: "book", total: 1000, totalCapped: true },
  });
});

Deno.test("helpForEmptySearch() looks for suggestions of a term of up to MAX_SUGGESTED_TERM characters only", async () => {
  const asked: string[] = [];
  const page = (total: number) => ({ items: [], page: 1, pageSize: 1, total });
  const catalogue = {
    suggest: (_kind: string, q: string) => {
      asked.push(q);
      return Promise.resolve(["Madol Doova"]);
    },
    listBooks: () => Promise.resolve(page(0)),
    listStationery: () => Promise.resolve(page(0)),
  };
  const longest = "ම".repeat(MAX_SUGGESTED_TERM);
  assert.deepEqual(await helpForEmptySearch(catalogue, { kind: "book", q: longest }), {
    suggestions: ["Madol Doova"],
  });
  assert.deepEqual(await helpForEmptySearch(catalogue, { kind: "book", q: `${longest}x` }), {
    suggestions: [],
  });
  assert.deepEqual(asked, [longest]);
  assert.equal(suggestsFor(""), false);
  assert.equal(suggestsFor("a".repeat(200)), false);
});
