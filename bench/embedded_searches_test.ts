import assert from "node:assert/strict";
import { nonsenseWord, uniqueSearches } from "./embedded_searches.ts";
import { TITLE_ADJECTIVES } from "./catalogue_words.ts";

Deno.test("uniqueSearches() gives distinct terms, about half of them a title's words, the same for a seed", () => {
  const terms = uniqueSearches(3_000, 1);
  assert.equal(new Set(terms).size, 3_000);
  const titled = terms.filter((t) =>
    TITLE_ADJECTIVES.some((a) => t.startsWith(a.toLowerCase() + " "))
  );
  assert.ok(titled.length >= 1_000 && titled.length <= 2_000, `${titled.length} of titles' words`);
  assert.deepEqual(uniqueSearches(3_000, 1), terms);
  const other = new Set(uniqueSearches(3_000, 2));
  assert.ok(terms.filter((t) => other.has(t)).length < 300, "another seed asks other terms");
  for (const term of terms) assert.ok(term.length >= 6 && term.length <= 40, term);
});

Deno.test("nonsenseWord() is letters only, of the length asked, fixed by its seed", () => {
  assert.match(nonsenseWord(7, 12), /^[a-z]{12}$/);
  assert.equal(nonsenseWord(7, 12), nonsenseWord(7, 12));
  assert.notEqual(nonsenseWord(7, 12), nonsenseWord(8, 12));
});
