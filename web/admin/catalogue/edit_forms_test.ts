import assert from "node:assert/strict";
import {
  bookChanges,
  bookValues,
  moveImage,
  validateBookEdit,
  validateStationeryEdit,
} from "./edit_forms.ts";
import type { WireBook } from "../../../contract/records.ts";

/** A product's sale fields left empty, as a new form has them. */
const NO_SALE = { salePrice: "", saleStarts: "", saleEnds: "" };

/** A book as the shop's API answers it. */
const BOOK: WireBook = {
  id: 1,
  title: "Book 1",
  author: "Martin Wickramasinghe",
  translator: null,
  price: 950,
  sale_price: null,
  sale_starts: null,
  sale_ends: null,
  stock: 10,
  category_id: 1,
  category_name: "Novels",
  isbn13: "9780000000001",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasa",
  publishing_date: "2019-05-01",
  product_edition: "1",
  page_count: null,
  weight: 0.35,
  description: null,
  images: ["/uploads/cover.png"],
  preorder: 0,
  preorder_date: null,
  preordered_stock: 0,
};

Deno.test("bookChanges() names only the fields that changed, in wire units", () => {
  const before = bookValues(BOOK);
  const after = {
    ...before,
    title: " Madol Doova ",
    isbn13: "978-000-000-0009",
    price: "1200.50",
    weight: "0.350",
    categoryId: "2",
    description: "  ",
  };
  assert.deepEqual(bookChanges(before, after), {
    title: "Madol Doova",
    isbn13: "9780000000009",
    price: 1200.5,
    categoryId: 2,
  });
  assert.deepEqual(bookChanges(before, before), {});
});

Deno.test("validateBookEdit() applies the add form's rules but not to images or stock", () => {
  const values = { ...bookValues(BOOK), title: " ", isbn13: "12", stock: "" };
  assert.deepEqual(Object.keys(validateBookEdit(values)).sort(), ["isbn13", "title"]);
});

Deno.test("moveImage() swaps an image with its neighbour and stops at the ends", () => {
  assert.deepEqual(moveImage(["/a", "/b", "/c"], 2, -1), ["/a", "/c", "/b"]);
  assert.deepEqual(moveImage(["/a", "/b"], 0, -1), ["/a", "/b"]);
});

Deno.test("validateBookEdit() leaves an unchanged ISBN-13 alone and checks a new one", () => {
  const before = { ...bookValues(BOOK), isbn13: "9789550000001" };
  assert.equal(validateBookEdit(before, before).isbn13, undefined);
  const changed = { ...before, isbn13: "9789550000002" };
  assert.equal(validateBookEdit(changed, before).isbn13, "ISBN-13 check digit does not match");
});

Deno.test("validateStationeryEdit() applies the add form's rules but not to the image or stock", () => {
  const values = { title: "", price: "-1", stock: "", weight: "0.01", categoryId: "1", ...NO_SALE };
  assert.deepEqual(Object.keys(validateStationeryEdit(values)).sort(), ["price", "title"]);
  assert.deepEqual(validateStationeryEdit({ ...values, title: "Pen", price: "45" }), {});
});
