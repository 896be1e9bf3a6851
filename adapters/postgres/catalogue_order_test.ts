import assert from "node:assert/strict";
import { orderOf } from "./catalogue_order.ts";
import type { CatalogueSort } from "../../domain/catalogue/model.ts";

Deno.test("orderOf() keeps id order when no sort is given", () => {
  assert.deepEqual(orderOf("b"), { orderBy: "b.id ASC", needsCategory: false });
});

Deno.test("orderOf() follows a column with the id in the same direction", () => {
  assert.equal(
    orderOf("s", { by: "price", direction: "desc" }).orderBy,
    "s.price_cents DESC, s.id DESC",
  );
  assert.equal(
    orderOf("b", { by: "title", direction: "asc" }).orderBy,
    'lower(b.title) COLLATE "C" ASC, b.id ASC',
  );
});

Deno.test("orderOf() asks for the category join only to sort by category name", () => {
  assert.equal(orderOf("b", { by: "category", direction: "asc" }).needsCategory, true);
  assert.equal(orderOf("b", { by: "author", direction: "asc" }).needsCategory, false);
});

Deno.test("orderOf() refuses keys and directions outside its map, never writing them into SQL", () => {
  const hostile = { by: "title; DROP TABLE books", direction: "asc" } as unknown as CatalogueSort;
  assert.throws(() => orderOf("b", hostile), RangeError);
  const inherited = { by: "constructor", direction: "asc" } as unknown as CatalogueSort;
  assert.throws(() => orderOf("b", inherited), RangeError);
  const sideways = { by: "id", direction: "sideways" } as unknown as CatalogueSort;
  assert.throws(() => orderOf("b", sideways), RangeError);
});

Deno.test("orderOf() refuses author and ISBN-13 for stationery, which has neither", () => {
  assert.throws(() => orderOf("s", { by: "author", direction: "asc" }), RangeError);
  assert.throws(() => orderOf("s", { by: "isbn13", direction: "desc" }), RangeError);
});
