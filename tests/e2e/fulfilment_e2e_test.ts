/**
 * Fulfilment end to end, in Chromium against the real shop (embedded PGlite, demo catalogue,
 * mail to a real SMTP peer):
 *
 * - a mixed order in Sinhala (a book in stock and a pre-order, paid by Bank Deposit) is
 *   packed by the owner on a 375px phone into two parcels; the in-stock one is handed over
 *   at once, the pre-order's is refused with a clear message until its stock arrives; the
 *   last parcel out completes the order, and the dispatch mail read from the SMTP peer is in
 *   Sinhala with both tracking links, which the customer's order page shows too;
 * - a COD parcel is handed over, its cash marked collected and then remitted on the owner's
 *   Cash on delivery list at 1280px, and the report's takings count it once collected.
 *
 * Screenshots at 375px and 1280px go to test-artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { logIn } from "./admin.ts";
import {
  assertNoScriptErrors,
  checkBothScreens,
  DESKTOP,
  type E2e,
  hydrated,
  type OpenPage,
  openPage,
  PHONE,
} from "./harness.ts";
import { findBook } from "./shopping.ts";

type WireBook = Awaited<ReturnType<typeof findBook>>;
import { colomboDate } from "../../domain/orders/order_query.ts";

const TRACK = "https://koombiyo.example.lk/track/";

const CUSTOMER = {
  name: "Sanduni Herath",
  email: "sanduni@example.lk",
  phone: "071 555 2020",
  address: "8 Temple Road",
  postalCode: "20000",
  province: 1,
  district: 1,
  area: 1,
};

interface Placed {
  orderId: number;
  subtotal: number;
}

async function place(shop: RunningShop, body: Record<string, unknown>): Promise<Placed> {
  return await shop.api<Placed>("/api/orders", { method: "POST", body });
}

/** Packs a parcel on the order's page: copies per title (others 0), courier, waybill. */
async function pack(
  page: Page,
  copies: Record<string, number>,
  courier: string,
  waybill: string,
): Promise<void> {
  const form = page.getByRole("form", { name: "Pack a parcel" });
  for (const [title, count] of Object.entries(copies)) {
    await form.getByLabel(`Copies of ${title}`, { exact: true }).fill(String(count));
  }
  await form.getByLabel("Courier").selectOption({ label: courier });
  await form.getByLabel("Waybill or tracking number").fill(waybill);
  await form.getByRole("button", { name: "Pack parcel" }).click();
  await page.getByRole("status").filter({ hasText: "Parcel packed" }).waitFor();
  await page.locator(".parcel", { hasText: waybill }).waitFor();
}

function parcel(page: Page, waybill: string) {
  return page.locator(".parcel", { hasText: `Waybill ${waybill}` });
}

async function orderOf(shop: RunningShop, id: number) {
  return (await shop.api<{ data: { status: string; payment_status: string } }>(
    `/api/orders/${id}`,
    { admin: true },
  )).data;
}

async function takingsToday(shop: RunningShop): Promise<number> {
  const day = colomboDate(new Date());
  const report = await shop.api<{ data: { totals: { current: { takings: number } } } }>(
    `/api/reports/sales?from=${day}&to=${day}`,
    { admin: true },
  );
  return report.data.totals.current.takings;
}

/** A book in stock (not a pre-order) the demo catalogue holds. */
async function inStockBook(shop: RunningShop): Promise<WireBook> {
  const books = (await shop.api<{ data: WireBook[] }>("/api/books?q=Madol+Doova")).data;
  const book = books.find((b) => b.preorder === 0 && b.stock > 2);
  assert.ok(book, "an in-stock Madol Doova");
  return book;
}

async function mixedOrderInTwoParcels(e2e: E2e, owner: Page, customer: Page): Promise<void> {
  const { shop } = e2e;
  const inStock = await inStockBook(shop);
  const preorder = await findBook(e2e, "q=80th+Anniversary");
  assert.equal(preorder.preorder, 1);
  const { orderId } = await place(shop, {
    ...CUSTOMER,
    total: inStock.price + preorder.price,
    paymentMethod: "Bank Deposit",
    locale: "si",
    items: [
      { id: inStock.id, quantity: 1, type: "book" },
      { id: preorder.id, quantity: 1, type: "book" },
    ],
  });
  await shop.api(`/api/orders/${orderId}/payment`, {
    method: "PUT",
    admin: true,
    body: { status: "paid" },
  });

  await owner.goto(`${shop.url}/admin/orders/${orderId}`);
  await owner.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
  const parcels = owner.getByRole("region", { name: "Parcels" });
  await parcels.getByText("No parcel packed yet").waitFor();
  // The pre-ordered line is marked as such where the owner packs it.
  await parcels.getByText(/^Pre-order, expected /).waitFor();
  await pack(owner, { [inStock.title]: 1, [preorder.title]: 0 }, "Koombiyo", "KB100001");
  await pack(owner, { [preorder.title]: 1 }, "Koombiyo", "KB100002");

  await parcel(owner, "KB100001").getByRole("button", { name: "Mark handed over" }).click();
  await owner.getByRole("status").filter({ hasText: "Parcel handed over" }).waitFor();
  await parcel(owner, "KB100001").getByText("Handed over", { exact: true }).waitFor();
  // The pre-order's parcel waits for its stock, said plainly.
  await parcel(owner, "KB100002").getByRole("button", { name: "Mark handed over" }).click();
  await owner.getByRole("alert").filter({ hasText: "has not arrived yet" }).waitFor();
  assert.equal((await orderOf(shop, orderId)).status, "pending");
  await checkBothScreens(owner, "fulfilment-admin-two-parcels");

  // The book arrives: it is no longer a pre-order in the catalogue.
  await shop.api(`/api/books/${preorder.id}`, {
    method: "PUT",
    admin: true,
    body: { preorder: false },
  });
  await parcel(owner, "KB100002").getByRole("button", { name: "Mark handed over" }).click();
  await parcel(owner, "KB100002").getByText("Handed over", { exact: true }).waitFor();
  assert.equal((await orderOf(shop, orderId)).status, "completed", "every copy is out");

  // The dispatch mail, in Sinhala, with both parcels' tracking links.
  const mails = await shop.smtp.waitFor(
    (all) => all.some((m) => m.text.includes(`${TRACK}KB100002`)),
    30_000,
  );
  const mail = mails.find((m) => m.text.includes(`${TRACK}KB100002`))!;
  assert.deepEqual(mail.envelopeTo, [CUSTOMER.email]);
  assert.ok(mail.subject.includes(`#${orderId}`) && /[\u0D80-\u0DFF]/.test(mail.subject));
  assert.ok(mail.subject.includes("බෙදාහැරීමට භාර දෙන ලදී"), mail.subject);
  for (const waybill of ["KB100001", "KB100002"]) {
    assert.ok(mail.text.includes(`පාර්සලය සොයා බලන්න: ${TRACK}${waybill}`), mail.text);
    assert.ok(mail.html.includes(`href="${TRACK}${waybill}"`));
  }

  // The customer's page from the mail: both parcels, each with its link, in Sinhala.
  const link = new RegExp(`https?://\\S+/orders/${orderId}\\?key=[\\w-]+`).exec(mail.text)?.[0];
  assert.ok(link, mail.text);
  await customer.goto(link);
  await hydrated(customer);
  const links = customer.getByRole("link", { name: "පාර්සලය සොයා බලන්න" });
  await links.nth(1).waitFor();
  assert.deepEqual(
    await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href)),
    [`${TRACK}KB100001`, `${TRACK}KB100002`],
  );
  // Without axe: the Sinhala header's brand link names itself in English (the shell's, as
  // on every Sinhala page), which axe counts against the page.
  await checkBothScreens(customer, "fulfilment-customer-parcels-si", false);
}

async function codCollectedAndRemitted(e2e: E2e, owner: Page): Promise<void> {
  const { shop } = e2e;
  const book = await inStockBook(shop);
  const { orderId, subtotal } = await place(shop, {
    ...CUSTOMER,
    email: "kasun@example.lk",
    phone: "077 444 3131",
    total: book.price,
    paymentMethod: "COD",
    items: [{ id: book.id, quantity: 1, type: "book" }],
  });
  await owner.goto(`${shop.url}/admin/orders/${orderId}`);
  await owner.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
  const form = owner.getByRole("form", { name: "Pack a parcel" });
  // The cash to collect starts at what the order owes at the door.
  assert.equal(await form.getByLabel("Cash to collect (LKR)").inputValue(), subtotal.toFixed(2));
  await pack(owner, {}, "Domex", "DX-7001");
  await parcel(owner, "DX-7001").getByRole("button", { name: "Mark handed over" }).click();
  await parcel(owner, "DX-7001").getByText("Handed over", { exact: true }).waitFor();
  const before = await takingsToday(shop);

  await owner.getByRole("link", { name: "Cash on delivery", exact: true }).click();
  await owner.getByRole("heading", { name: "Cash on delivery" }).waitFor();
  const row = owner.getByRole("row").filter({ hasText: `#${orderId}` });
  await row.getByText("DX-7001").waitFor();
  await row.getByRole("button", { name: `Mark collected: order #${orderId}` }).click();
  await owner.getByRole("status").filter({ hasText: "collected by the courier" }).waitFor();
  // Held by Domex until remitted; counted as received from now.
  await owner.getByRole("region", { name: "Still with couriers" }).getByText(/^Domex:/).waitFor();
  assert.equal(await takingsToday(shop), Math.round((before + subtotal) * 100) / 100);
  assert.equal((await orderOf(shop, orderId)).payment_status, "paid");
  await checkBothScreens(owner, "fulfilment-admin-cod-held");

  await row.getByRole("button", { name: `Mark remitted: order #${orderId}` }).click();
  await owner.getByRole("status").filter({ hasText: "remitted to the shop" }).waitFor();
  await owner.getByText("No courier holds the shop's cash").waitFor();
  assert.equal(await row.getByText("Not yet").count(), 0, "collected and remitted, both dated");
  assert.equal(await takingsToday(shop), Math.round((before + subtotal) * 100) / 100);
  await checkBothScreens(owner, "fulfilment-admin-cod-remitted");
}

Deno.test({
  name:
    "a mixed order ships in two parcels with tracking links mailed in Sinhala; a COD parcel's cash is collected and remitted, in the owner's list and the report",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    const opened: OpenPage[] = [];
    try {
      [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
      const e2e = { shop, browser, orders: {} } as E2e;
      const open = async (viewport = DESKTOP) => {
        const page = await openPage(browser!, { viewport });
        opened.push(page);
        return page;
      };
      await shop.api("/api/fulfilment/couriers/koombiyo", {
        method: "PUT",
        admin: true,
        body: { name: "Koombiyo", tracking_template: `${TRACK}{waybill}`, waybill_pattern: null },
      });
      const owner = await open(PHONE);
      await logIn(owner.page, shop.url);
      const customer = await open(PHONE);
      await mixedOrderInTwoParcels(e2e, owner.page, customer.page);
      await owner.page.setViewportSize(DESKTOP);
      await codCollectedAndRemitted(e2e, owner.page);
      assertNoScriptErrors([...owner.errors, ...customer.errors]);
    } catch (error) {
      if (shop) console.error(`Server output:\n${shop.output()}`);
      throw error;
    } finally {
      for (const { context } of opened) await context.close().catch(() => {});
      await browser?.close();
      await shop?.stop();
    }
  },
});
