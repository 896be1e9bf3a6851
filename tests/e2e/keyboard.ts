/**
 * Checkout with the keyboard alone: Tab to each field, type, pick the province, district
 * and city with arrow keys and typing, switch the payment method with an arrow key,
 * place the order with Enter and close the payment popup.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertNoScriptErrors, type E2e, visit } from "./harness.ts";
import { addStationery, findStationery } from "./shopping.ts";

interface WireOrder {
  id: number;
  payment_method: string;
  area_name: string;
}

/** The accessible label of the focused element (its <label>, aria-label, or text). */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? "";
    return (label || el.textContent || "").trim();
  });
}

/** Presses Tab until the focused control is labelled `label`; fails after 60 presses. */
async function tabTo(page: Page, label: string | RegExp): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    const current = await focusedLabel(page);
    if (typeof label === "string" ? current === label : label.test(current)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${label}"`);
}

export async function keyboardCheckoutJourney(e2e: E2e): Promise<void> {
  const base = e2e.shop.url;
  const { page, errors } = await e2e.open();
  const ruler = await findStationery(e2e, "Plastic Ruler 30 cm");
  await addStationery(page, base, ruler, 2);
  await visit(page, `${base}/checkout`);
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();

  await tabTo(page, "Name");
  await page.keyboard.type("Dilini Ratnayake");
  await tabTo(page, "Email");
  await page.keyboard.type("dilini@example.lk");
  await tabTo(page, "Phone");
  await page.keyboard.type("0769876543");
  await tabTo(page, "Address");
  await page.keyboard.type("21 Flower Road");

  await tabTo(page, "Province");
  await page.keyboard.press("ArrowDown");
  const district = page.getByLabel("District");
  await district.locator("option", { hasText: "Colombo" }).waitFor({ state: "attached" });
  assert.equal(await district.isEnabled(), true);
  await tabTo(page, "District");
  await page.keyboard.press("ArrowDown");
  assert.equal(
    await district.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0].text),
    "Colombo",
  );
  const city = page.getByLabel("City");
  await page.waitForFunction(
    (el) => !(el as HTMLInputElement).disabled,
    await city.elementHandle(),
  );
  await tabTo(page, "City");
  await page.keyboard.type("Battaramulla");
  await page.waitForFunction(
    (el) => /^\d{5}$/.test((el as HTMLInputElement).value),
    await page.getByLabel("Postal code").elementHandle(),
  );

  await tabTo(page, /Cash on Delivery/);
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.getByLabel("Bank Deposit").isChecked(), true);
  // The cart is priced again for the new method (its delivery fee); the button waits for it.
  await page.waitForFunction(
    (el) => !(el as HTMLButtonElement).disabled,
    await page.getByRole("button", { name: "Place Order" }).elementHandle(),
  );
  await tabTo(page, "Place Order");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /^Order placed: / });
  await dialog.waitFor();
  const idText = await dialog.getByText(/^#\d+$/).innerText();
  const id = Number(idText.slice(1));
  await tabTo(page, "Close");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/orders/${id}\\?key=`));
  const orders = (await e2e.shop.api<{ data: WireOrder[] }>("/api/orders", { admin: true })).data;
  const order = orders.find((o) => o.id === id);
  assert.ok(order, `order ${id} is listed`);
  assert.equal(order.payment_method, "Bank Deposit");
  assert.equal(order.area_name, "Battaramulla");
  assertNoScriptErrors(errors);
}
