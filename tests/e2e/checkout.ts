/**
 * Checking out for real: the address cascade, the delivery fee the domain's rules give
 * for the cart's weight, Place Order, the payment popup, the empty cart afterwards and the
 * checkout mail at the SMTP server; and a stock conflict that orders nothing.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { formatLkr } from "../../domain/money.ts";
import { deliveryFee } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { assertNoScriptErrors, type E2e, expectCartCount, hydrated, visit } from "./harness.ts";
import { addBook, addStationery, findBook, findStationery, valueBeside } from "./shopping.ts";

export interface Customer {
  name: string;
  email: string;
  phone: string;
  address: string;
}

interface WireOrder {
  id: number;
  status: string;
  total: number;
  delivery_fee: number;
  payment_method: PaymentMethod;
  email: string;
  area_name: string;
}

/** Fills the delivery details, checking the province → district → city cascade on the way. */
export async function fillDelivery(page: Page, customer: Customer): Promise<void> {
  await page.getByLabel("Name").fill(customer.name);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Phone").fill(customer.phone);
  await page.getByLabel("Address").fill(customer.address);
  const province = page.getByLabel("Province");
  const district = page.getByLabel("District");
  const city = page.getByLabel("City");
  assert.equal(await district.isDisabled(), true);

  await province.selectOption({ label: "Central" });
  await district.locator("option", { hasText: "Kandy" }).waitFor({ state: "attached" });
  await district.selectOption({ label: "Kandy" });
  // Changing the province clears the district and the city, and limits the districts.
  await province.selectOption({ label: "Western" });
  await district.locator("option", { hasText: "Colombo" }).waitFor({ state: "attached" });
  assert.equal(await district.inputValue(), "");
  assert.deepEqual(
    await district.locator("option").allInnerTexts(),
    ["Select district", "Colombo", "Gampaha", "Kalutara"],
  );
  assert.equal(await city.isDisabled(), true);
  await district.selectOption({ label: "Colombo" });
  await city.fill("Dehiwala");
  const postalCode = page.getByLabel("Postal code");
  await page.waitForFunction(
    (el) => /^\d{5}$/.test((el as HTMLInputElement).value),
    await postalCode.elementHandle(),
  );
}

async function expectFee(page: Page, feeCents: number, itemsCents: number): Promise<void> {
  const summary = page.getByRole("region", { name: "Order summary" });
  await summary.getByText(formatLkr(feeCents), { exact: true }).waitFor();
  assert.equal(await valueBeside(summary, "Delivery fee").innerText(), formatLkr(feeCents));
  assert.equal(await valueBeside(summary, "Items").innerText(), formatLkr(itemsCents));
  assert.equal(
    await valueBeside(summary, "Order total").innerText(),
    formatLkr(itemsCents + feeCents),
  );
}

/** Places the order shown on the checkout page and returns the id in the payment popup. */
async function placeOrder(page: Page): Promise<number> {
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: /^Order placed: / });
  await dialog.waitFor();
  const idText = await valueBeside(dialog, "Order ID").innerText();
  const id = Number(idText.replace("#", ""));
  assert.ok(Number.isSafeInteger(id) && id > 0, `order id ${idText}`);
  return id;
}

async function checkoutOnce(e2e: E2e, method: PaymentMethod, customer: Customer) {
  const base = e2e.shop.url;
  const { page, errors } = await e2e.open();
  const book = await findBook(e2e, method === "COD" ? "q=Kuda+Hora" : "q=Harry+Potter");
  const item = await findStationery(
    e2e,
    method === "COD" ? "Atlas Note Book A5" : "Casio fx-82MS Scientific Calculator",
  );
  const full = await e2e.shop.api<{ data: { weight: number } }>(`/api/books/${book.id}`);
  const itemFull = await e2e.shop.api<{ data: { weight: number } }>(`/api/stationery/${item.id}`);
  const bookQuantity = method === "COD" ? 2 : 1;
  await addBook(page, base, book, bookQuantity);
  await addStationery(page, base, item, 1);
  const grams = Math.round(full.data.weight * 1000) * bookQuantity +
    Math.round(itemFull.data.weight * 1000);
  const itemsCents = Math.round(book.price * 100) * bookQuantity + Math.round(item.price * 100);

  await visit(page, `${base}/cart`);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(`${base}/checkout`);
  await hydrated(page);
  await fillDelivery(page, customer);
  await expectFee(page, deliveryFee(grams, "COD"), itemsCents);
  await page.getByLabel("Bank Deposit").check();
  await expectFee(page, deliveryFee(grams, "Bank Deposit"), itemsCents);
  if (method === "COD") {
    await page.getByLabel("Cash on Delivery (COD)").check();
    await expectFee(page, deliveryFee(grams, "COD"), itemsCents);
  }
  const orderId = await placeOrder(page);
  const dialog = page.getByRole("dialog", { name: /^Order placed: / });
  const fee = deliveryFee(grams, method);
  assert.equal(await valueBeside(dialog, "Order total").innerText(), formatLkr(itemsCents + fee));
  const bank = (await e2e.shop.api<{ data: { account_number: string } }>(
    "/api/orders/bank-details",
  )).data;
  if (method === "COD") {
    // Cash on Delivery needs the amount ready and the delivery time, not the bank account.
    await dialog.getByText(/keep LKR [\d,.]+ ready for the courier/).waitFor();
    await dialog.getByText(/delivered in 3 - 5 working days/).waitFor();
    assert.equal(await dialog.getByText(bank.account_number).count(), 0);
  } else {
    await dialog.getByText(bank.account_number).waitFor();
    await dialog.getByText(/deposit the total/).waitFor();
  }
  // Closed, the dialog leaves for the order's own page, its confirmation from now on.
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.waitForURL(new RegExp(`/orders/${orderId}\\?key=`));
  await hydrated(page);
  await expectCartCount(page, 0);
  assert.equal(await page.evaluate(() => localStorage.getItem("cart")), "[]");

  const orders = (await e2e.shop.api<{ data: WireOrder[] }>("/api/orders", { admin: true })).data;
  const order = orders.find((o) => o.id === orderId);
  assert.ok(order, `order ${orderId} is listed`);
  assert.equal(order.status, "pending");
  assert.equal(order.payment_method, method);
  assert.equal(Math.round(order.delivery_fee * 100), fee);
  assert.equal(Math.round(order.total * 100), itemsCents);
  assert.equal(order.area_name, "Dehiwala");

  const mail = await e2e.shop.smtp.waitFor(
    (all) => all.some((m) => m.subject.includes(`order #${orderId} received`)),
    30_000,
  );
  const received = mail.find((m) => m.subject.includes(`order #${orderId} received`))!;
  assert.deepEqual(received.envelopeTo, [customer.email]);
  assert.ok(received.text.includes(book.title));
  assertNoScriptErrors(errors);
  return {
    orderId,
    lines: [
      { type: "book" as const, id: book.id, quantity: bookQuantity },
      { type: "stationery" as const, id: item.id, quantity: 1 },
    ],
  };
}

export async function codCheckoutJourney(e2e: E2e): Promise<void> {
  const placed = await checkoutOnce(e2e, "COD", {
    name: "Nimal Perera",
    email: "nimal@example.lk",
    phone: "077 123 4567",
    address: "12 Galle Road",
  });
  e2e.orders.cod = placed.orderId;
}

export async function bankDepositCheckoutJourney(e2e: E2e): Promise<void> {
  const placed = await checkoutOnce(e2e, "Bank Deposit", {
    name: "Kumari Silva",
    email: "kumari@example.lk",
    phone: "071 765 4321",
    address: "4 Temple Lane",
  });
  e2e.orders.bank = { id: placed.orderId, lines: placed.lines };
}

export async function stockConflictJourney(e2e: E2e): Promise<void> {
  const base = e2e.shop.url;
  const { page } = await e2e.open();
  const book = await findBook(e2e, "q=Malgudi+Days");
  assert.ok(book.stock >= 3);
  await addBook(page, base, book, 2);
  await visit(page, `${base}/checkout`);
  await fillDelivery(page, {
    name: "Sunil Fernando",
    email: "sunil@example.lk",
    phone: "075 222 3333",
    address: "8 Lake Drive",
  });
  const ordersBefore = (await e2e.shop.api<{ total: number }>("/api/orders", { admin: true }))
    .total;

  // The stock drops under the cart while the shopper fills the form.
  await e2e.shop.api(`/api/books/${book.id}`, { method: "PUT", body: { stock: 1 }, admin: true });
  try {
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to place order" }).waitFor();
    const summary = page.getByRole("region", { name: "Order summary" });
    const line = summary.getByRole("listitem").filter({ hasText: book.title });
    await line.getByRole("alert").filter({ hasText: "Only 1 in stock" }).waitFor();
    assert.equal(await page.getByRole("dialog", { name: /^Order placed: / }).count(), 0);
    const ordersAfter = (await e2e.shop.api<{ total: number }>("/api/orders", { admin: true }))
      .total;
    assert.equal(ordersAfter, ordersBefore);
    const still = await e2e.shop.api<{ data: { stock: number } }>(`/api/books/${book.id}`);
    assert.equal(still.data.stock, 1);
  } finally {
    await e2e.shop.api(`/api/books/${book.id}`, {
      method: "PUT",
      body: { stock: book.stock },
      admin: true,
    });
  }
}
