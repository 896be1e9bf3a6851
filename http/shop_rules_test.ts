/**
 * The shop's own rules (domain/catalogue/isbn.ts, domain/address/) hold on every way into
 * the API: the add form, a book's change, the CSV import, checkout and the saved address.
 * Each refusal is a 400 naming the field; a book's own stored ISBN-13 is never refused.
 */
import assert from "node:assert/strict";
import { json, orderBody, PNG_BYTES, type TestApp, testApp } from "./testing/fixture.ts";

/** An ISBN-13 whose last digit is not its check digit (which is 5). */
const WRONG_ISBN = "9789550000001";

async function refusal(response: Response): Promise<{ field: string; message: string }[]> {
  assert.equal(response.status, 400, await response.clone().text());
  const body = await response.json();
  assert.equal(body.error.code, "VALIDATION_FAILED");
  return body.error.details;
}

function bookForm(isbn13: string): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: "Viragaya",
    author: "Martin Wickramasinghe",
    price: "1250",
    stock: "4",
    categoryId: "1",
    isbn13,
    language: "Sinhala",
    binding: "Hardcover",
    publisher: "Sarasa",
    publishingDate: "1956-03-01",
    productEdition: "3rd",
    weight: "0.45",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append("images", new File([PNG_BYTES], "cover.png", { type: "image/png" }));
  return form;
}

function csv(text: string): RequestInit {
  return { method: "POST", headers: { "Content-Type": "text/csv" }, body: text };
}

/** A book listed before the check digit counted, straight into the store. */
async function legacyBook(t: TestApp): Promise<number> {
  const book = (await t.catalogue.findBook(t.ids.book))!;
  const listed = await t.catalogue.createBook({ ...book, title: "Viragaya", isbn13: WRONG_ISBN });
  assert.equal(listed.kind, "ok");
  return (listed as { value: { id: number } }).value.id;
}

Deno.test("POST /api/books refuses an ISBN-13 without its check digit, naming isbn13", async () => {
  const t = await testApp();
  const details = await refusal(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm("978-955-00-0000-1") }),
  );
  assert.deepEqual(details.map((d) => d.field), ["isbn13"]);
  assert.match(details[0].message, /check digit/);
  const created = await t.asAdmin("/api/books", {
    method: "POST",
    body: bookForm("978-955-00-0000-5"),
  });
  assert.equal(created.status, 201);
  assert.equal((await created.json()).data.isbn13, "9789550000005");
});

Deno.test("PUT /api/books/{id} refuses a new ISBN-13 without its check digit, never the book's own", async () => {
  const t = await testApp();
  const details = await refusal(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { isbn13: WRONG_ISBN })),
  );
  assert.deepEqual(details.map((d) => d.field), ["isbn13"]);

  const legacy = await legacyBook(t);
  const edited = await t.asAdmin(
    `/api/books/${legacy}`,
    json("PUT", { isbn13: WRONG_ISBN, title: "Viragaya (new edition)" }),
  );
  assert.equal(edited.status, 200, await edited.clone().text());
  assert.equal((await edited.json()).data.title, "Viragaya (new edition)");
});

Deno.test("a CSV import refuses a new book's ISBN-13 without its check digit, not a listed book's own", async () => {
  const t = await testApp();
  await legacyBook(t);
  const header = "isbn13,title,author,price,stock,categoryId,language,binding,publisher," +
    "publishingDate,productEdition,weight\r\n";
  const fields = "Martin Wickramasinghe,1000,3,1,Sinhala,Paperback,Sarasa,1956-01-01,1st,0.3";
  const refused = await t.asAdmin(
    "/api/books/import?dryRun=1",
    csv(`${header}9789550000002,Yuganthaya,${fields}\r\n`),
  );
  const summary = (await refused.json()).data;
  assert.deepEqual(summary.errors.map((e: { row: number; field: string }) => [e.row, e.field]), [
    [1, "isbn13"],
  ]);

  const matched = await t.asAdmin(
    "/api/books/import",
    csv(`isbn13,price\r\n${WRONG_ISBN},1100\r\n`),
  );
  const written = (await matched.json()).data;
  assert.deepEqual(written.errors, []);
  assert.equal(written.updated, 1);
});

Deno.test("checkout refuses a phone or postal code outside Sri Lanka's, naming each field", async () => {
  const t = await testApp();
  for (
    const [changes, fields] of [
      [{ phone: "+44 20 7946 0958" }, ["phone"]],
      [{ phone: "077 123 456" }, ["phone"]],
      [{ postalCode: "SW1A 1AA" }, ["postalCode"]],
      [{ postalCode: "1037" }, ["postalCode"]],
      [{ phone: "call me", postalCode: "103 70" }, ["phone", "postalCode"]],
    ] as const
  ) {
    const details = await refusal(
      await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, changes))),
    );
    assert.deepEqual(details.map((d) => d.field).sort(), fields, JSON.stringify(changes));
  }
  for (const phone of ["+94 (0)77 123 4567", "0094 11 234 5678", "(011) 234-5678"]) {
    const placed = await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book, { phone, postalCode: "00700", items: [] })),
    );
    const details = await refusal(placed);
    assert.deepEqual(details.map((d) => d.field), ["items"], phone);
  }
});

Deno.test("the saved address is held to checkout's phone and postal code rules", async () => {
  const t = await testApp();
  const address = {
    name: "Nimali Perera",
    phone: "077 123 456",
    address: "12 Galle Road",
    postalCode: "ABC12",
    province: 1,
    district: 1,
    area: 1,
  };
  const details = await refusal(
    await t.app.request(
      "/api/account/address",
      json("PUT", address, { Authorization: `Bearer ${t.customerToken}` }),
    ),
  );
  assert.deepEqual(details.map((d) => d.field).sort(), ["phone", "postalCode"]);
});
