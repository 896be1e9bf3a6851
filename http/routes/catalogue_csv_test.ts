/**
 * The CSV import takes text by the same rule as the JSON API (http/middleware/text_rule.ts): a
 * one-line field with a newline or a tab, or any field of only invisible characters, is
 * an error of its row and field; a description keeps its lines. The columns and cells follow
 * each product's declaration: what an export writes, an import reads back as it was.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import { type Fields, fieldsOf, isWritable } from "../../domain/records/fields.ts";
import { arbitraryRecord } from "../../contract/testing/arbitrary_records.ts";
import {
  BOOK_CSV_COLUMNS,
  booksCsv,
  parseBookCsv,
  parseStationeryCsv,
  STATIONERY_CSV_COLUMNS,
  stationeryCsv,
} from "./catalogue_csv.ts";
import { testApp } from "../testing/fixture.ts";

const HEAD = "isbn13,title,author,description";

Deno.test("parseBookCsv() refuses a title with a newline, a tab or only U+200B, naming row and field", () => {
  const text = [
    HEAD,
    '9780000000011,"Two\nlines",Author,',
    "9780000000012,Tab\there,Author,",
    "9780000000013,\u200b,Author,",
    "9780000000014,Fine,\u200b\u2060,",
    '9780000000015,Fine,Author,"A description\nof two lines"',
  ].join("\r\n");
  const { rows, errors } = parseBookCsv(text);
  assert.deepEqual(errors.map((e) => [e.row, e.field]), [
    [1, "title"],
    [2, "title"],
    [3, "title"],
    [4, "author"],
  ]);
  assert.match(errors[0].message, /U\+000A/);
  assert.match(errors[1].message, /U\+0009/);
  assert.match(errors[2].message, /only of invisible characters/);
  const read = rows.filter((r) => r.refused.length === 0);
  assert.deepEqual(read.map((r) => r.row), [5]);
  assert.equal(read[0].values.description, "A description\nof two lines");
});

Deno.test("parseStationeryCsv() applies the same rule to its titles", () => {
  const { rows, errors } = parseStationeryCsv(
    'title,price,stock,weight,categoryId\r\n"Pen\nblue",50,1,0.01,2\r\n\u200b,50,1,0.01,2\r\nPen,50,1,0.01,2',
  );
  assert.deepEqual(errors.map((e) => [e.row, e.field]), [[1, "title"], [2, "title"]]);
  assert.deepEqual(rows.filter((r) => r.refused.length === 0).map((r) => r.row), [3]);
});

Deno.test("POST /api/books/import stores nothing from a file with such a title and names it", async () => {
  const t = await testApp();
  // ISBN-13s with their check digits: the file's only problems are the titles.
  const csv = [
    "isbn13,title,author,price,stock,categoryId,language,binding,publisher,publishingDate,productEdition,weight",
    "9780000000019,\u200b,Author,100,1,1,English,Paperback,P,2020-01-01,1st,0.2",
    '9780000000026,"Two\nlines",Author,100,1,1,English,Paperback,P,2020-01-01,1st,0.2',
  ].join("\r\n");
  const response = await t.asAdmin("/api/books/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
  assert.equal(response.status, 200);
  const { data } = await response.json();
  assert.equal(data.written, false);
  assert.deepEqual(data.errors.map((e: { row: number; field: string }) => [e.row, e.field]), [
    [1, "title"],
    [2, "title"],
  ]);
  assert.deepEqual(await t.catalogue.findBooksByIsbn(["9780000000019", "9780000000026"]), []);
});

Deno.test("the CSV files keep their columns: the creation names, id first and the images last", () => {
  assert.deepEqual(BOOK_CSV_COLUMNS, [
    "id",
    "title",
    "author",
    "translator",
    "price",
    "salePrice",
    "saleStarts",
    "saleEnds",
    "stock",
    "categoryId",
    "isbn13",
    "language",
    "binding",
    "publisher",
    "publishingDate",
    "productEdition",
    "pageCount",
    "weight",
    "description",
    "preorder",
    "preorderDate",
    "preorderedStock",
    "images",
  ]);
  assert.deepEqual(STATIONERY_CSV_COLUMNS, [
    "id",
    "title",
    "price",
    "salePrice",
    "saleStarts",
    "saleEnds",
    "stock",
    "weight",
    "categoryId",
    "image",
  ]);
});

/**
 * What an import reads of a product: its writable fields (and a stationery item's id), but
 * those the export writes as an empty cell (none, no text, no images), which keep the value.
 */
function written(fields: Fields, product: Record<string, unknown>, withId: boolean) {
  const empty = (v: unknown) => v === null || v === "" || (Array.isArray(v) && v.length === 0);
  return Object.fromEntries([
    ...(withId ? [["id", product.id]] : []),
    ...fieldsOf(fields).filter(([, f]) => isWritable(f)).map(([name]) => [name, product[name]])
      .filter(([, value]) => !empty(value)),
  ]);
}

Deno.test("random books exported as CSV are read back by the import as they were", () => {
  fc.assert(
    fc.property(fc.array(arbitraryRecord(BOOK_FIELDS), { minLength: 1, maxLength: 5 }), (books) => {
      const { rows, errors } = parseBookCsv(booksCsv(books));
      assert.deepEqual(errors, []);
      // Line 1 is the note on empty cells and [clear], line 2 the header.
      assert.deepEqual(rows.map((r) => r.line), books.map((_, i) => i + 3));
      assert.deepEqual(
        rows.map((r) => r.values),
        books.map((b) => written(BOOK_FIELDS, b, false)),
      );
    }),
    { numRuns: 150 },
  );
});

Deno.test("random stationery exported as CSV is read back by the import as it was", () => {
  fc.assert(
    fc.property(fc.array(arbitraryRecord(STATIONERY_FIELDS), { maxLength: 5 }), (items) => {
      const { rows, errors } = parseStationeryCsv(stationeryCsv(items));
      assert.deepEqual(errors, []);
      assert.deepEqual(
        rows.map((r) => r.values),
        items.map((s) => written(STATIONERY_FIELDS, s, true)),
      );
    }),
    { numRuns: 150 },
  );
});

Deno.test("an empty cell never clears a value and may not empty the ISBN-13", () => {
  const csv = "isbn13,description,preorderDate,title\r\n9789550000001,,,\r\n,x,,y\r\n";
  const { rows, errors } = parseBookCsv(csv);
  assert.deepEqual(rows[0], {
    row: 1,
    line: 2,
    values: { isbn13: "9789550000001" },
    refused: [],
  });
  assert.deepEqual(rows[1].refused, ["isbn13"]);
  assert.deepEqual(errors, [{ row: 2, line: 3, field: "isbn13", message: "ISBN-13 is required" }]);
});

Deno.test("[clear] clears an optional field to its empty value and is the row's error in a required one", () => {
  const csv = [
    "isbn13,description,preorderDate,preorder,images,title,price",
    "9789550000001,[clear],[CLEAR], [clear] ,[clear],,",
    "9789550000002,,,,,[clear],[clear]",
    "[clear],,,,,,",
  ].join("\r\n");
  const { rows, errors } = parseBookCsv(csv);
  assert.deepEqual(rows[0].values, {
    isbn13: "9789550000001",
    description: null,
    preorderDate: null,
    preorder: false,
    images: [],
  });
  assert.deepEqual(rows[1].refused, ["title", "priceCents"]);
  assert.deepEqual(rows[2].refused, ["isbn13"]);
  const refusal = "[clear] cannot clear a field every product needs";
  assert.deepEqual(errors, [
    { row: 2, line: 3, field: "title", message: refusal },
    { row: 2, line: 3, field: "price", message: refusal },
    { row: 3, line: 4, field: "isbn13", message: refusal },
  ]);
  const items = parseStationeryCsv("id,title,image\r\n[clear],x,[clear]\r\n");
  assert.deepEqual(items.errors.map((e) => e.field), ["id"]);
});

Deno.test("the export's first row says how empty cells and [clear] are read, and the import skips it", () => {
  const text = booksCsv([]);
  const [note, header] = text.replace(/^\uFEFF/, "").split("\r\n");
  assert.match(note, /^# An empty cell keeps the value; \[clear\] clears it/);
  assert.equal(header, BOOK_CSV_COLUMNS.join(","));
  assert.deepEqual(parseBookCsv(text), { rows: [], errors: [] });
});
