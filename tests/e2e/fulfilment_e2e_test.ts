/**
 * Fulfilment end to end, in Chromium against the real shop (embedded PGlite, demo catalogue,
 * mail to a real SMTP peer):
 *
 * - a mixed cart in Sinhala on a 375px phone (a book in stock and a pre-order): the checkout's
 *   choice to send the book in stock now and the pre-order when it arrives, its second
 *   parcel's fee told; paid by Bank Deposit and texted so in Sinhala to the cent; the owner
 *   packs two Koombiyo parcels and sends them through the Koombiyo simulator
 *   (adapters/couriers/koombiyo_simulator.ts on loopback): the one in stock at once, the
 *   pre-order's refused with a clear message until its stock arrives; the last parcel
 *   Koombiyo collects completes the order, and the dispatch mail read from the SMTP peer and
 *   the dispatch text read from the Notify.lk stand-in are in Sinhala with both tracking
 *   links, which the customer's order page shows too;
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
  visit,
} from "./harness.ts";
import { findBook } from "./shopping.ts";
import { eventually } from "../support/eventually.ts";
import { fillCheckoutAddress } from "../../web/testing/checkout_address.ts";
import { i18nFor, loadCatalogue } from "../../web/i18n/mod.ts";
import { wordsFor } from "../../adapters/i18n/words.ts";
import {
  type KoombiyoSimulator,
  koombiyoSimulator,
} from "../../adapters/couriers/koombiyo_simulator.ts";
import { type FakeNotifyLk, startFakeNotifyLk } from "../../adapters/sms/testing/fake_notifylk.ts";

type WireBook = Awaited<ReturnType<typeof findBook>>;
import { colomboDate } from "../../domain/orders/order_query.ts";

const TRACK = "https://koombiyo.example.lk/track/";
const KOOMBIYO_KEY = "e2e-fulfilment-koombiyo";

await loadCatalogue("si");

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

/** The shopper of the Sinhala checkout (web/testing/checkout_address.ts fills these). */
const SHOPPER = { email: "nimal@example.lk", sms: "94771234567" };

interface WireOrder {
  parcels: "together" | "split";
  breakdown: { second_parcel_fee: number; total: number };
}

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
  waybill?: string,
): Promise<void> {
  const packed = await page.locator(".parcel").count();
  const form = page.getByRole("form", { name: "Pack a parcel" });
  for (const [title, count] of Object.entries(copies)) {
    await form.getByLabel(`Copies of ${title}`, { exact: true }).fill(String(count));
  }
  await form.getByLabel("Courier").selectOption({ label: courier });
  if (waybill) await form.getByLabel("Waybill or tracking number").fill(waybill);
  await form.getByRole("button", { name: "Pack parcel" }).click();
  await page.getByRole("status").filter({ hasText: "Parcel packed" }).waitFor();
  await page.locator(".parcel").nth(packed).waitFor();
  if (waybill) await page.locator(".parcel", { hasText: waybill }).waitFor();
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

/** Puts one copy of a book in the cart from its Sinhala page, through the quantity popup. */
async function addInSinhala(page: Page, base: string, book: WireBook): Promise<void> {
  const { t } = i18nFor("si");
  await visit(page, `${base}/si/books/${book.id}`);
  await page.locator(".purchase").getByRole("button", { name: t("cart.add") }).click();
  const popup = page.locator(".quantity-dialog");
  await popup.getByRole("button", { name: t("cart.add") }).click();
  await popup.locator(".notice-ok").waitFor();
  await popup.getByRole("button", { name: t("cart.close") }).click();
  await popup.waitFor({ state: "detached" });
}

/** The parcel sent to Koombiyo: "Send to Koombiyo", and the waybill Koombiyo gave it. */
async function sendToKoombiyo(owner: Page, sim: KoombiyoSimulator, index: number) {
  const before = new Set(sim.orders.keys());
  await owner.locator(".parcel").nth(index).getByRole("button", { name: "Send to Koombiyo" })
    .click();
  await owner.getByRole("status").filter({ hasText: "Parcel sent to Koombiyo" }).waitFor();
  const [waybill] = [...sim.orders.keys()].filter((w) => !before.has(w));
  assert.ok(waybill, "Koombiyo recorded the delivery");
  await parcel(owner, waybill).waitFor();
  return sim.orders.get(waybill)!;
}

/** Koombiyo's rider collects the parcel; "Refresh tracking" reads it and hands it over. */
async function collectedByKoombiyo(owner: Page, sim: KoombiyoSimulator, waybill: string) {
  sim.advance(waybill, "Collected by Koombiyo");
  await parcel(owner, waybill).getByRole("button", { name: "Refresh tracking" }).click();
  await parcel(owner, waybill).getByText("Handed over", { exact: true }).waitFor();
}

async function mixedCartInTwoParcels(
  e2e: E2e,
  owner: Page,
  customer: Page,
  sim: KoombiyoSimulator,
  texts: FakeNotifyLk,
): Promise<void> {
  const { shop } = e2e;
  const { t } = i18nFor("si");
  const si = wordsFor("si");
  const inStock = await inStockBook(shop);
  const preorder = await findBook(e2e, "q=80th+Anniversary");
  assert.equal(preorder.preorder, 1);

  // The shopper, in Sinhala on a phone: both books in the cart, and at checkout the choice to
  // send the one in stock now and the pre-order when it arrives, its fee told beside it.
  await addInSinhala(customer, shop.url, inStock);
  await addInSinhala(customer, shop.url, preorder);
  await visit(customer, `${shop.url}/si/checkout`);
  const choice = customer.locator("fieldset.parcels-choice");
  await choice.getByText(t("checkout.parcelsSplit")).click();
  const secondParcel = customer.locator('.order-summary [data-figure="secondParcel"] dd');
  await secondParcel.waitFor();
  const feeShown = await secondParcel.innerText();
  await fillCheckoutAddress(customer, "si", { name: "Sanduni Herath", address: "8 Temple Road" });
  await checkBothScreens(customer, "fulfilment-checkout-split-si", false);
  await customer.getByRole("button", { name: t("checkout.place") }).click();
  await customer.getByRole("dialog", { name: t("placed.titleBank") }).waitFor();
  const orders = (await shop.api<{ data: { id: number; email: string }[] }>("/api/orders", {
    admin: true,
  })).data;
  const placed = orders.find((o) => o.email === SHOPPER.email);
  assert.ok(placed, "the Sinhala checkout's order is listed");
  const orderId = placed.id;
  const full = (await shop.api<{ data: WireOrder }>(`/api/orders/${orderId}`, {
    admin: true,
  })).data;
  assert.equal(full.parcels, "split");
  const fee = Math.round(full.breakdown.second_parcel_fee * 100);
  assert.ok(fee > 0);
  assert.equal(feeShown, i18nFor("si").lkr(fee));
  const owed = Math.round(full.breakdown.total * 100);
  await shop.api(`/api/orders/${orderId}/payment`, {
    method: "PUT",
    admin: true,
    body: { status: "paid" },
  });
  // The payment's text, in Sinhala, says what was paid to the cent: the books and both parcels.
  await eventually(
    () =>
      texts.messages.some((m) =>
        m.to === SHOPPER.sms &&
        m.message ===
          si.t("sms.paid", { shop: "Pothgula", id: String(orderId), amount: si.lkr(owed) })
      ),
    { what: "the payment's text in Sinhala" },
  );

  await owner.goto(`${shop.url}/admin/orders/${orderId}`);
  await owner.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
  const parcels = owner.getByRole("region", { name: "Parcels" });
  await parcels.getByText("No parcel packed yet").waitFor();
  // The shopper's choice and the pre-ordered line are told where the owner packs.
  await parcels.getByText(/^Pre-order, expected /).waitFor();
  await pack(owner, { [inStock.title]: 1, [preorder.title]: 0 }, "Koombiyo");
  await pack(owner, { [preorder.title]: 1 }, "Koombiyo");

  // The book in stock goes to Koombiyo at once; Koombiyo collects it.
  const first = await sendToKoombiyo(owner, sim, 0);
  assert.equal(first.fields.getCod, "0", "paid by Bank Deposit: nothing to collect");
  await collectedByKoombiyo(owner, sim, first.waybill);
  // The pre-order's parcel waits for its stock, said plainly, and Koombiyo is not called.
  await owner.locator(".parcel").nth(1).getByRole("button", { name: "Send to Koombiyo" }).click();
  await owner.getByRole("alert").filter({ hasText: "has not arrived yet" }).waitFor();
  assert.equal(sim.orders.size, 1);
  assert.equal((await orderOf(shop, orderId)).status, "pending");
  await checkBothScreens(owner, "fulfilment-admin-two-parcels");

  // The book arrives: it is no longer a pre-order in the catalogue.
  await shop.api(`/api/books/${preorder.id}`, {
    method: "PUT",
    admin: true,
    body: { preorder: false },
  });
  const second = await sendToKoombiyo(owner, sim, 1);
  await collectedByKoombiyo(owner, sim, second.waybill);
  assert.equal((await orderOf(shop, orderId)).status, "completed", "every copy is out");

  // The dispatch mail, in Sinhala, with both parcels' tracking links.
  const links = [first.waybill, second.waybill].map((w) => `${TRACK}${w}`);
  const mails = await shop.smtp.waitFor(
    (all) => all.some((m) => m.text.includes(links[1])),
    30_000,
  );
  const mail = mails.find((m) => m.text.includes(links[1]))!;
  assert.deepEqual(mail.envelopeTo, [SHOPPER.email]);
  assert.ok(mail.subject.includes(`#${orderId}`) && /[\u0D80-\u0DFF]/.test(mail.subject));
  assert.ok(mail.subject.includes("බෙදාහැරීමට භාර දෙන ලදී"), mail.subject);
  for (const link of links) {
    assert.ok(mail.text.includes(`පාර්සලය සොයා බලන්න: ${link}`), mail.text);
    assert.ok(mail.html.includes(`href="${link}"`));
  }
  // The dispatch text, in Sinhala, with both links.
  const dispatched = [
    si.t("sms.dispatched", { shop: "Pothgula", id: String(orderId), amount: "" }),
    ...links.map((url) => si.t("sms.trackAt", { url })),
  ].join(" ");
  await eventually(
    () => texts.messages.some((m) => m.to === SHOPPER.sms && m.message === dispatched),
    { what: `the dispatch text "${dispatched}"` },
  );

  // The customer's page from the mail: both parcels, each with its link, in Sinhala.
  const link = new RegExp(`https?://\\S+/orders/${orderId}\\?key=[\\w-]+`).exec(mail.text)?.[0];
  assert.ok(link, mail.text);
  await customer.goto(link);
  await hydrated(customer);
  const tracking = customer.getByRole("link", { name: "පාර්සලය සොයා බලන්න" });
  await tracking.nth(1).waitFor();
  assert.deepEqual(
    await tracking.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href)),
    links,
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
    "a mixed cart chosen at a Sinhala checkout ships through Koombiyo in two parcels, with tracking links mailed and texted in Sinhala; a COD parcel's cash is collected and remitted, in the owner's list and the report",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const sim = koombiyoSimulator({ apiKey: KOOMBIYO_KEY, basePath: "/api" });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      sim.app.fetch,
    );
    const texts = startFakeNotifyLk();
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    const opened: OpenPage[] = [];
    try {
      [shop, browser] = await Promise.all([
        startShop({
          KOOMBIYO_API_KEY: KOOMBIYO_KEY,
          KOOMBIYO_BASE_URL: `http://127.0.0.1:${server.addr.port}/api`,
          NOTIFYLK_USER_ID: texts.userId,
          NOTIFYLK_API_KEY: texts.apiKey,
          NOTIFYLK_SENDER_ID: texts.senderId,
          NOTIFYLK_URL: texts.url,
        }),
        launchBrowser(),
      ]);
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
      await mixedCartInTwoParcels(e2e, owner.page, customer.page, sim, texts);
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
      sim.release();
      await server.shutdown();
      await texts.close();
    }
  },
});
