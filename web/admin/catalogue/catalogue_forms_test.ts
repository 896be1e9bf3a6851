import { PREORDER_NEEDS_DATE } from "../../../domain/catalogue/preorder.ts";
import assert from "node:assert/strict";
import {
  type BookFormValues,
  buildBookFormData,
  buildStationeryFormData,
  checkImages,
  EMPTY_BOOK_FORM,
  validateBookForm,
  validateCategoryName,
  validateStationeryForm,
} from "./catalogue_forms.ts";
import { formFieldsOf } from "./record_form.ts";
import { BOOK_FIELDS } from "../../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../../domain/catalogue/stationery_record.ts";
import {
  SALE_ENDS_BEFORE_START,
  SALE_PRICE_TOO_LOW,
  SALE_WINDOW_NEEDS_PRICE,
  salePriceNotBelow,
} from "../../../domain/catalogue/sale_price.ts";

/** A product's sale fields left empty, as a new form has them. */
const NO_SALE = { salePrice: "", saleStarts: "", saleEnds: "" };

const GOOD_BOOK: BookFormValues = {
  title: "Madol Doova",
  author: "Martin Wickramasinghe",
  translator: "",
  price: "950",
  salePrice: "",
  saleStarts: "",
  saleEnds: "",
  stock: "12",
  categoryId: "2",
  isbn13: "978-0-306-40615-7",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasa",
  publishingDate: "2019-05-01",
  productEdition: "3",
  pageCount: "",
  weight: "0.35",
  description: "",
  preorder: false,
  preorderDate: "",
};
const PNG = { name: "cover.png", type: "image/png", size: 2048 };

Deno.test("validateBookForm() passes a complete book with one image", () => {
  assert.deepEqual(validateBookForm(GOOD_BOOK, [PNG]), {});
});

Deno.test("validateBookForm() names every missing required field, description excepted", () => {
  const errors = validateBookForm(EMPTY_BOOK_FORM, []);
  assert.deepEqual(Object.keys(errors).sort(), [
    "author",
    "binding",
    "categoryId",
    "images",
    "isbn13",
    "language",
    "price",
    "productEdition",
    "publisher",
    "publishingDate",
    "stock",
    "title",
    "weight",
  ]);
  assert.equal(errors.images, "At least one image is required");
});

Deno.test("validateBookForm() reports format errors on their fields", () => {
  const errors = validateBookForm(
    { ...GOOD_BOOK, price: "-3", stock: "2.5", language: "French", publishingDate: "2019-13-01" },
    [PNG],
  );
  assert.deepEqual(Object.keys(errors).sort(), ["language", "price", "publishingDate", "stock"]);
});

Deno.test("checkImages() refuses other file types and files over 5 MB", () => {
  assert.match(
    checkImages([{ name: "a.pdf", type: "application/pdf", size: 1 }], { min: 1, max: 1 }) ?? "",
    /a\.pdf/,
  );
  assert.match(checkImages([{ ...PNG, size: 6 * 1024 * 1024 }], { min: 1, max: 1 }) ?? "", /5 MB/);
  assert.equal(checkImages([PNG, PNG], { min: 1, max: 1 }), "At most 1 image");
});

Deno.test("validateStationeryForm() needs one image and the required fields", () => {
  const values = {
    title: "Pen",
    price: "50",
    stock: "10",
    weight: "0.01",
    categoryId: "1",
    ...NO_SALE,
  };
  assert.deepEqual(validateStationeryForm(values, PNG), {});
  assert.deepEqual(validateStationeryForm(values, null), { image: "An image is required" });
  assert.deepEqual(validateCategoryName("  "), { name: "Name is required" });
});

Deno.test("buildBookFormData() sends the API's creation names and every image", () => {
  const images = [new Blob(["a"], { type: "image/png" }), new Blob(["b"], { type: "image/png" })];
  const form = buildBookFormData({ ...GOOD_BOOK, preorder: true }, images);
  assert.equal(form.get("isbn13"), "9780306406157");
  assert.equal(form.get("categoryId"), "2");
  assert.equal(form.get("publishingDate"), "2019-05-01");
  assert.equal(form.get("productEdition"), "3");
  assert.equal(form.get("preorder"), "1");
  assert.equal(form.get("description"), "");
  assert.equal(form.getAll("images").length, 2);
});

Deno.test("buildStationeryFormData() sends one image under 'image'", () => {
  const values = {
    title: " Pen ",
    price: "50",
    stock: "10",
    weight: "0.01",
    categoryId: "1",
    ...NO_SALE,
  };
  const form = buildStationeryFormData(values, new Blob(["a"], { type: "image/png" }));
  assert.equal(form.get("title"), "Pen");
  assert.ok(form.get("image") instanceof Blob);
});

Deno.test("validateBookForm() refuses a pre-order without its expected date, and takes it with one", () => {
  const undated = { ...GOOD_BOOK, preorder: true };
  assert.deepEqual(validateBookForm(undated, [PNG]), { preorderDate: PREORDER_NEEDS_DATE });
  assert.deepEqual(validateBookForm({ ...undated, preorderDate: "2027-03-15" }, [PNG]), {});
  assert.deepEqual(validateBookForm({ ...GOOD_BOOK, preorderDate: "2027-03-15" }, [PNG]), {});
});

Deno.test("the add and edit forms of both products offer the sale price and its days, optional, after the price", () => {
  for (const fields of [BOOK_FIELDS, STATIONERY_FIELDS]) {
    for (const mode of ["add", "edit"] as const) {
      const form = formFieldsOf(fields, mode);
      const at = form.findIndex((f) => f.key === "price");
      assert.deepEqual(
        form.slice(at + 1, at + 4).map((f) => [f.key, f.label, f.input, f.optional]),
        [
          ["salePrice", "Sale price (LKR)", { kind: "input", type: "number", step: "0.01" }, true],
          ["saleStarts", "Sale starts", { kind: "input", type: "date" }, true],
          ["saleEnds", "Sale ends", { kind: "input", type: "date" }, true],
        ],
      );
    }
  }
});

Deno.test("the forms hold a sale to the shop's rules, in the words beside each field", () => {
  const sale = (values: Partial<BookFormValues>) =>
    validateBookForm({ ...GOOD_BOOK, ...values }, [PNG]);
  assert.deepEqual(
    sale({ salePrice: "800", saleStarts: "2026-09-20", saleEnds: "2026-09-25" }),
    {},
  );
  assert.deepEqual(sale({ salePrice: "950" }), { salePrice: salePriceNotBelow(95_000) });
  assert.deepEqual(sale({ salePrice: "0" }), { salePrice: SALE_PRICE_TOO_LOW });
  assert.deepEqual(sale({ salePrice: "abc" }), {
    salePrice: "Sale price must be a number of at least 0 with at most 2 decimals",
  });
  assert.deepEqual(sale({ saleEnds: "2026-09-25" }), { salePrice: SALE_WINDOW_NEEDS_PRICE });
  assert.deepEqual(
    sale({ salePrice: "800", saleStarts: "2026-09-25", saleEnds: "2026-09-20" }),
    { saleEnds: SALE_ENDS_BEFORE_START },
  );
  const pen = { title: "Pen", price: "50", stock: "1", weight: "0.01", categoryId: "1" };
  assert.deepEqual(validateStationeryForm({ ...pen, ...NO_SALE, salePrice: "60" }, PNG), {
    salePrice: salePriceNotBelow(5_000),
  });
  // The multipart body sends the sale under the API's names; empty days stay empty.
  const form = buildBookFormData({ ...GOOD_BOOK, salePrice: " 800 " }, [new Blob(["a"])]);
  assert.deepEqual([form.get("salePrice"), form.get("saleStarts")], ["800", ""]);
});
