/**
 * A shopper's cart, built by hand: a book's page (pictures, pre-order notice, quantity
 * popup), the stationery popup held to 1..stock, and the cart's buttons and totals.
 * The three journeys share one browser context, so they share one cart.
 */
import { eventually } from "../support/eventually.ts";
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { formatLkr } from "../../domain/money.ts";
import {
  assertNoScriptErrors,
  type E2e,
  expectCartCount,
  type OpenPage,
  storedQuantity,
  visit,
} from "./harness.ts";

interface WireBook {
  id: number;
  title: string;
  price: number;
  stock: number;
  images: string[];
  preorder: 0 | 1;
}
interface WireStationery {
  id: number;
  title: string;
  price: number;
  stock: number;
}
interface BankWire {
  bank_name: string;
  account_number: string;
}

/** Waits until `locator` reads `expected` (a figure priced again after a change), else fails. */
export async function textBecomes(locator: Locator, expected: string, timeoutMs = 10_000) {
  let shown = "";
  await eventually(async () => (shown = await locator.innerText().catch(() => "")) === expected, {
    timeoutMs,
    everyMs: 100,
  }).catch(() => {});
  assert.equal(shown, expected);
}

/** The value shown beside a label in a list of terms (`<dt>Items</dt><dd>…</dd>`). */
export function valueBeside(scope: Page | Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
}

/**
 * The name of a button that carries its item's title in visually hidden text
 * ("Add to Cart: Pen"); Chromium may read a space before the colon.
 */
export function forItem(action: string, title: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(action)}\\s*:\\s*${escape(title)}$`);
}

/** The first book the API lists for a query. */
export async function findBook(e2e: E2e, search: string): Promise<WireBook> {
  const body = await e2e.shop.api<{ data: WireBook[] }>(`/api/books?${search}`);
  assert.ok(body.data.length > 0, `no book for ${search}`);
  return body.data[0];
}

export async function findStationery(e2e: E2e, title: string): Promise<WireStationery> {
  const body = await e2e.shop.api<{ data: WireStationery[] }>(
    `/api/stationery?q=${encodeURIComponent(title)}`,
  );
  const item = body.data.find((s) => s.title === title);
  assert.ok(item, `no stationery item ${title}`);
  return item;
}

/** The count a quantity stepper shows (the box labelled Quantity, where one may type it). */
export async function quantityShown(scope: Locator): Promise<number> {
  return Number((await scope.getByRole("textbox", { name: "Quantity" }).inputValue()).trim());
}

/** Raises the quantity popup's count with its plus button and checks it shows `quantity`. */
async function chooseQuantity(dialog: Locator, quantity: number): Promise<void> {
  for (let n = 1; n < quantity; n += 1) {
    await dialog.getByRole("button", { name: "One more" }).click();
  }
  await shows(dialog, quantity);
}

/**
 * Waits until a stepper's box shows `quantity`: a click's count reaches the box in the
 * render after it, which the browser may not have painted when the click returns.
 */
export async function shows(scope: Locator, quantity: number): Promise<void> {
  const shown = await eventually(
    async () => {
      const n = await quantityShown(scope);
      return n === quantity ? n : null;
    },
    { what: `the Quantity box showing ${quantity}` },
  ).catch(async () => await quantityShown(scope));
  assert.equal(shown, quantity);
}

/** Adds a book through its page and the quantity popup. */
export async function addBook(page: Page, base: string, book: WireBook, quantity: number) {
  await visit(page, `${base}/books/${book.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const dialog = page.getByRole("dialog", { name: book.title });
  await chooseQuantity(dialog, quantity);
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await dialog.getByText(`Added ${quantity} × ${book.title} to your cart`).waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** Adds a stationery item through the Stationery Store's popup. */
export async function addStationery(
  page: Page,
  base: string,
  item: WireStationery,
  quantity: number,
) {
  await visit(page, `${base}/stationery?q=${encodeURIComponent(item.title)}`);
  await page.getByRole("button", { name: forItem("Add to Cart", item.title) }).click();
  const dialog = page.getByRole("dialog", { name: item.title });
  await chooseQuantity(dialog, quantity);
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await dialog.getByText(`Added ${quantity} × ${item.title} to your cart`).waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
}

export async function bookDetailJourney(e2e: E2e, { page, errors }: OpenPage): Promise<void> {
  const base = e2e.shop.url;
  const book = await findBook(e2e, "q=Madol+Doova&pageSize=1");
  assert.equal(book.preorder, 0);
  assert.ok(book.images.length >= 2);
  await visit(page, `${base}/books/${book.id}`);
  await page.getByRole("heading", { name: book.title, level: 1 }).waitFor();
  await page.getByText(formatLkr(book.price * 100)).first().waitFor();
  await page.getByRole("heading", { name: "Specification" }).waitFor();

  // The thumbnails switch the big picture.
  const picture = page.getByRole("img", { name: book.title, exact: true });
  assert.equal(new URL((await picture.getAttribute("src"))!, base).pathname, book.images[0]);
  const second = page.getByRole("button", { name: `Picture 2 of ${book.images.length}` });
  await second.click();
  await page.waitForFunction(
    ([title, src]) =>
      [...document.images].some((img) => img.alt === title && img.src.endsWith(src)),
    [book.title, book.images[1]],
  );
  assert.equal(await second.getAttribute("aria-pressed"), "true");

  // Add to Cart opens the quantity popup.
  await expectCartCount(page, 0);
  await addBook(page, base, book, 2);
  await expectCartCount(page, 2);

  // A pre-order book shows its notice and the shop's bank details.
  const preorder = await findBook(e2e, "q=80th+Anniversary");
  assert.equal(preorder.preorder, 1);
  const bank = (await e2e.shop.api<{ data: BankWire }>("/api/orders/bank-details")).data;
  await visit(page, `${base}/books/${preorder.id}`);
  await page.getByText(/^Pre-orders are paid by Bank Deposit/).waitFor();
  // A plain <details>: it opens with or without scripts, and closes again.
  const reveal = page.locator("details.bank-reveal");
  await reveal.getByText("Show Bank Details").click();
  const details = reveal.locator(".bank-details");
  await details.getByText(bank.account_number).waitFor();
  await details.getByText(bank.bank_name).waitFor();
  // Open, its summary says what a press does now.
  await reveal.getByText("Hide Bank Details").click();
  await details.waitFor({ state: "hidden" });
  await reveal.getByText("Show Bank Details").waitFor();
  assertNoScriptErrors(errors);
}

export async function stationeryJourney(e2e: E2e, { page, errors }: OpenPage): Promise<void> {
  const base = e2e.shop.url;
  const board = await findStationery(e2e, "Drawing Board A3");
  assert.ok(board.stock >= 2 && board.stock <= 10);
  await visit(page, `${base}/stationery`);
  await page.getByRole("heading", { name: "Stationery Store", level: 1 }).waitFor();
  const before = await storedQuantity(page);

  // The popup counts from 1 up to the stock and no further.
  await visit(page, `${base}/stationery?q=Drawing+Board`);
  await page.getByRole("button", { name: forItem("Add to Cart", board.title) }).click();
  const dialog = page.getByRole("dialog", { name: board.title });
  const fewer = dialog.getByRole("button", { name: "One fewer" });
  const more = dialog.getByRole("button", { name: "One more" });
  assert.equal(await fewer.isDisabled(), true);
  for (let n = 1; n < board.stock; n += 1) await more.click();
  assert.equal(await more.isDisabled(), true);
  await shows(dialog, board.stock);
  await fewer.click();
  await more.click();
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await dialog.getByText(`Added ${board.stock} × ${board.title} to your cart`).waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expectCartCount(page, before + board.stock);

  // An item out of stock cannot be added.
  const sold = await findStationery(e2e, "Atlas Chooty Pen Red");
  assert.equal(sold.stock, 0);
  await visit(page, `${base}/stationery?q=Chooty+Pen+Red`);
  await page.getByText("Out of stock", { exact: true }).waitFor();
  assert.equal(
    await page.getByRole("button", { name: forItem("Add to Cart", sold.title) }).isDisabled(),
    true,
  );
  await expectCartCount(page, before + board.stock);
  assertNoScriptErrors(errors);
}

export async function cartJourney(e2e: E2e, { page, errors }: OpenPage): Promise<void> {
  const base = e2e.shop.url;
  const book = await findBook(e2e, "q=Madol+Doova&pageSize=1");
  const board = await findStationery(e2e, "Drawing Board A3");
  await visit(page, `${base}/cart`);
  await page.getByRole("heading", { name: "My Shopping Cart", level: 1 }).waitFor();
  const boardLine = page.getByRole("group", { name: board.title });
  const bookLine = page.getByRole("group", { name: book.title });
  await boardLine.waitFor();
  assert.equal(await page.getByRole("link", { name: "Cart", exact: true }).count(), 0);

  // Plus stops at the stock: it is off there, and the line says why, naming the item and
  // the number.
  assert.equal(await quantityShown(boardLine), board.stock);
  assert.equal(await boardLine.getByRole("button", { name: "One more" }).isDisabled(), true);
  await page.getByText(`“${board.title}”: only ${board.stock} in stock`).waitFor();
  assert.equal(await quantityShown(boardLine), board.stock);

  // Minus stops at 1.
  await bookLine.getByRole("button", { name: "One fewer" }).click();
  await page.waitForFunction(
    (box) => (box as HTMLInputElement).value === "1",
    await bookLine.getByRole("textbox", { name: "Quantity" }).elementHandle(),
  );
  assert.equal(await bookLine.getByRole("button", { name: "One fewer" }).isDisabled(), true);

  // Totals with two decimals.
  const totals = page.getByRole("main");
  const expected = formatLkr(book.price * 100 + board.price * 100 * board.stock);
  assert.match(expected, /\.\d\d$/);
  // The cart's total of its items, priced again by the shop as the lines change (no
  // promotion runs here).
  await textBecomes(valueBeside(totals, "Total before delivery"), expected);

  // Remove, line by line, down to the empty cart.
  await page.getByRole("button", { name: forItem("Remove", board.title) }).click();
  await boardLine.waitFor({ state: "detached" });
  await textBecomes(valueBeside(totals, "Total before delivery"), formatLkr(book.price * 100));
  await page.getByRole("button", { name: forItem("Remove", book.title) }).click();
  await page.getByText("Your cart is empty").waitFor();
  await visit(page, `${base}/`);
  await expectCartCount(page, 0);
  assertNoScriptErrors(errors);
}
