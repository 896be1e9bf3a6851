import assert from "node:assert/strict";
import { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import { BOOK_ROUTES } from "../../contract/routes/books.ts";
import { STATIONERY_ROUTES } from "../../contract/routes/stationery.ts";
import { newBook, newStationery, testApp } from "../testing/fixture.ts";

async function page(response: Response) {
  assert.equal(response.status, 200, await response.clone().text());
  return await response.json();
}

Deno.test("GET /api/books?q= that finds nothing suggests close titles and names the Stationery Store's matches", async () => {
  const t = await testApp();
  for (let i = 0; i < 10; i++) {
    await t.catalogue.createStationery(newStationery({ title: `Pencil ${i + 1}B` }));
  }
  const pencil = await page(await t.app.request("/api/books?q=pencil"));
  assert.deepEqual([pencil.data, pencil.total], [[], 0]);
  assert.deepEqual(pencil.elsewhere, { store: "stationery", total: 10 });
  assert.deepEqual(pencil.suggestions, []);

  const typo = await page(await t.app.request("/api/books?q=gamperaliaya"));
  assert.deepEqual(typo.suggestions, ["Gamperaliya"]);
  assert.equal(typo.elsewhere, undefined);
});

Deno.test("GET /api/stationery?q= that finds nothing names the Book Store's matches", async () => {
  const t = await testApp();
  const found = await page(await t.app.request("/api/stationery?q=gamper"));
  assert.deepEqual(found.elsewhere, { store: "books", total: 1 });
  assert.ok(Array.isArray(found.suggestions));
});

Deno.test("GET /api/books answers no search help when something matched or nothing was searched", async () => {
  const t = await testApp();
  const found = await page(await t.app.request("/api/books?q=gamper"));
  assert.equal(found.total, 1);
  assert.ok(!("suggestions" in found) && !("elsewhere" in found));
  const filtered = await page(await t.app.request("/api/books?minPrice=4000"));
  assert.equal(filtered.total, 0);
  assert.ok(!("suggestions" in filtered) && !("elsewhere" in filtered));
});

Deno.test("GET /api/books?q= lists title matches first unless sort or order is given", async () => {
  const t = await testApp();
  const life = await t.catalogue.createBook({
    ...(await t.catalogue.findBook(t.ids.book))!,
    title: "Wickramasinghe: A Life",
    author: "Sarath Amunugama",
    isbn13: "9789550001019",
    priceCents: 1_00,
  });
  assert.equal(life.kind, "ok");
  const titles = async (query: string) =>
    (await page(await t.app.request(`/api/books?${query}`))).data.map((b: { title: string }) =>
      b.title
    );
  assert.deepEqual(await titles("q=wickramasinghe"), [
    "Wickramasinghe: A Life",
    "Madol Doova",
    "Gamperaliya",
  ]);
  assert.deepEqual(await titles("q=wickramasinghe&order=asc"), [
    "Madol Doova",
    "Gamperaliya",
    "Wickramasinghe: A Life",
  ]);
  assert.deepEqual(await titles("q=wickramasinghe&sort=price"), [
    "Wickramasinghe: A Life",
    "Madol Doova",
    "Gamperaliya",
  ]);
  assert.deepEqual(await titles("q=wickramasinghe&sort=id&order=desc"), [
    "Wickramasinghe: A Life",
    "Gamperaliya",
    "Madol Doova",
  ]);
});

/** A catalogue whose searches counted up to their bound and found more (as a broad search does). */
class CappedSearches extends MemoryCatalogue {
  override async listBooks(...args: Parameters<MemoryCatalogue["listBooks"]>) {
    const page = await super.listBooks(...args);
    return args[0].q ? { ...page, total: 1000, totalCapped: true } : page;
  }
  override async listStationery(...args: Parameters<MemoryCatalogue["listStationery"]>) {
    const page = await super.listStationery(...args);
    return args[0].q ? { ...page, total: 2000, totalCapped: true } : page;
  }
}

Deno.test("GET /api/books and /api/stationery say totalCapped when a search counted only up to its bound, and only then", async () => {
  const catalogue = new CappedSearches();
  await catalogue.createCategory("Novels");
  await catalogue.createStationeryCategory("Pens");
  await catalogue.createBook(newBook({ title: "The Village" }));
  await catalogue.createStationery(newStationery({ title: "The Pen" }));
  const t = await testApp({ catalogue, catalogueAdmin: catalogue });
  const books = await page(await t.app.request("/api/books?q=the"));
  assert.deepEqual([books.total, books.totalCapped], [1000, true]);
  assert.equal(BOOK_ROUTES.list.ok.schema.parse(books).totalCapped, true);
  const stationery = await page(await t.app.request("/api/stationery?q=the"));
  assert.deepEqual([stationery.total, stationery.totalCapped], [2000, true]);
  assert.equal(STATIONERY_ROUTES.list.ok.schema.parse(stationery).totalCapped, true);
  const listed = await page(await t.app.request("/api/books"));
  assert.equal(listed.total, 1);
  assert.ok(!("totalCapped" in listed), "an exact total carries no totalCapped");
  const orders = await page(await t.asAdmin("/api/orders"));
  assert.ok(!("totalCapped" in orders));
});
