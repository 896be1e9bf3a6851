import assert from "node:assert/strict";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { pageFieldsOf } from "../../domain/records/fields.ts";
import en from "../../messages/en.json" with { type: "json" };

Deno.test("every detail BOOK_FIELDS puts on the book page is named by words the catalogues hold", () => {
  const rows = pageFieldsOf(BOOK_FIELDS);
  assert.ok(rows.length > 0);
  for (const { name, page } of rows) {
    assert.ok(page.words !== undefined || page.label !== undefined, name);
    if (page.words) assert.ok(page.words in en, `${name}: ${page.words}`);
  }
});

Deno.test("the book page's details keep their order: ISBN-13 first, the weight last", () => {
  assert.deepEqual(pageFieldsOf(BOOK_FIELDS).map((row) => row.name), [
    "isbn13",
    "language",
    "binding",
    "author",
    "translator",
    "publisher",
    "publishingDate",
    "edition",
    "pageCount",
    "weightGrams",
  ]);
});
