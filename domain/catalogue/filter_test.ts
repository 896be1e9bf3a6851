import assert from "node:assert/strict";
import fc from "fast-check";
import type { Book, BookFilter, StationeryItem } from "./model.ts";
import { DEFAULT_BOOK_FILTER, DEFAULT_STATIONERY_FILTER, matchesFilter } from "./filter.ts";

function aBook(overrides: Partial<Book> = {}): Book {
  return {
    id: 1,
    title: "Gamperaliya",
    author: "Martin Wickramasinghe",
    translator: null,
    priceCents: 95000,
    salePriceCents: null,
    saleStarts: null,
    saleEnds: null,
    stock: 4,
    categoryId: 2,
    categoryName: "Novels",
    isbn13: "9789552100018",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasavi",
    publishingDate: "2019-05-01",
    edition: "12th",
    pageCount: null,
    weightGrams: 350,
    description: null,
    images: ["/uploads/a.png"],
    preorder: false,
    preorderDate: null,
    preorderedStock: 0,
    ...overrides,
  };
}

function anItem(overrides: Partial<StationeryItem> = {}): StationeryItem {
  return {
    id: 1,
    title: "Atlas Chooty Pen Blue",
    priceCents: 4000,
    salePriceCents: null,
    saleStarts: null,
    saleEnds: null,
    stock: 100,
    weightGrams: 10,
    categoryId: 1,
    categoryName: "Pens",
    image: "/uploads/p.png",
    ...overrides,
  };
}

const all: BookFilter = { ...DEFAULT_BOOK_FILTER };

Deno.test("matchesFilter(book) admits every book under the default filter", () => {
  assert.equal(matchesFilter("book", aBook(), all), true);
  assert.equal(matchesFilter("book", aBook({ stock: 0 }), all), true);
});

Deno.test("matchesFilter(book) finds the trimmed term anywhere in the title, ignoring case", () => {
  assert.equal(matchesFilter("book", aBook(), { ...all, q: "  PERAL " }), true);
  assert.equal(matchesFilter("book", aBook(), { ...all, q: "madol" }), false);
  assert.equal(matchesFilter("book", aBook(), { ...all, q: "   " }), true);
  assert.equal(matchesFilter("book", aBook(), { ...all, q: "" }), true);
});

Deno.test("matchesFilter(book) matches category and author when unset or equal", () => {
  assert.equal(matchesFilter("book", aBook(), { ...all, categoryId: 2 }), true);
  assert.equal(matchesFilter("book", aBook(), { ...all, categoryId: 3 }), false);
  assert.equal(matchesFilter("book", aBook(), { ...all, author: "Martin Wickramasinghe" }), true);
  assert.equal(matchesFilter("book", aBook(), { ...all, author: "martin wickramasinghe" }), false);
  assert.equal(matchesFilter("book", aBook(), { ...all, author: "Martin" }), false);
});

Deno.test("matchesFilter(book) keeps both ends of the price range", () => {
  const book = aBook({ priceCents: 95000 });
  assert.equal(matchesFilter("book", book, { ...all, minPriceCents: 95000 }), true);
  assert.equal(matchesFilter("book", book, { ...all, maxPriceCents: 95000 }), true);
  assert.equal(matchesFilter("book", book, { ...all, minPriceCents: 95001 }), false);
  assert.equal(matchesFilter("book", book, { ...all, maxPriceCents: 94999 }), false);
});

Deno.test("matchesFilter(book) lets each stock box admit its side only", () => {
  const inStock = aBook({ stock: 1 });
  const soldOut = aBook({ stock: 0 });
  const onlyIn = { ...all, inStock: true, outOfStock: false };
  const onlyOut = { ...all, inStock: false, outOfStock: true };
  const neither = { ...all, inStock: false, outOfStock: false };
  assert.equal(matchesFilter("book", inStock, onlyIn), true);
  assert.equal(matchesFilter("book", soldOut, onlyIn), false);
  assert.equal(matchesFilter("book", inStock, onlyOut), false);
  assert.equal(matchesFilter("book", soldOut, onlyOut), true);
  assert.equal(matchesFilter("book", inStock, neither), false);
  assert.equal(matchesFilter("book", soldOut, neither), false);
});

Deno.test("matchesFilter(stationery) applies the same rules without an author", () => {
  const filter = { ...DEFAULT_STATIONERY_FILTER, q: "chooty", categoryId: 1, maxPriceCents: 4000 };
  assert.equal(matchesFilter("stationery", anItem(), filter), true);
  assert.equal(matchesFilter("stationery", anItem({ priceCents: 4001 }), filter), false);
  assert.equal(matchesFilter("stationery", anItem({ categoryId: 2 }), filter), false);
  assert.equal(
    matchesFilter("stationery", anItem({ stock: 0 }), { ...filter, outOfStock: false }),
    false,
  );
});

Deno.test("matchesFilter(book) admits a book only when it passes every field on its own", () => {
  const filterArb = fc.record({
    q: fc.option(fc.constantFrom("gam", "GAM", " x ", ""), { nil: undefined }),
    categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    author: fc.option(fc.constantFrom("A", "B"), { nil: undefined }),
    minPriceCents: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
    maxPriceCents: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
    inStock: fc.boolean(),
    outOfStock: fc.boolean(),
  });
  const bookArb = fc.record({
    title: fc.constantFrom("Gamperaliya", "Madol Doova", "x"),
    categoryId: fc.integer({ min: 1, max: 3 }),
    author: fc.constantFrom("A", "B"),
    priceCents: fc.integer({ min: 0, max: 5000 }),
    stock: fc.integer({ min: 0, max: 3 }),
  }).map((fields) => aBook(fields));
  fc.assert(fc.property(bookArb, filterArb, (book, filter) => {
    const alone = (part: Partial<BookFilter>) =>
      matchesFilter("book", book, { inStock: true, outOfStock: true, ...part });
    const expected = alone({ q: filter.q }) && alone({ categoryId: filter.categoryId }) &&
      alone({ author: filter.author }) &&
      alone({ minPriceCents: filter.minPriceCents, maxPriceCents: filter.maxPriceCents }) &&
      alone({ inStock: filter.inStock, outOfStock: filter.outOfStock });
    assert.equal(matchesFilter("book", book, filter), expected);
  }));
});

Deno.test("matchesFilter(book) finds a book by its author or its ISBN-13 with hyphens", () => {
  const book = aBook({
    title: "Madol Doova",
    author: "Martin Wickramasinghe",
    isbn13: "9789550000001",
  });
  assert.equal(matchesFilter("book", book, { ...all, q: "wickrama" }), true);
  assert.equal(matchesFilter("book", book, { ...all, q: "978-955 000" }), true);
  assert.equal(matchesFilter("book", book, { ...all, q: "doova" }), true);
  assert.equal(matchesFilter("book", book, { ...all, q: "gamperaliya" }), false);
  assert.equal(matchesFilter("book", book, { ...all, q: "-" }), false);
});
