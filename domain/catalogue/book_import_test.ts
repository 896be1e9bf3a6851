import assert from "node:assert/strict";
import { planBookImport } from "./book_import.ts";
import { fieldChanges } from "./catalogue_import.ts";
import { PREORDER_NEEDS_DATE } from "./preorder.ts";
import { planStationeryImport } from "./stationery_import.ts";
import type { Book } from "./model.ts";

const BOOK: Book = {
  id: 3,
  title: "Madol Doova",
  author: "Martin Wickramasinghe",
  translator: null,
  pageCount: null,
  priceCents: 95_000,
  salePriceCents: null,
  saleStarts: null,
  saleEnds: null,
  stock: 5,
  categoryId: 1,
  categoryName: "Novels",
  isbn13: "9789550000029",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasa",
  publishingDate: "1947-01-01",
  edition: "1st",
  weightGrams: 350,
  description: null,
  images: ["/uploads/madol.png"],
  preorder: false,
  preorderDate: null,
  preorderedStock: 0,
};

const CONTEXT = { existing: [BOOK], categoryIds: new Set([1]), today: "2026-03-01" };

Deno.test("planBookImport() tells a refused cell's row's other problems too: the category with the price", () => {
  const plan = planBookImport([
    { row: 1, line: 2, values: { isbn13: BOOK.isbn13, categoryId: 9 }, refused: ["priceCents"] },
  ], CONTEXT);
  assert.deepEqual(plan.errors, [
    { row: 1, line: 2, field: "categoryId", message: "No such category" },
  ]);
  assert.deepEqual([plan.create, plan.update, plan.unchanged], [[], [], 0]);
});

Deno.test("planBookImport() names every missing field of a new book, but not one whose cell was refused", () => {
  const plan = planBookImport([
    {
      row: 2,
      line: 4,
      values: { isbn13: "9789550000036", title: "Gamperaliya", categoryId: 7 },
      refused: ["priceCents"],
    },
  ], CONTEXT);
  const fields = plan.errors.map((e) => e.field);
  assert.ok(fields.includes("categoryId"), "the unknown category");
  assert.ok(fields.includes("author"), "a missing field");
  assert.ok(!fields.includes("priceCents"), "the refused price is not also missing");
  assert.ok(plan.errors.every((e) => e.line === 4 && e.row === 2));
});

Deno.test("planBookImport() says which line a repeated ISBN-13 repeats, as a spreadsheet numbers it", () => {
  const plan = planBookImport([
    { row: 1, line: 2, values: { isbn13: BOOK.isbn13, stock: 4 }, refused: [] },
    { row: 2, line: 5, values: { isbn13: BOOK.isbn13, stock: 6, categoryId: 8 }, refused: [] },
  ], CONTEXT);
  assert.deepEqual(plan.errors, [
    { row: 2, line: 5, field: "isbn13", message: "repeats line 2" },
    { row: 2, line: 5, field: "categoryId", message: "No such category" },
  ]);
  assert.equal(plan.update.length, 1);
});

Deno.test("planBookImport() checks the images of every row, rows with problems too", () => {
  const plan = planBookImport([
    {
      row: 1,
      line: 2,
      values: { isbn13: BOOK.isbn13, images: ["/uploads/new.png"] },
      refused: ["stock"],
    },
  ], CONTEXT);
  assert.deepEqual(plan.images, [{ row: 1, line: 2, id: BOOK.id, images: ["/uploads/new.png"] }]);
});

Deno.test("planStationeryImport() tells an unknown id, an unknown category and a missing field at once", () => {
  const plan = planStationeryImport([
    { row: 1, line: 2, values: { id: 99, categoryId: 5 }, refused: [] },
    { row: 2, line: 3, values: { title: "Ruler", categoryId: 5 }, refused: ["priceCents"] },
  ], { existing: [], categoryIds: new Set([1]) });
  assert.deepEqual(plan.errors.map((e) => [e.line, e.field]), [
    [2, "categoryId"],
    [2, "id"],
    [3, "categoryId"],
    [3, "stock"],
    [3, "weightGrams"],
  ]);
});

Deno.test("planBookImport() refuses a pre-order left without its date, but not a row that changes neither", () => {
  const dateless = { ...BOOK, id: 4, isbn13: "9789550000043", preorder: true };
  const context = { ...CONTEXT, existing: [BOOK, dateless] };
  const fresh = {
    isbn13: "9789550000036",
    title: "Gamperaliya",
    author: "Martin Wickramasinghe",
    priceCents: 120_000,
    categoryId: 1,
  };
  const plan = planBookImport([
    { row: 1, line: 2, values: { isbn13: BOOK.isbn13, preorder: true }, refused: [] },
    { row: 2, line: 3, values: { ...fresh, preorder: true, preorderDate: null }, refused: [] },
    // Listed as a pre-order before the rule and exported as it is: its other cells still count.
    { row: 3, line: 4, values: { isbn13: dateless.isbn13, preorder: true, stock: 9 }, refused: [] },
  ], context);
  assert.deepEqual(plan.errors.filter((e) => e.field === "preorderDate"), [
    { row: 1, line: 2, field: "preorderDate", message: PREORDER_NEEDS_DATE },
    { row: 2, line: 3, field: "preorderDate", message: PREORDER_NEEDS_DATE },
  ]);
  assert.deepEqual(plan.update.map((u) => u.line), [4]);
  const dated = planBookImport([
    {
      row: 1,
      line: 2,
      values: { isbn13: BOOK.isbn13, preorder: true, preorderDate: "2026-04-01" },
      refused: [],
    },
  ], context);
  assert.deepEqual([dated.errors, dated.update.length], [[], 1]);
});

Deno.test("planBookImport() keeps each update's book as it was, so the check can show every change", () => {
  const plan = planBookImport([
    { row: 1, line: 2, values: { isbn13: BOOK.isbn13, stock: 9 }, refused: [] },
  ], CONTEXT);
  assert.equal(plan.update[0].before.stock, 5);
  assert.deepEqual(fieldChanges(plan.update[0].before, plan.update[0].record), [
    { field: "stock", before: 5, after: 9 },
  ]);
});
