import assert from "node:assert/strict";
import fc from "fast-check";
import { BOOK_SORT_KEYS, SORT_DIRECTIONS } from "./model.ts";
import { compareCodePoints, compareText, type Sortable, sortProducts } from "./sorting.ts";

function item(id: number, overrides: Partial<Sortable> = {}): Sortable {
  return {
    id,
    title: `Title ${id}`,
    priceCents: 100_000,
    stock: 5,
    categoryName: "Novels",
    author: "Martin Wickramasinghe",
    isbn13: `978955000${String(id).padStart(4, "0")}`,
    ...overrides,
  };
}

const ids = (items: Sortable[]) => items.map((i) => i.id);

Deno.test("sortProducts() keeps id order when no sort is given", () => {
  assert.deepEqual(ids(sortProducts([item(3), item(1), item(2)])), [1, 2, 3]);
});

Deno.test("sortProducts() orders titles ignoring case", () => {
  const items = [
    item(1, { title: "zebra" }),
    item(2, { title: "Apple" }),
    item(3, { title: "mango" }),
  ];
  assert.deepEqual(ids(sortProducts(items, { by: "title", direction: "asc" })), [2, 3, 1]);
  assert.deepEqual(ids(sortProducts(items, { by: "title", direction: "desc" })), [1, 3, 2]);
});

Deno.test("sortProducts() orders prices and stock as numbers, not as text", () => {
  const items = [
    item(1, { priceCents: 90_000, stock: 10 }),
    item(2, { priceCents: 150_000, stock: 9 }),
    item(3, { priceCents: 1_000, stock: 100 }),
  ];
  assert.deepEqual(ids(sortProducts(items, { by: "price", direction: "asc" })), [3, 1, 2]);
  assert.deepEqual(ids(sortProducts(items, { by: "stock", direction: "desc" })), [3, 1, 2]);
});

Deno.test("sortProducts() breaks ties by id in the sort's direction", () => {
  const items = [item(2, { stock: 0 }), item(3, { stock: 1 }), item(1, { stock: 0 })];
  assert.deepEqual(ids(sortProducts(items, { by: "stock", direction: "asc" })), [1, 2, 3]);
  assert.deepEqual(ids(sortProducts(items, { by: "stock", direction: "desc" })), [3, 2, 1]);
});

Deno.test("sortProducts() orders by category name, author and ISBN-13", () => {
  const items = [
    item(1, { categoryName: "Poems", author: "b", isbn13: "9780000000002" }),
    item(2, { categoryName: "novels", author: "C", isbn13: "9780000000001" }),
    item(3, { categoryName: "Children", author: "A", isbn13: "9780000000003" }),
  ];
  assert.deepEqual(ids(sortProducts(items, { by: "category", direction: "asc" })), [3, 2, 1]);
  assert.deepEqual(ids(sortProducts(items, { by: "author", direction: "asc" })), [3, 1, 2]);
  assert.deepEqual(ids(sortProducts(items, { by: "isbn13", direction: "asc" })), [2, 1, 3]);
});

Deno.test("sortProducts() leaves its input as it was", () => {
  const items = [item(2), item(1)];
  sortProducts(items, { by: "id", direction: "asc" });
  assert.deepEqual(ids(items), [2, 1]);
});

Deno.test("compareCodePoints() orders by code point, as PostgreSQL's C collation", () => {
  assert.ok(compareCodePoints("Zebra", "apple") < 0);
  assert.ok(compareCodePoints("abc", "abcd") < 0);
  assert.equal(compareCodePoints("ශ්‍රී", "ශ්‍රී"), 0);
  // U+1F4D6 (an emoji, two UTF-16 units from 0xD83D) comes after U+FB01 (one unit).
  assert.ok(compareCodePoints("\u{1F4D6}", "\uFB01") > 0);
  assert.ok("\u{1F4D6}" < "\uFB01", "plain < compares UTF-16 units the other way");
});

Deno.test("compareText() ignores case, and accented letters follow the plain ones", () => {
  assert.equal(compareText("GAMPERALIYA", "gamperaliya"), 0);
  assert.ok(compareText("apple", "Zebra") < 0);
  assert.ok(compareText("Zebra", "Émile") < 0);
});

const sortable = fc.record({
  title: fc.string({ maxLength: 6 }),
  priceCents: fc.integer({ min: 0, max: 50 }),
  stock: fc.integer({ min: 0, max: 3 }),
  categoryName: fc.constantFrom("Novels", "poems", "Children"),
  author: fc.constantFrom("A", "b", "C"),
  isbn13: fc.constantFrom("9780000000001", "9780000000002"),
});
const listings = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 1000 }), sortable), {
  selector: ([id]) => id,
  maxLength: 30,
}).map((rows) => rows.map(([id, fields]) => ({ id, ...fields })));

Deno.test("sortProducts() descending is ascending reversed, for every key", () => {
  fc.assert(fc.property(
    listings,
    fc.constantFrom(...BOOK_SORT_KEYS),
    (items, by) => {
      const up = ids(sortProducts(items, { by, direction: "asc" }));
      const down = ids(sortProducts(items, { by, direction: "desc" }));
      assert.deepEqual(down, [...up].reverse());
    },
  ));
});

Deno.test("sortProducts() gives one order whatever order the items come in, so pages never overlap", () => {
  fc.assert(fc.property(
    listings,
    fc.constantFrom(...BOOK_SORT_KEYS),
    fc.constantFrom(...SORT_DIRECTIONS),
    (items, by, direction) => {
      const sorted = ids(sortProducts(items, { by, direction }));
      const shuffled = ids(sortProducts([...items].reverse(), { by, direction }));
      assert.deepEqual(shuffled, sorted);
      assert.equal(new Set(sorted).size, items.length);
    },
  ));
});
