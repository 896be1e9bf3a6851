/**
 * A book's translator and page count, through every boundary: added and changed by the
 * admin (form and JSON), refused out of bounds, searched by the translator, shown on the
 * book page in each language and in its JSON-LD, exported and imported as CSV.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../scripts/build_web.ts";
import { MemoryLocations } from "../adapters/memory/locations.ts";
import { json, PNG_BYTES, testApp } from "./testing/fixture.ts";
import { pagesApp } from "./pages/mod.ts";

await ensureBuilt();

async function shop() {
  const base = await testApp();
  return await testApp({
    catalogue: base.catalogue,
    catalogueAdmin: base.deps.catalogueAdmin,
    pages: pagesApp({
      catalogue: base.catalogue,
      locations: new MemoryLocations(),
      bank: base.deps.bank,
      shop: base.deps.shop,
      customerOrder: () => Promise.resolve(undefined),
    }),
  });
}

function translatedBook(overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: "Jean Christophe",
    author: "Romain Rolland",
    translator: "කේ. ජයතිලක",
    pageCount: "412",
    price: "1850",
    stock: "3",
    categoryId: "1",
    isbn13: "978-955-00-0004-3",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Godage",
    publishingDate: "1999-06-01",
    productEdition: "2nd",
    weight: "0.6",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append("images", new File([PNG_BYTES], "cover.png", { type: "image/png" }));
  return form;
}

async function ok(response: Response, status = 200) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("a book is added with its translator and page count, changed, and searched by the translator", async () => {
  const t = await shop();
  const added = (await ok(
    await t.asAdmin("/api/books", { method: "POST", body: translatedBook() }),
    201,
  )).data;
  assert.deepEqual([added.translator, added.page_count], ["කේ. ජයතිලක", 412]);

  const found = await ok(await t.app.request(`/api/books?q=${encodeURIComponent("ජයතිලක")}`));
  assert.deepEqual(found.data.map((b: { id: number }) => b.id), [added.id]);

  const changed = (await ok(
    await t.asAdmin(`/api/books/${added.id}`, json("PUT", { translator: null, pageCount: 400 })),
  )).data;
  assert.deepEqual([changed.translator, changed.page_count], [null, 400]);
  const gone = await ok(await t.app.request(`/api/books?q=${encodeURIComponent("ජයතිලක")}`));
  assert.equal(gone.total, 0);

  // A book without them answers null for both.
  const plain = (await ok(await t.app.request(`/api/books/${t.ids.book}`))).data;
  assert.deepEqual([plain.translator, plain.page_count], [null, null]);
});

Deno.test("a page count that is not a whole number from 1 to 20000 is refused, naming the field", async () => {
  const t = await shop();
  for (const pageCount of ["0", "20001", "12.5", "many"]) {
    const response = await t.asAdmin("/api/books", {
      method: "POST",
      body: translatedBook({ pageCount }),
    });
    const body = await ok(response, 400);
    assert.ok(JSON.stringify(body.error.details).includes("pageCount"), pageCount);
  }
  const response = await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { pageCount: 0 }));
  assert.ok(JSON.stringify((await ok(response, 400)).error.details).includes("pageCount"));
  const long = await t.asAdmin(
    `/api/books/${t.ids.book}`,
    json("PUT", { translator: "x".repeat(201) }),
  );
  assert.ok(JSON.stringify((await ok(long, 400)).error.details).includes("translator"));
});

Deno.test("the book page shows the translator and the pages in its language, and JSON-LD carries them", async () => {
  const t = await shop();
  const added = (await ok(
    await t.asAdmin("/api/books", { method: "POST", body: translatedBook() }),
    201,
  )).data;
  const words = { "": ["Translator", "Pages"], "/si": ["පරිවර්තකයා", "පිටු ගණන"] };
  for (const [prefix, [translator, pages]] of Object.entries(words)) {
    const html = await (await t.app.request(`${prefix}/books/${added.id}`)).text();
    assert.match(html, new RegExp(`${translator}[\\s\\S]{0,200}කේ. ජයතිලක`), prefix);
    assert.match(html, new RegExp(`${pages}[\\s\\S]{0,200}412`), prefix);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const book = JSON.parse(ld ?? "{}");
    assert.equal(book.numberOfPages, 412);
    assert.deepEqual(book.translator, { "@type": "Person", name: "කේ. ජයතිලක" });
  }
  // A book without them lists neither, and its JSON-LD leaves them out.
  const html = await (await t.app.request(`/books/${t.ids.book}`)).text();
  assert.doesNotMatch(html, /Translator|numberOfPages/);
});

Deno.test("the books' CSV exports the translator and page count, and an import sets them", async () => {
  const t = await shop();
  const csv = await (await t.asAdmin("/api/books/export")).text();
  const [_note, header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  const names = header.split(",");
  assert.ok(names.includes("translator") && names.includes("pageCount"), header);
  assert.equal(rows.length, 2);

  const madol = (await ok(await t.app.request(`/api/books/${t.ids.book}`))).data;
  const imported = await ok(
    await t.asAdmin("/api/books/import", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: `isbn13,translator,pageCount\r\n${madol.isbn13},Lakshmi de Silva,208\r\n`,
    }),
  );
  assert.deepEqual([imported.data.updated, imported.data.errors], [1, []]);
  const after = (await ok(await t.app.request(`/api/books/${t.ids.book}`))).data;
  assert.deepEqual([after.translator, after.page_count], ["Lakshmi de Silva", 208]);

  const refused = await ok(
    await t.asAdmin("/api/books/import", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: `isbn13,pageCount\r\n${madol.isbn13},-3\r\n`,
    }),
  );
  assert.deepEqual(
    refused.data.errors.map((e: { field: string }) => e.field),
    ["pageCount"],
  );
});
