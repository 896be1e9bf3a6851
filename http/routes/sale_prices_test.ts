/**
 * A product's sale price through the admin's routes: kept and cleared like any nullable
 * field, refused with 400 on its own field when it breaks a sale rule (a price under LKR
 * 0.01 or not below the price, a last day before the first, days without a price, a new
 * price at or below the sale price), and carried by the CSV files there and back.
 */
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { json, orderBody, PNG_BYTES, type TestApp, testApp } from "../testing/fixture.ts";
import {
  SALE_ENDS_BEFORE_START,
  SALE_PRICE_TOO_LOW,
  SALE_WINDOW_NEEDS_PRICE,
  salePriceNotBelow,
} from "../../domain/catalogue/sale_price.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

function problems(answer: { error: { details: { field: string; message: string }[] } }) {
  return answer.error.details.map((d) => [d.field, d.message]);
}

function stationeryForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  const all = { title: "Ruler 30cm", price: "120", stock: "8", weight: "0.03", categoryId: "2" };
  for (const [name, value] of Object.entries({ ...all, ...fields })) form.set(name, value);
  form.set("image", new File([PNG_BYTES], "ruler.png", { type: "image/png" }));
  return form;
}

Deno.test("a sale price and its days are kept, answered and cleared like any optional field", async () => {
  const t = await testApp();
  const added = await body(
    await t.asAdmin("/api/stationery", {
      method: "POST",
      body: stationeryForm({ salePrice: "99.50", saleStarts: "2026-12-01", saleEnds: "" }),
    }),
    201,
  );
  assert.deepEqual(
    [added.data.price, added.data.sale_price, added.data.sale_starts, added.data.sale_ends],
    [120, 99.5, "2026-12-01", null],
  );
  const path = `/api/books/${t.ids.book}`;
  const changed = await body(
    await t.asAdmin(path, json("PUT", { salePrice: 800, saleEnds: "2026-09-25" })),
    200,
  );
  assert.deepEqual([changed.data.sale_price, changed.data.sale_ends], [800, "2026-09-25"]);
  // Another edit leaves the sale as it is; null ends it.
  assert.equal(
    (await body(await t.asAdmin(path, json("PUT", { stock: 9 })), 200)).data.sale_price,
    800,
  );
  const ended = await body(
    await t.asAdmin(path, json("PUT", { salePrice: null, saleEnds: null })),
    200,
  );
  assert.deepEqual([ended.data.sale_price, ended.data.sale_ends], [null, null]);
});

Deno.test("a sale that breaks a rule is refused with 400 on its field, every problem at once", async () => {
  const t = await testApp();
  const refusedAdd = await body(
    await t.asAdmin("/api/stationery", {
      method: "POST",
      body: stationeryForm({ salePrice: "0", saleStarts: "2026-12-10", saleEnds: "2026-12-01" }),
    }),
    400,
  );
  assert.deepEqual(problems(refusedAdd), [
    ["salePrice", SALE_PRICE_TOO_LOW],
    ["saleEnds", SALE_ENDS_BEFORE_START],
  ]);
  const path = `/api/books/${t.ids.book}`; // LKR 950.00
  assert.deepEqual(
    problems(await body(await t.asAdmin(path, json("PUT", { salePrice: 950 })), 400)),
    [["salePrice", salePriceNotBelow(95_000)]],
  );
  assert.deepEqual(
    problems(await body(await t.asAdmin(path, json("PUT", { saleStarts: "2026-12-01" })), 400)),
    [["salePrice", SALE_WINDOW_NEEDS_PRICE]],
  );
  await body(await t.asAdmin(path, json("PUT", { salePrice: 800 })), 200);
  // The price cannot go to or under the sale price, by either route.
  assert.deepEqual(
    problems(await body(await t.asAdmin(path, json("PUT", { price: 800 })), 400)),
    [["salePrice", salePriceNotBelow(80_000)]],
  );
  assert.deepEqual(
    problems(
      await body(
        await t.asAdmin(`/api/books/price/${t.ids.book}`, json("PUT", { price: 700 })),
        400,
      ),
    ),
    [["salePrice", salePriceNotBelow(70_000)]],
  );
  // Both together are judged as they would be stored.
  const both = await body(await t.asAdmin(path, json("PUT", { price: 700, salePrice: 650 })), 200);
  assert.deepEqual([both.data.price, both.data.sale_price], [700, 650]);
});

async function exported(t: TestApp, path: string) {
  const response = await t.asAdmin(path);
  assert.equal(response.status, 200);
  return await response.text();
}

async function imported(t: TestApp, path: string, csv: string, dryRun = false) {
  const response = await t.asAdmin(`${path}${dryRun ? "?dryRun=1" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
  return (await body(response, 200)).data as {
    created: number;
    updated: number;
    unchanged: number;
    errors: { line: number; field: string; message: string }[];
  };
}

Deno.test("the CSV files carry a sale there and back: the same file changes nothing, an edited one the sale", async () => {
  const t = await testApp();
  await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}`,
      json("PUT", { salePrice: 800, saleStarts: "2026-09-20", saleEnds: "2026-09-25" }),
    ),
    200,
  );
  await body(await t.asAdmin(`/api/stationery/${t.ids.pen}`, json("PUT", { salePrice: 45 })), 200);

  const books = await exported(t, "/api/books/export");
  const rows: string[][] = parse(books, { bom: true });
  const header = rows[1];
  const madol = rows.find((r) => r[header.indexOf("isbn13")] === "9789550000029")!;
  assert.deepEqual(
    ["salePrice", "saleStarts", "saleEnds"].map((c) => madol[header.indexOf(c)]),
    ["800.00", "2026-09-20", "2026-09-25"],
  );
  assert.deepEqual(await imported(t, "/api/books/import", books), {
    created: 0,
    updated: 0,
    unchanged: 2,
    errors: [],
    written: true,
    changes: [],
  });
  const stationery = await exported(t, "/api/stationery/export");
  assert.match(stationery, /45\.00/);
  assert.equal((await imported(t, "/api/stationery/import", stationery)).unchanged, 1);

  // A sale price and its days cleared ([clear]; an empty cell keeps a value) end the sale.
  const edited = books.replace("800.00,2026-09-20,2026-09-25", "[clear],[clear],[clear]");
  assert.notEqual(edited, books);
  assert.equal((await imported(t, "/api/books/import", edited)).updated, 1);
  const after = await body(await t.app.request(`/api/books/${t.ids.book}`), 200);
  assert.deepEqual([after.data.sale_price, after.data.sale_starts], [null, null]);
});

Deno.test("a CSV row whose sale breaks a rule is an error on its sale column, and nothing is written", async () => {
  const t = await testApp();
  const csv = "isbn13,price,salePrice,saleStarts,saleEnds\r\n" +
    "9789550000029,950,950,,\r\n" +
    "9789550000036,1200,,2026-09-20,\r\n";
  const result = await imported(t, "/api/books/import", csv, true);
  assert.deepEqual(result.errors.map((e) => [e.line, e.field, e.message]), [
    [2, "salePrice", salePriceNotBelow(95_000)],
    [3, "salePrice", SALE_WINDOW_NEEDS_PRICE],
  ]);
  const stationery =
    `id,salePrice,saleStarts,saleEnds\r\n${t.ids.pen},40,2026-12-02,2026-12-01\r\n`;
  assert.deepEqual(
    (await imported(t, "/api/stationery/import", stationery, true)).errors.map((e) => e.field),
    ["saleEnds"],
  );
});

Deno.test("an order placed while a sale runs pays the sale price; one placed after its last day, the usual price", async () => {
  const t = await testApp(); // The clock reads 1 March 2026, 15:30 in Colombo.
  const sale = { salePrice: 800, saleStarts: "2026-03-01", saleEnds: "2026-03-01" };
  await body(await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", sale)), 200);
  const during = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { total: 1600 }))),
    201,
  );
  assert.equal(during.total, 1600);
  const order = (await t.orders.findById(during.orderId))!;
  assert.deepEqual(
    order.items.map((l) => [l.unitPriceCents, l.adjustments.map((a) => [a.kind, a.amountCents])]),
    [[80_000, [["sale", 30_000]]]],
  );

  // A stale total while the sale runs: the refusal names the sale price, and the usual one.
  const moved = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { total: 1900 }))),
    409,
  );
  assert.deepEqual(
    moved.error.details.map((d: { price: number; usual_price: number }) => [
      d.price,
      d.usual_price,
    ]),
    [[800, 950]],
  );

  t.clock.advance(9 * 3_600_000); // 00:30 on 2 March in Colombo: the sale is over.
  const stale = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { total: 1600 }))),
    409,
  );
  assert.equal(stale.error.code, "PRICE_CHANGED");
  const after = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { total: 1900 }))),
    201,
  );
  assert.equal(after.total, 1900);
});
