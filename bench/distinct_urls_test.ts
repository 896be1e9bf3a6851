import assert from "node:assert/strict";
import {
  apiListings,
  type CatalogueShape,
  listingPages,
  pageMix,
  randomBookPages,
  searchTerm,
  seededRandom,
} from "./distinct_urls.ts";

const SHAPE: CatalogueShape = {
  bookIds: Array.from({ length: 100_000 }, (_, i) => i + 1),
  categoryIds: Array.from({ length: 40 }, (_, i) => i + 1),
  pages: 10_000,
};

Deno.test("seededRandom() gives the same numbers for the same seed, others for another", () => {
  const a = seededRandom(7);
  const b = seededRandom(7);
  const c = seededRandom(8);
  const first = Array.from({ length: 5 }, a);
  assert.deepEqual(first, Array.from({ length: 5 }, b));
  assert.notDeepEqual(first, Array.from({ length: 5 }, c));
  assert.ok(first.every((n) => n >= 0 && n < 1));
});

Deno.test("the distinct lists are distinct, repeatable and over the whole catalogue", () => {
  const books = randomBookPages(SHAPE, 20_000, 1);
  assert.equal(new Set(books.map((r) => r.path)).size, 20_000);
  assert.deepEqual(randomBookPages(SHAPE, 20_000, 1), books);
  const ids = books.map((r) => Number(r.path.split("/")[2]));
  assert.ok(Math.max(...ids) > 90_000 && Math.min(...ids) < 10_000);
  for (const list of [listingPages(SHAPE, 5_000, 2), apiListings(SHAPE, 5_000, 3)]) {
    assert.equal(new Set(list.map((r) => r.path)).size, 5_000);
    // wrk sends each line as it is: nothing a request line cannot carry.
    assert.ok(list.every((r) => /^[\x21-\x7e]+$/.test(r.path)));
    const kinds = new Set(
      list.map((r) => new URL(r.path, "http://x").searchParams.keys().next().value),
    );
    assert.deepEqual([...kinds].sort(), ["categoryId", "page", "q"]);
  }
});

Deno.test("searchTerm() takes 3 to 5 letters of a generated word", () => {
  const random = seededRandom(3);
  for (let i = 0; i < 200; i++) assert.match(searchTerm(random), /^[a-z]{3,5}$/);
});

Deno.test("pageMix() mixes book pages, listings, the API and the front pages", () => {
  const mix = pageMix(SHAPE, 10_000, 4).map((r) => r.path);
  const share = (test: (p: string) => boolean) => mix.filter(test).length / mix.length;
  assert.ok(Math.abs(share((p) => p.startsWith("/books/")) - 0.4) < 0.03);
  assert.ok(Math.abs(share((p) => p.startsWith("/api/books?")) - 0.15) < 0.03);
  assert.ok(share((p) => p === "/") > 0.02);
});
