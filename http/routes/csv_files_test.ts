/**
 * Every CSV the shop writes (books, stationery, orders) as another program reads it: a
 * byte-order mark first, a cell of several lines quoted so the row stays one row, phone
 * numbers as typed and only real formulas guarded; and the import's problems told all at
 * once, at the line a spreadsheet shows. The files are read back with csv-parse, as another
 * program would (Python's csv module reads them the same way).
 */
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { json, newBook, newStationery, orderBody, testApp } from "../testing/fixture.ts";
import { isFormula } from "./catalogue_csv.ts";

const BOM = [0xef, 0xbb, 0xbf];

/** The bytes of a download, and its records as csv-parse reads them (the BOM taken off). */
async function download(response: Response) {
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/csv/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const records: string[][] = parse(text, { bom: true });
  return { bytes, text, records };
}

/** A shop whose catalogue and one order hold what breaks CSV files. */
async function awkwardShop() {
  const t = await testApp();
  await t.catalogue.createBook(newBook({
    isbn13: "9780000000019",
    title: "මඩොල් දූව, a novel",
    description: "First line\nSecond line\nThird line",
  }));
  await t.catalogue.createStationery(newStationery({ title: '=HYPERLINK("http://x.example")' }));
  const placed = await t.app.request(
    "/api/orders",
    json("POST", orderBody(t.ids.book, { phone: "+94 77 123 4567", name: "Nimal Perera" })),
  );
  assert.equal(placed.status, 201);
  return t;
}

Deno.test("every CSV export starts with the UTF-8 byte-order mark, so Excel reads Sinhala and Tamil", async () => {
  const t = await awkwardShop();
  for (const path of ["/api/books/export", "/api/stationery/export", "/api/orders/export"]) {
    const { bytes } = await download(await t.asAdmin(path));
    assert.deepEqual([...bytes.slice(0, 3)], BOM, path);
  }
  const { records } = await download(await t.asAdmin("/api/books/export"));
  assert.ok(records.some((r) => r.includes("මඩොල් දූව, a novel")));
});

Deno.test("a description of several lines is one quoted cell: the file has one record per book", async () => {
  const t = await awkwardShop();
  const { text, records } = await download(await t.asAdmin("/api/books/export"));
  const books = (await (await t.asAdmin("/api/books?pageSize=100")).json()).total;
  assert.equal(records.length, books + 2, "the note, the header and one record per book");
  const header = records[1];
  const row = records.find((r) => r[header.indexOf("isbn13")] === "9780000000019")!;
  assert.equal(row.length, header.length);
  assert.equal(row[header.indexOf("description")], "First line\nSecond line\nThird line");
  assert.ok(text.includes('"First line\nSecond line\nThird line"'), "the cell is quoted");
});

Deno.test("the orders CSV writes a phone number as typed and guards only a real formula", async () => {
  const t = await awkwardShop();
  const { records } = await download(await t.asAdmin("/api/orders/export"));
  const [header, first] = records;
  assert.equal(first[header.indexOf("phone")], "+94 77 123 4567");
  const items = await download(await t.asAdmin("/api/stationery/export"));
  const title = items.records[1].indexOf("title");
  assert.ok(
    items.records.some((r) => r[title] === '\'=HYPERLINK("http://x.example")'),
    "a formula still gets its apostrophe",
  );
});

Deno.test("isFormula() guards what a spreadsheet would run, never a number or phone number", () => {
  for (const text of ["=1+1", "@SUM(A1)", "+SUM(A1)", "-cmd|' /C calc'!A0", "\t=1", "+94 x"]) {
    assert.equal(isFormula(text), true, text);
  }
  for (
    const text of [
      "+94 77 123 4567",
      "+94-77-1234567",
      "+94 (0) 77 123 4567",
      "-12.50",
      "-",
      "Nimal",
    ]
  ) {
    assert.equal(isFormula(text), false, text);
  }
});

async function importCsv(t: Awaited<ReturnType<typeof testApp>>, path: string, csv: string) {
  const response = await t.asAdmin(`${path}?dryRun=1`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
  assert.equal(response.status, 200);
  return (await response.json()).data as {
    errors: { row: number; line: number; field: string; message: string }[];
    changes: { line: number; fields: { field: string; before: string; after: string }[] }[];
  };
}

async function importForReal(t: Awaited<ReturnType<typeof testApp>>, csv: string) {
  const response = await t.asAdmin("/api/books/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
  assert.equal(response.status, 200);
  return (await response.json()).data as { written: boolean; updated: number };
}

Deno.test("a row with only price and stock filled keeps every other value, and the check shows each change", async () => {
  const t = await testApp();
  const before = (await t.catalogue.findBooksByIsbn(["9789550000029"]))[0];
  const csv = [
    "isbn13,title,price,stock,description,preorderDate,images",
    "9789550000029,,1000,12,,,",
  ].join("\r\n");
  const check = await importCsv(t, "/api/books/import", csv);
  assert.deepEqual(check.errors, []);
  assert.deepEqual(check.changes, [{
    row: 1,
    line: 2,
    id: before.id,
    fields: [
      { field: "price", before: "950.00", after: "1000.00" },
      { field: "stock", before: "5", after: "12" },
    ],
  }]);
  assert.equal((await importForReal(t, csv)).written, true);
  const after = (await t.catalogue.findBooksByIsbn(["9789550000029"]))[0];
  assert.deepEqual({ ...after, priceCents: 95_000, stock: 5 }, before);
  assert.equal(after.priceCents, 100_000);
});

Deno.test("[clear] empties a description, shown as a change; in a required field nothing is saved", async () => {
  const t = await testApp();
  const before = (await t.catalogue.findBooksByIsbn(["9789550000029"]))[0];
  const cleared = "isbn13,description\r\n9789550000029,[clear]\r\n";
  const check = await importCsv(t, "/api/books/import", cleared);
  assert.deepEqual(check.changes[0].fields, [
    { field: "description", before: before.description, after: "" },
  ]);
  const refused = "isbn13,price,description\r\n9789550000029,[clear],[clear]\r\n";
  const result = await importForReal(t, refused);
  assert.equal(result.written, false);
  assert.deepEqual(
    (await importCsv(t, "/api/books/import", refused)).errors.map((e) => [e.line, e.field]),
    [[2, "price"]],
  );
  assert.deepEqual((await t.catalogue.findBooksByIsbn(["9789550000029"]))[0], before);
  assert.equal((await importForReal(t, cleared)).written, true);
  assert.equal((await t.catalogue.findBooksByIsbn(["9789550000029"]))[0].description, null);
});

Deno.test("an import names each problem at the line a spreadsheet shows: the header is line 1", async () => {
  const t = await testApp();
  const csv = [
    "isbn13,title,price",
    "9789550000029,Madol Doova,950",
    "",
    '9789550000036,"A title\nof two lines",100',
    "9789550000029,Madol Doova,lots",
  ].join("\r\n");
  const { errors } = await importCsv(t, "/api/books/import", csv);
  // Line 1 the header, 2 Madol Doova, 3 the empty line, 4 the two-line title, 5 the bad price.
  assert.deepEqual(errors.map((e) => [e.line, e.row, e.field]), [
    [4, 2, "title"],
    [5, 3, "price"],
    [5, 3, "isbn13"],
  ]);
  assert.equal(errors[2].message, "repeats line 2");
});

Deno.test("an import tells every problem of a file at once: an unknown category beside a bad price", async () => {
  const t = await testApp();
  const books = "isbn13,price,categoryId\r\n9789550000029,lots,999\r\n";
  assert.deepEqual((await importCsv(t, "/api/books/import", books)).errors.map((e) => e.field), [
    "price",
    "categoryId",
  ]);
  const stationery = "id,title,price,stock,weight,categoryId\r\n" +
    `${t.ids.pen},Pen,ten,1,0.01,999\r\n` +
    ",Ruler,10,,0.02,999\r\n";
  const { errors } = await importCsv(t, "/api/stationery/import", stationery);
  assert.deepEqual(errors.map((e) => [e.line, e.field]), [
    [2, "price"],
    [2, "categoryId"],
    [3, "categoryId"],
    [3, "stock"],
  ]);
});
