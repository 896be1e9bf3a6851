/**
 * The CSV import takes text by the same rule as the JSON API (http/text_rule.ts): a
 * one-line field with a newline or a tab, or any field of only invisible characters, is
 * an error of its row and field; a description keeps its lines.
 */
import assert from "node:assert/strict";
import { parseBookCsv, parseStationeryCsv } from "./catalogue_csv.ts";
import { testApp } from "./testing/fixture.ts";

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
  assert.deepEqual(rows.map((r) => r.row), [5]);
  assert.equal(rows[0].values.description, "A description\nof two lines");
});

Deno.test("parseStationeryCsv() applies the same rule to its titles", () => {
  const { rows, errors } = parseStationeryCsv(
    'title,price,stock,weight,categoryId\r\n"Pen\nblue",50,1,0.01,2\r\n\u200b,50,1,0.01,2\r\nPen,50,1,0.01,2',
  );
  assert.deepEqual(errors.map((e) => [e.row, e.field]), [[1, "title"], [2, "title"]]);
  assert.deepEqual(rows.map((r) => r.row), [3]);
});

Deno.test("POST /api/books/import stores nothing from a file with such a title and names it", async () => {
  const t = await testApp();
  const csv = [
    "isbn13,title,author,price,stock,categoryId,language,binding,publisher,publishingDate,productEdition,weight",
    "9780000000011,\u200b,Author,100,1,1,English,Paperback,P,2020-01-01,1st,0.2",
    '9780000000012,"Two\nlines",Author,100,1,1,English,Paperback,P,2020-01-01,1st,0.2',
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
  assert.deepEqual(await t.catalogue.findBooksByIsbn(["9780000000011", "9780000000012"]), []);
});
