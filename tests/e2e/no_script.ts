/**
 * The storefront with scripts turned off: the server-rendered list, its filter form and
 * its page links work as plain HTML, and a book's page shows its details.
 */
import assert from "node:assert/strict";
import { assertNoScriptErrors, bookCards, cardTitles, type E2e } from "./harness.ts";

interface WireBook {
  id: number;
  title: string;
  isbn13: string;
  description: string | null;
}

async function apiTitles(e2e: E2e, search: string): Promise<string[]> {
  return (await e2e.shop.api<{ data: WireBook[] }>(`/api/books?${search}`)).data.map((b) =>
    b.title
  );
}

export async function noScriptJourney(e2e: E2e): Promise<void> {
  const base = e2e.shop.url;
  const { page, errors } = await e2e.open({ javaScriptEnabled: false });
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Book Store", level: 1 }).waitFor();
  assert.equal(await bookCards(page).count(), 10);
  assert.deepEqual(await cardTitles(page), await apiTitles(e2e, "page=1"));

  // The filter form is a plain GET form.
  await page.getByLabel("Category").selectOption({ label: "Children's Books" });
  await page.getByLabel("Out of Stock", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL(/categoryId=4/);
  assert.match(page.url(), /outOfStock=0/);
  const children = await apiTitles(e2e, "categoryId=4&outOfStock=0");
  assert.ok(children.length > 0);
  assert.deepEqual(await cardTitles(page), children);

  // Page links are plain links.
  await page.goto(`${base}/`);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" })
    .click();
  await page.waitForURL(/page=2/);
  assert.deepEqual(await cardTitles(page), await apiTitles(e2e, "page=2"));

  // A book's page, straight from a card.
  const first = (await e2e.shop.api<{ data: WireBook[] }>("/api/books?page=2")).data[0];
  await bookCards(page).first().click();
  await page.waitForURL(`${base}/books/${first.id}`);
  await page.getByRole("heading", { name: first.title, level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Specification" }).waitFor();
  await page.getByText(first.isbn13, { exact: true }).waitFor();
  await page.getByText(first.description ?? "No description available for this product.")
    .waitFor();
  assertNoScriptErrors(errors);
}
