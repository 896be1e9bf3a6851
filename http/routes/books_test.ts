import assert from "node:assert/strict";
import { json, PNG_BYTES, testApp } from "../testing/fixture.ts";
import { PREORDER_NEEDS_DATE } from "../../domain/catalogue/preorder.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

function bookForm(overrides: Record<string, string> = {}, images = 1): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: "Viragaya",
    author: "Martin Wickramasinghe",
    price: "1250.50",
    stock: "4",
    categoryId: "1",
    isbn13: "978-955-00-0004-3",
    language: "Sinhala",
    binding: "Hardcover",
    publisher: "Sarasa",
    publishingDate: "1956-03-01",
    productEdition: "3rd",
    weight: "0.45",
    description: "",
    preorder: "0",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (let i = 0; i < images; i++) {
    form.append("images", new File([PNG_BYTES], `cover-${i}.png`, { type: "image/png" }));
  }
  return form;
}

Deno.test("GET /api/books answers a page of book records in wire units", async () => {
  const t = await testApp();
  const page = await body(await t.app.request("/api/books"), 200);
  assert.equal(page.page, 1);
  assert.equal(page.pageSize, 10);
  assert.equal(page.total, 2);
  const book = page.data.find((b: { id: number }) => b.id === t.ids.book);
  assert.deepEqual(book, {
    id: t.ids.book,
    title: "Madol Doova",
    author: "Martin Wickramasinghe",
    translator: null,
    price: 950,
    sale_price: null,
    sale_starts: null,
    sale_ends: null,
    stock: 5,
    category_id: 1,
    category_name: "Novels",
    isbn13: "9789550000029",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishing_date: "1947-01-01",
    product_edition: "1st",
    page_count: null,
    weight: 0.35,
    description: "A boy's adventures in the south",
    images: ["/uploads/madol.png"],
    preorder: 0,
    preorder_date: null,
    preordered_stock: 0,
    shelf: null,
  });
  const preorder = page.data.find((b: { id: number }) => b.id === t.ids.preorderBook);
  assert.equal(preorder.preorder, 1);
  assert.equal(preorder.preorder_date, "2026-05-01");
});

Deno.test("GET /api/books filters by title, price range, stock and author, and pages", async () => {
  const t = await testApp();
  const byTitle = await body(await t.app.request("/api/books?q=GAMPER"), 200);
  assert.deepEqual(byTitle.data.map((b: { title: string }) => b.title), ["Gamperaliya"]);
  const cheap = await body(await t.app.request("/api/books?minPrice=0&maxPrice=950"), 200);
  assert.deepEqual(cheap.data.map((b: { id: number }) => b.id), [t.ids.book]);
  const none = await body(await t.app.request("/api/books?inStock=0&outOfStock=1"), 200);
  assert.equal(none.total, 0);
  const author = await body(await t.app.request("/api/books?author=Nobody"), 200);
  assert.equal(author.total, 0);
  const second = await body(await t.app.request("/api/books?page=2&pageSize=1"), 200);
  assert.deepEqual([second.page, second.pageSize, second.total, second.data.length], [2, 1, 2, 1]);
});

Deno.test("GET /api/books refuses bad query values naming each field", async () => {
  const t = await testApp();
  const problem = await body(
    await t.app.request("/api/books?pageSize=101&page=0&minPrice=-1&inStock=maybe"),
    400,
  );
  assert.equal(problem.error.code, "VALIDATION_FAILED");
  const fields = problem.error.details.map((d: { field: string }) => d.field).sort();
  assert.deepEqual(fields, ["inStock", "minPrice", "page", "pageSize"]);
});

Deno.test("GET /api/books/authors lists distinct authors and is not taken for an id", async () => {
  const t = await testApp();
  const authors = await body(await t.app.request("/api/books/authors"), 200);
  assert.deepEqual(authors, { data: ["Martin Wickramasinghe"] });
});

Deno.test("GET /api/books/{id} answers the book, 404 when missing, 400 for a bad id", async () => {
  const t = await testApp();
  const found = await body(await t.app.request(`/api/books/${t.ids.book}`), 200);
  assert.equal(found.data.title, "Madol Doova");
  assert.equal((await body(await t.app.request("/api/books/9999"), 404)).error.code, "NOT_FOUND");
  assert.equal(
    (await body(await t.app.request("/api/books/1.5"), 400)).error.code,
    "VALIDATION_FAILED",
  );
});

Deno.test("POST /api/books stores the images and answers the new book", async () => {
  const t = await testApp();
  const created = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm({}, 2) }),
    201,
  );
  assert.equal(created.data.title, "Viragaya");
  assert.equal(created.data.price, 1250.5);
  assert.equal(created.data.weight, 0.45);
  assert.equal(created.data.isbn13, "9789550000043");
  assert.equal(created.data.description, null);
  assert.equal(created.data.images.length, 2);
  assert.equal(t.images.images.size, 2);
  const listed = await body(await t.app.request(`/api/books/${created.data.id}`), 200);
  // A storefront read also says what a copy costs now: its usual price here.
  assert.deepEqual(listed.data, { ...created.data, shelf: null });
});

Deno.test("POST /api/books refuses bad fields, no image, a non-image and a duplicate ISBN", async () => {
  const t = await testApp();
  const bad = await body(
    await t.asAdmin("/api/books", {
      method: "POST",
      body: bookForm({ price: "12.345", language: "French", publishingDate: "2020-02-30" }),
    }),
    400,
  );
  const fields = bad.error.details.map((d: { field: string }) => d.field).sort();
  assert.deepEqual(fields, ["language", "price", "publishingDate"]);

  const noImage = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm({}, 0) }),
    400,
  );
  assert.equal(noImage.error.details[0].field, "images");

  const fake = bookForm({}, 0);
  fake.append("images", new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }));
  const refused = await body(await t.asAdmin("/api/books", { method: "POST", body: fake }), 415);
  assert.equal(refused.error.code, "UNSUPPORTED_MEDIA_TYPE");

  const duplicate = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm({ isbn13: "9789550000029" }) }),
    409,
  );
  assert.equal(duplicate.error.code, "DUPLICATE");

  const unknownCategory = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm({ categoryId: "77" }) }),
    400,
  );
  assert.equal(unknownCategory.error.details[0].field, "categoryId");
});

Deno.test("POST /api/books refuses an image over 5 MB with 413 and JSON with 415", async () => {
  const t = await testApp();
  const form = bookForm({}, 0);
  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set(PNG_BYTES);
  form.append("images", new File([big], "big.png", { type: "image/png" }));
  const tooBig = await body(await t.asAdmin("/api/books", { method: "POST", body: form }), 413);
  assert.equal(tooBig.error.code, "PAYLOAD_TOO_LARGE");
  const asJson = await body(await t.asAdmin("/api/books", json("POST", { title: "x" })), 415);
  assert.equal(asJson.error.code, "UNSUPPORTED_MEDIA_TYPE");
});

Deno.test("PUT /api/books/price/{id} changes the price; 404 and 400 as the contract says", async () => {
  const t = await testApp();
  const changed = await body(
    await t.asAdmin(`/api/books/price/${t.ids.book}`, json("PUT", { price: 19.99 })),
    200,
  );
  assert.equal(changed.data.price, 19.99);
  await body(await t.asAdmin("/api/books/price/9999", json("PUT", { price: 10 })), 404);
  const bad = await body(
    await t.asAdmin(`/api/books/price/${t.ids.book}`, json("PUT", { price: -1 })),
    400,
  );
  assert.equal(bad.error.details[0].field, "price");
});

Deno.test("PUT /api/books/{id} sets or adds stock and pre-order settings; absent fields stay", async () => {
  const t = await testApp();
  const added = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { addStock: 3 })),
    200,
  );
  assert.equal(added.data.stock, 8);
  assert.equal(added.data.price, 950);
  const set = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}`,
      json("PUT", {
        stock: 2,
        price: 1000,
        preorder: true,
        preorderDate: "2026-06-01",
        preorderedStock: 12,
      }),
    ),
    200,
  );
  assert.deepEqual(
    [
      set.data.stock,
      set.data.price,
      set.data.preorder,
      set.data.preorder_date,
      set.data.preordered_stock,
    ],
    [2, 1000, 1, "2026-06-01", 12],
  );
});

Deno.test("PUT /api/books/{id} answers 409 below zero stock and 400 for stock with addStock", async () => {
  const t = await testApp();
  const negative = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { addStock: -6 })),
    409,
  );
  assert.equal(negative.error.code, "CONFLICT");
  const both = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { stock: 1, addStock: 1 })),
    400,
  );
  assert.equal(both.error.details[0].field, "addStock");
  const unknown = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { colour: "red" })),
    400,
  );
  assert.equal(unknown.error.code, "VALIDATION_FAILED");
  await body(await t.asAdmin("/api/books/9999", json("PUT", { stock: 1 })), 404);
});

Deno.test("DELETE /api/books/{id} answers 204, then the book is gone; 404 for a missing one", async () => {
  const t = await testApp();
  const deleted = await t.asAdmin(`/api/books/${t.ids.book}`, { method: "DELETE" });
  assert.equal(deleted.status, 204);
  assert.equal(await deleted.text(), "");
  await body(await t.app.request(`/api/books/${t.ids.book}`), 404);
  await body(await t.asAdmin(`/api/books/${t.ids.book}`, { method: "DELETE" }), 404);
});

Deno.test("a new book's images are served under /uploads with their type", async () => {
  const t = await testApp();
  const created = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm() }),
    201,
  );
  const image = await t.app.request(created.data.images[0]);
  assert.equal(image.status, 200);
  assert.equal(image.headers.get("Content-Type"), "image/png");
  assert.equal(image.headers.get("X-Content-Type-Options"), "nosniff");
  assert.deepEqual(new Uint8Array(await image.arrayBuffer()), PNG_BYTES);
});

Deno.test("a pre-order date before today in Sri Lanka is refused with 400 naming preorderDate", async () => {
  const t = await testApp(); // the shop's clock reads 2026-03-01
  const put = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}`,
      json("PUT", { preorder: true, preorderDate: "2026-02-28" }),
    ),
    400,
  );
  assert.deepEqual(put.error.details, [{
    field: "preorderDate",
    message: 'Preorder date "2026-02-28" is in the past (today is 2026-03-01)',
  }]);
  const unchanged = await body(await t.app.request(`/api/books/${t.ids.book}`), 200);
  assert.notEqual(unchanged.data.preorder_date, "2026-02-28");

  const posted = await body(
    await t.asAdmin("/api/books", {
      method: "POST",
      body: bookForm({ preorder: "1", preorderDate: "2025-12-31", preorderedStock: "5" }),
    }),
    400,
  );
  assert.equal(posted.error.details[0].field, "preorderDate");
  assert.equal(t.images.images.size, 0);

  const today = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}`,
      json("PUT", { preorder: true, preorderDate: "2026-03-01" }),
    ),
    200,
  );
  assert.equal(today.data.preorder_date, "2026-03-01");
});

Deno.test("ticking pre-order without an expected date is refused with 400 naming preorderDate", async () => {
  const t = await testApp(); // the shop's clock reads 2026-03-01; the fixture's book is no pre-order
  const ticked = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { preorder: true })),
    400,
  );
  assert.deepEqual(ticked.error.details, [{ field: "preorderDate", message: PREORDER_NEEDS_DATE }]);
  assert.equal((await body(await t.app.request(`/api/books/${t.ids.book}`), 200)).data.preorder, 0);

  const posted = await body(
    await t.asAdmin("/api/books", { method: "POST", body: bookForm({ preorder: "1" }) }),
    400,
  );
  assert.deepEqual(posted.error.details, [{ field: "preorderDate", message: PREORDER_NEEDS_DATE }]);

  // With its date it is a pre-order; clearing the date alone then is refused too.
  const dated = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}`,
      json("PUT", { preorder: true, preorderDate: "2027-03-15" }),
    ),
    200,
  );
  assert.equal(dated.data.preorder_date, "2027-03-15");
  await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { preorderDate: null })),
    400,
  );
  // Taken off pre-order, it keeps no date; a price change never asks for one.
  const off = await body(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { preorder: false })),
    200,
  );
  assert.equal(off.data.preorder_date, null);
  await body(await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { price: 1200 })), 200);
});
