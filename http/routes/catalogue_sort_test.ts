import assert from "node:assert/strict";
import { newBook, newStationery, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

/** The fixture's two books plus three more, so that sorting and paging meet. */
async function sortingApp() {
  const t = await testApp();
  await t.catalogue.createBook(newBook({
    title: "viragaya",
    author: "Ediriweera Sarachchandra",
    isbn13: "9789550000050",
    priceCents: 50_000,
    stock: 0,
  }));
  await t.catalogue.createBook(newBook({
    title: "Yuganthaya",
    isbn13: "9789550000067",
    priceCents: 95_000,
    stock: 9,
  }));
  await t.catalogue.createBook(newBook({
    title: "Amba Yahaluwo",
    author: "T. B. Ilangaratne",
    isbn13: "9789550000098",
    priceCents: 200_000,
    stock: 1,
  }));
  return t;
}

const titles = (page: { data: { title: string }[] }) => page.data.map((b) => b.title);

Deno.test("GET /api/books?sort=title sorts every page of the catalogue, ignoring case", async () => {
  const t = await sortingApp();
  const first = await body(await t.app.request("/api/books?sort=title&pageSize=2"), 200);
  assert.deepEqual(titles(first), ["Amba Yahaluwo", "Gamperaliya"]);
  assert.equal(first.total, 5);
  const second = await body(await t.app.request("/api/books?sort=title&pageSize=2&page=2"), 200);
  assert.deepEqual(titles(second), ["Madol Doova", "viragaya"]);
  const last = await body(
    await t.app.request("/api/books?sort=title&order=desc&pageSize=2"),
    200,
  );
  assert.deepEqual(titles(last), ["Yuganthaya", "viragaya"]);
});

Deno.test("GET /api/books?sort=price breaks equal prices by id, in the asked direction", async () => {
  const t = await sortingApp();
  const up = await body(await t.app.request("/api/books?sort=price&order=asc"), 200);
  assert.deepEqual(titles(up), [
    "viragaya",
    "Madol Doova",
    "Yuganthaya",
    "Gamperaliya",
    "Amba Yahaluwo",
  ]);
  const down = await body(await t.app.request("/api/books?sort=price&order=desc"), 200);
  assert.deepEqual(titles(down), [...titles(up)].reverse());
});

Deno.test("GET /api/books sorts within the filter by stock, author and ISBN-13", async () => {
  const t = await sortingApp();
  const inStock = await body(
    await t.app.request("/api/books?inStock=1&outOfStock=0&sort=stock&order=desc"),
    200,
  );
  assert.deepEqual(titles(inStock), ["Yuganthaya", "Madol Doova", "Gamperaliya", "Amba Yahaluwo"]);
  const byAuthor = await body(await t.app.request("/api/books?sort=author&q=a"), 200);
  assert.equal(byAuthor.data[0].author, "Ediriweera Sarachchandra");
  assert.equal(byAuthor.data.at(-1).author, "T. B. Ilangaratne");
  const byIsbn = await body(await t.app.request("/api/books?sort=isbn13&order=desc"), 200);
  assert.equal(byIsbn.data[0].isbn13, "9789550000098");
});

Deno.test("GET /api/books keeps id order without sort, and order alone reverses it", async () => {
  const t = await sortingApp();
  const plain = await body(await t.app.request("/api/books"), 200);
  const ids = plain.data.map((b: { id: number }) => b.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
  const reversed = await body(await t.app.request("/api/books?order=desc"), 200);
  assert.deepEqual(reversed.data.map((b: { id: number }) => b.id), [...ids].reverse());
});

Deno.test("GET /api/books refuses an unknown sort column or direction, naming the field", async () => {
  const t = await testApp();
  const problem = await body(
    await t.app.request("/api/books?sort=price_cents%20DESC&order=sideways"),
    400,
  );
  assert.equal(problem.error.code, "VALIDATION_FAILED");
  const fields = problem.error.details.map((d: { field: string }) => d.field).sort();
  assert.deepEqual(fields, ["order", "sort"]);
  const message = problem.error.details.find((d: { field: string }) => d.field === "sort").message;
  assert.match(message, /title, author, price, stock, category, isbn13/);
});

Deno.test("GET /api/stationery sorts by price and category, and has no author or ISBN-13 sort", async () => {
  const t = await testApp();
  const papers = await t.catalogue.createStationeryCategory("exercise books");
  assert.equal(papers.kind, "ok");
  const categoryId = papers.kind === "ok" ? papers.value.id : 0;
  await t.catalogue.createStationery(
    newStationery({ title: "CR book", priceCents: 18_000, categoryId }),
  );
  await t.catalogue.createStationery(newStationery({ title: "Pencil HB", priceCents: 4_500 }));
  const byPrice = await body(await t.app.request("/api/stationery?sort=price&order=desc"), 200);
  assert.deepEqual(titles(byPrice), ["CR book", "Atlas pen, blue", "Pencil HB"]);
  const byCategory = await body(await t.app.request("/api/stationery?sort=category"), 200);
  assert.deepEqual(titles(byCategory), ["CR book", "Atlas pen, blue", "Pencil HB"]);
  for (const sort of ["author", "isbn13"]) {
    const refused = await body(await t.app.request(`/api/stationery?sort=${sort}`), 400);
    assert.deepEqual(refused.error.details.map((d: { field: string }) => d.field), ["sort"]);
  }
});

Deno.test("GET /api/openapi.json lists the sort columns and directions of both lists", async () => {
  const t = await testApp();
  const document = await body(await t.app.request("/api/openapi.json"), 200);
  const parameter = (path: string, name: string) =>
    document.paths[path].get.parameters.find((p: { name: string }) => p.name === name);
  assert.deepEqual(parameter("/api/books", "sort").schema.enum, [
    "id",
    "title",
    "author",
    "price",
    "stock",
    "category",
    "isbn13",
  ]);
  assert.deepEqual(parameter("/api/stationery", "sort").schema.enum, [
    "id",
    "title",
    "price",
    "stock",
    "category",
  ]);
  assert.deepEqual(parameter("/api/books", "order").schema.enum, ["asc", "desc"]);
  assert.equal(parameter("/api/stationery", "order").in, "query");
  assert.equal(parameter("/api/books", "sort").required, false);
  assert.match(parameter("/api/books", "sort").schema.description, /before paging/);
});
