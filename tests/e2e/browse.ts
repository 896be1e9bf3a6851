/**
 * Browsing the Book Store: the first page, paging, every filter narrowing the list and
 * surviving a reload, and the back button restoring the filter before.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  assertNoScriptErrors,
  bookCards,
  type E2e,
  expectTitles,
  hydrated,
  visit,
} from "./harness.ts";

interface WireBook {
  id: number;
  title: string;
  author: string;
  price: number;
  stock: number;
}

/** The titles the API gives for a query: what the page must show for the same filter. */
async function apiTitles(e2e: E2e, search: string): Promise<string[]> {
  const body = await e2e.shop.api<{ data: WireBook[] }>(`/api/books?${search}`);
  return body.data.map((b) => b.title);
}

/** Reloads the page and checks the same titles come back from the URL alone. */
async function reloadKeeps(page: Page, titles: string[]): Promise<void> {
  await page.reload();
  await hydrated(page);
  await expectTitles(page, titles);
}

export async function browseJourney(e2e: E2e): Promise<void> {
  const { page, errors } = await e2e.open();
  const base = e2e.shop.url;
  await visit(page, `${base}/`);
  await page.getByRole("heading", { name: "Book Store", level: 1 }).waitFor();
  assert.equal(await bookCards(page).count(), 10);
  const firstPage = await apiTitles(e2e, "page=1");
  await expectTitles(page, firstPage);

  // Page 2 shows the next ten.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" })
    .click();
  await page.waitForURL(/page=2/);
  const secondPage = await apiTitles(e2e, "page=2");
  assert.equal(secondPage.length, 10);
  assert.notDeepEqual(secondPage, firstPage);
  await expectTitles(page, secondPage);
  await page.goBack();
  await expectTitles(page, firstPage);

  // Category.
  await page.getByLabel("Category").selectOption({ label: "Poetry" });
  await page.waitForURL(/categoryId=3/);
  const poetry = await apiTitles(e2e, "categoryId=3");
  assert.ok(poetry.length > 0 && poetry.length < 10);
  await expectTitles(page, poetry);
  await reloadKeeps(page, poetry);

  // Author, on top of the category: the back button then restores the category alone.
  await page.getByLabel("Author").selectOption({ label: "Kumaratunga Munidasa" });
  await page.waitForURL(/author=Kumaratunga/);
  const poetryByAuthor = await apiTitles(e2e, "categoryId=3&author=Kumaratunga+Munidasa");
  assert.deepEqual(poetryByAuthor, ["Heen Saraya"]);
  await expectTitles(page, poetryByAuthor);
  await reloadKeeps(page, poetryByAuthor);
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes("author="));
  await expectTitles(page, poetry);
  assert.equal(await page.getByLabel("Author").inputValue(), "");

  // Price range, typed into the numbers (the sliders set the same values).
  await visit(page, `${base}/`);
  await page.getByLabel("Min", { exact: true }).fill("3000");
  await page.getByLabel("Max", { exact: true }).fill("3500");
  await page.waitForURL(/minPrice=3000.*maxPrice=3500|maxPrice=3500.*minPrice=3000/);
  const priced = await apiTitles(e2e, "minPrice=3000&maxPrice=3500");
  assert.ok(priced.length > 0 && priced.length < 10);
  await expectTitles(page, priced);
  await reloadKeeps(page, priced);

  // Stock boxes: only out of stock, then nothing at all.
  await visit(page, `${base}/?categoryId=1`);
  await page.getByLabel("In Stock", { exact: true }).uncheck();
  await page.waitForURL(/inStock=0/);
  const outOfStock = await apiTitles(e2e, "categoryId=1&inStock=0");
  const outBooks = await e2e.shop.api<{ data: WireBook[] }>("/api/books?categoryId=1&inStock=0");
  assert.ok(outBooks.data.length > 0 && outBooks.data.every((b) => b.stock === 0));
  assert.ok(outOfStock.length < 10);
  await expectTitles(page, outOfStock);
  await reloadKeeps(page, outOfStock);
  assert.equal(await page.getByLabel("In Stock", { exact: true }).isChecked(), false);
  await page.getByLabel("Out of Stock", { exact: true }).uncheck();
  await page.getByText("No books available").waitFor();
  await page.goBack();
  await expectTitles(page, outOfStock);

  // The header search: a case-insensitive piece of the title.
  await visit(page, `${base}/`);
  const search = page.getByRole("searchbox", { name: "Search books" });
  await search.fill("GAM");
  await search.press("Enter");
  await page.waitForURL(/q=GAM/);
  await hydrated(page);
  const found = await apiTitles(e2e, "q=GAM");
  assert.ok(found.includes("Gamperaliya") && found.length < 10);
  await expectTitles(page, found);
  await reloadKeeps(page, found);
  assert.equal(await search.inputValue(), "GAM");
  assertNoScriptErrors(errors);
}
