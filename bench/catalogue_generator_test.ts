import assert from "node:assert/strict";
import { authorNames, catalogueSize } from "./catalogue_generator.ts";

Deno.test("catalogueSize() keeps the default's proportions and authorNames() are distinct", () => {
  assert.deepEqual(catalogueSize(100_000), {
    books: 100_000,
    stationery: 20_000,
    authors: 5000,
    categories: 40,
    hotItems: 1000,
  });
  assert.equal(catalogueSize(2000).authors, 100);
  assert.throws(() => catalogueSize(10), /at least 100 books/);
  assert.equal(new Set(authorNames(5000)).size, 5000);
});
