/**
 * The administrator's day: the guard and the login, a new category and a book with a
 * real picture that then shows in the shop, confirming the COD order (slip and mail),
 * rejecting the Bank Deposit order (stock back), and the stock screen.
 */
import { downloadedBytes } from "../support/page_checks.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { bookFront } from "../../adapters/demo/covers.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../support/shop_server.ts";
import { assertNoScriptErrors, bookCards, type E2e, hydrated, visit } from "./harness.ts";
import { isbn13CheckDigit } from "../../domain/catalogue/isbn.ts";

interface WireBook {
  id: number;
  title: string;
  stock: number;
  images: string[];
  category_name: string;
  preorder: 0 | 1;
  preorder_date: string | null;
  preordered_stock: number;
}

/** A valid ISBN-13 from its first twelve digits. */
export function isbn13(first12: string): string {
  return `${first12}${isbn13CheckDigit(first12)}`;
}

async function stockOf(e2e: E2e, type: "book" | "stationery", id: number): Promise<number> {
  const path = type === "book" ? `/api/books/${id}` : `/api/stationery/${id}`;
  return (await e2e.shop.api<{ data: { stock: number } }>(path)).data.stock;
}

/**
 * Logs in through the form; the page then shows the dashboard, its home panel's figures
 * arrived (their boxes hold their place meanwhile: owners_day_browser_test.ts).
 */
export async function logIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${base}/admin/dashboard`);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.waitForFunction(() => {
    const home = document.querySelector(".home");
    return home !== null && !home.textContent!.includes("…") &&
      home.querySelector('[aria-busy="true"]') === null;
  });
}

async function addCategoryAndBook(e2e: E2e, page: Page, picture: string): Promise<WireBook> {
  const category = page.getByRole("region", { name: "Add New Category" });
  await category.getByLabel("Name").fill("Travel Writing");
  await category.getByRole("button", { name: "Add" }).click();
  await category.getByRole("status").filter({ hasText: "Category added successfully" }).waitFor();

  const form = page.getByRole("region", { name: "Add New Book" });
  await form.getByLabel("Category").locator("option", { hasText: "Travel Writing" })
    .waitFor({ state: "attached" });
  const title = "Lanka by Rail, an E2E Journey";
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Author").fill("Ruwan Jayasekara");
  await form.getByLabel("Price (LKR)", { exact: true }).fill("1275.50");
  await form.getByLabel("Stock").fill("7");
  await form.getByLabel("ISBN-13").fill(isbn13("978955700042"));
  await form.getByLabel("Binding").fill("Paperback");
  await form.getByLabel("Publisher").fill("Sarasavi");
  await form.getByLabel("Publishing date").fill("2024-03-15");
  await form.getByLabel("Edition").fill("First");
  await form.getByLabel("Weight (kg)").fill("0.35");
  await form.getByLabel("Category").selectOption({ label: "Travel Writing" });
  await form.getByLabel("Language").selectOption("English");
  await form.getByLabel("Description").fill("Slow trains from Colombo Fort to the hills.");
  await form.getByLabel("Images (one or more)").setInputFiles(picture);
  await form.getByRole("img", { name: /Preview of/ }).waitFor();
  await form.getByRole("button", { name: "Add Book" }).click();
  await form.getByRole("status").filter({ hasText: "Book added successfully" }).waitFor();

  const found = await e2e.shop.api<{ data: WireBook[] }>(
    `/api/books?q=${encodeURIComponent("Lanka by Rail")}`,
  );
  assert.equal(found.data.length, 1);
  assert.equal(found.data[0].category_name, "Travel Writing");
  assert.equal(found.data[0].images.length, 1);
  return found.data[0];
}

/** The new book is in the shop, with its picture served and decoded. */
async function findInShop(e2e: E2e, page: Page, book: WireBook): Promise<void> {
  const base = e2e.shop.url;
  await visit(page, `${base}/?q=${encodeURIComponent("lanka by rail")}`);
  await bookCards(page).filter({ hasText: book.title }).click();
  await page.waitForURL(`${base}/books/${book.id}`);
  await page.getByRole("heading", { name: book.title, level: 1 }).waitFor();
  await page.getByText("LKR 1,275.50").first().waitFor();
  await page.waitForFunction(
    (title) =>
      [...document.images].some((img) => img.alt === title && img.complete && img.naturalWidth > 0),
    book.title,
  );
}

export async function adminJourney(e2e: E2e): Promise<void> {
  const base = e2e.shop.url;
  const { page, errors } = await e2e.open();
  const cod = e2e.orders.cod;
  const bank = e2e.orders.bank;
  assert.ok(cod && bank, "the checkout journeys placed the orders");

  // The guard, then a wrong password.
  await page.goto(`${base}/admin/orders`);
  await page.waitForURL(`${base}/admin?next=%2Fadmin%2Forders`);
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
  await logIn(page, base);

  const dir = await Deno.makeTempDir({ prefix: "pothgula-e2e-upload-" });
  const picture = `${dir}/lanka-by-rail.png`;
  try {
    await Deno.writeFile(picture, bookFront({ title: "Lanka by Rail", author: "R. Jayasekara" }));
    const book = await addCategoryAndBook(e2e, page, picture);
    const shopper = await e2e.open();
    await findInShop(e2e, shopper.page, book);
    assertNoScriptErrors(shopper.errors);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }

  // Find the COD order by its number, open it and confirm it: the slip downloads, the mail goes out.
  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await page.waitForURL(`${base}/admin/orders`);
  await page.getByRole("heading", { name: "All Orders" }).waitFor();
  await page.getByLabel("Find an order").fill(String(cod));
  await page.waitForURL(`${base}/admin/orders?q=${cod}`);
  await page.getByRole("link", { name: `#${cod}`, exact: true }).click();
  await page.getByRole("heading", { name: `Order #${cod}` }).waitFor();
  await page.getByRole("button", { name: "Confirm" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("dialog", { name: "Confirm order" }).getByRole("button", { name: "Confirm" })
    .click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), `order-${cod}.pdf`);
  const bytes = await downloadedBytes(download);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 4)), "%PDF");
  await page.getByRole("status").filter({ hasText: "Order completed" }).waitFor();
  await page.getByText("Confirmed by Admin").waitFor();
  await e2e.shop.smtp.waitFor(
    (all) => all.some((m) => m.subject.includes(`order #${cod} handed over to delivery`)),
    30_000,
  );

  // Back to the list, still searched; then reject the Bank Deposit order: its stock returns.
  await page.getByRole("link", { name: "← Back to orders" }).click();
  await page.waitForURL(`${base}/admin/orders?q=${cod}`);
  const held = await Promise.all(bank.lines.map((l) => stockOf(e2e, l.type, l.id)));
  await page.goto(`${base}/admin/orders/${bank.id}`);
  await page.getByRole("button", { name: "Reject" }).click();
  await page.getByRole("dialog", { name: "Reject order" }).getByRole("button", { name: "Reject" })
    .click();
  await page.getByRole("status").filter({ hasText: "Order rejected" }).waitFor();
  await page.getByText("Rejected by Admin").waitFor();
  const returned = await Promise.all(bank.lines.map((l) => stockOf(e2e, l.type, l.id)));
  assert.deepEqual(returned, held.map((n, i) => n + bank.lines[i].quantity));

  await stockScreen(e2e, page);
  assertNoScriptErrors(errors);
}

/** Adds stock to one book and makes another a pre-order, on the Stock tab. */
async function stockScreen(e2e: E2e, page: Page): Promise<void> {
  const base = e2e.shop.url;
  await page.getByRole("link", { name: "Stock", exact: true }).click();
  await page.waitForURL(`${base}/admin/stock`);
  await page.getByRole("heading", { name: "Stock Management" }).waitFor();
  const section = page.getByRole("region", { name: "Books", exact: true });
  const books = section.getByRole("region", { name: "Books stock" });
  const saved = section.getByRole("status").filter({ hasText: "Saved: " });
  const search = page.getByRole("searchbox", { name: "Search by title" });

  await search.fill("Matilda");
  const matilda = (await e2e.shop.api<{ data: WireBook[] }>("/api/books?q=Matilda")).data[0];
  await books.getByRole("cell", { name: matilda.title, exact: true }).waitFor();
  await books.getByLabel(`New quantity to add for ${matilda.title}`).fill("5");
  await books.getByRole("button", { name: `Update ${matilda.title}` }).click();
  await saved.waitFor();
  const more = (await e2e.shop.api<{ data: WireBook }>(`/api/books/${matilda.id}`)).data;
  assert.equal(more.stock, matilda.stock + 5);
  await books.getByRole("cell", { name: String(more.stock), exact: true }).waitFor();

  await search.fill("Little Prince");
  await saved.waitFor({ state: "detached" });
  const prince = (await e2e.shop.api<{ data: WireBook[] }>("/api/books?q=Little+Prince")).data[0];
  assert.equal(prince.preorder, 0);
  await books.getByRole("cell", { name: prince.title, exact: true }).waitFor();
  await books.getByLabel(`Preorder ${prince.title}`).check();
  await books.getByLabel(`Preorder date for ${prince.title}`).fill("2031-01-20");
  await books.getByLabel(`Preordered stock for ${prince.title}`).fill("25");
  await books.getByRole("button", { name: `Update ${prince.title}` }).click();
  await saved.waitFor();
  const now = (await e2e.shop.api<{ data: WireBook }>(`/api/books/${prince.id}`)).data;
  assert.equal(now.preorder, 1);
  assert.equal(now.preorder_date, "2031-01-20");
  assert.equal(now.preordered_stock, 25);
  await visit(page, `${base}/books/${prince.id}`);
  await page.getByText(/^Pre-orders are paid by Bank Deposit/).waitFor();
  await hydrated(page);
}
