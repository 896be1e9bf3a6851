/**
 * The order workspace end to end, in Chromium against the real shop (embedded PGlite, demo
 * catalogue, mail to a real SMTP peer), each side in its own browser context:
 *
 * - a customer checks out by Bank Deposit, opens the order page from the mailed link and
 *   sends a photo of the deposit slip; the owner logs in, finds the order by the customer's
 *   phone number, sees the slip beside the payment, marks it paid in one click, and the
 *   customer's page then says paid;
 * - the owner exports the filtered orders as CSV and the file holds exactly their lines.
 *
 * Screenshots of the customer's page and of the owner's order with its slip, at 375px and
 * 1280px, go to test-artifacts/screenshots/.
 */
import { downloadedText } from "../support/page_checks.ts";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { encodePng } from "../../adapters/demo/png.ts";
import { ADVANCE, GLYPH_HEIGHT, glyphPixel, printable } from "../../adapters/demo/bitmap_font.ts";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { logIn } from "./admin.ts";
import { fillDelivery } from "./checkout.ts";
import {
  assertNoScriptErrors,
  checkBothScreens,
  DESKTOP,
  type E2e,
  hydrated,
  type OpenPage,
  openPage,
  orderFact,
  PHONE,
  visit,
} from "./harness.ts";
import { addBook, findBook, valueBeside } from "./shopping.ts";

const CUSTOMER = {
  name: "Tharushi Wickramasinghe",
  email: "tharushi@example.lk",
  phone: "071 234 9876",
  address: "31 Peradeniya Road",
};

/** A photo of a deposit slip as a phone would send it: a PNG with the slip's words on it. */
function depositSlipPhoto(lines: string[]): Uint8Array {
  const scale = 3;
  const width = 320;
  const height = 40 + lines.length * (GLYPH_HEIGHT + 4) * scale;
  const pixels = new Uint8Array(width * height); // 0: paper
  for (let x = 0; x < width; x += 1) {
    for (const y of [4, 5, height - 6, height - 5]) pixels[y * width + x] = 2; // the slip's rules
  }
  lines.forEach((line, row) => {
    [...printable(line)].forEach((char, column) => {
      for (let gy = 0; gy < GLYPH_HEIGHT; gy += 1) {
        for (let gx = 0; gx < ADVANCE - 1; gx += 1) {
          if (!glyphPixel(char, gx, gy)) continue;
          for (let dy = 0; dy < scale; dy += 1) {
            for (let dx = 0; dx < scale; dx += 1) {
              const x = 16 + (column * ADVANCE + gx) * scale + dx;
              const y = 20 + (row * (GLYPH_HEIGHT + 4) + gy) * scale + dy;
              if (x < width && y < height) pixels[y * width + x] = 1;
            }
          }
        }
      }
    });
  });
  return encodePng({
    width,
    height,
    palette: [[250, 248, 240], [20, 40, 110], [180, 30, 40]],
    pixels,
  });
}

/** Checks out the cart by Bank Deposit in the browser; the id the payment popup shows. */
async function checkOutByBankDeposit(e2e: E2e, { page }: OpenPage): Promise<number> {
  const base = e2e.shop.url;
  const book = await findBook(e2e, "q=Madol+Doova");
  await addBook(page, base, book, 2);
  await visit(page, `${base}/checkout`);
  await fillDelivery(page, CUSTOMER);
  await page.getByLabel("Bank Deposit").check();
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: /^Order placed: / });
  await dialog.waitFor();
  const id = Number((await valueBeside(dialog, "Order ID").innerText()).replace("#", ""));
  assert.ok(Number.isSafeInteger(id) && id > 0);
  await dialog.getByRole("button", { name: "Close" }).click();
  return id;
}

/** The order page's link in the checkout mail, as the customer's mail program shows it. */
async function mailedLink(e2e: E2e, orderId: number): Promise<string> {
  const subject = `order #${orderId} received`;
  const mails = await e2e.shop.smtp.waitFor(
    (all) => all.some((m) => m.subject.includes(subject)),
    30_000,
  );
  const mail = mails.find((m) => m.subject.includes(subject))!;
  assert.deepEqual(mail.envelopeTo, [CUSTOMER.email]);
  const link = new RegExp(`https?://\\S+/orders/${orderId}\\?key=[\\w-]+`).exec(mail.text)?.[0];
  assert.ok(link, `the checkout mail links to the order page:\n${mail.text}`);
  return link;
}

/** Places a COD order for someone else through the API: the list has more than one order. */
async function placeCodOrder(e2e: E2e, who: { name: string; email: string; phone: string }) {
  const book = await findBook(e2e, "q=Kuda+Hora");
  const placed = await e2e.shop.api<{ orderId: number }>("/api/orders", {
    method: "POST",
    body: {
      total: book.price,
      ...who,
      address: "5 Main Street",
      postalCode: "20000",
      province: 1,
      district: 1,
      area: 1,
      paymentMethod: "COD",
      items: [{ id: book.id, quantity: 1, type: "book" }],
    },
  });
  return placed.orderId;
}

interface WireOrder {
  id: number;
  items: { id: number; title: string; quantity: number }[];
}

async function customerSendsSlip(page: Page, link: string, orderId: number): Promise<void> {
  await visit(page, link);
  await page.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
  assert.match(await orderFact(page, "Payment").innerText(), /Not paid yet/);
  await page.getByLabel(/Photo or PDF of the deposit slip/).setInputFiles({
    name: "deposit-slip.png",
    mimeType: "image/png",
    buffer: Buffer.from(depositSlipPhoto([
      "Bank of Ceylon",
      "Cash deposit",
      "Acc 0071234567",
      `Ref order ${orderId}`,
      "LKR paid in full",
    ])),
  });
  await page.getByRole("button", { name: "Send the deposit slip" }).click();
  // Said beside the form without reloading; the page opened again shows the new state.
  await page.getByRole("status").filter({ hasText: "deposit-slip.png" }).waitFor();
  await page.reload();
  await hydrated(page);
  assert.match(
    await orderFact(page, "Payment").innerText(),
    /Deposit slip received, being checked/,
  );
  await page.getByRole("listitem").filter({ hasText: "Deposit slip sent" }).waitFor();
  await checkBothScreens(page, "workspace-customer-slip-sent");
}

async function ownerVerifiesSlip(e2e: E2e, page: Page, orderId: number, codId: number) {
  const base = e2e.shop.url;
  await logIn(page, base);
  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await page.getByRole("heading", { name: "All Orders" }).waitFor();
  await page.getByRole("link", { name: `#${codId}`, exact: true }).waitFor();

  // The phone number as the customer said it on the phone, without the spaces.
  await page.getByLabel("Find an order").fill(CUSTOMER.phone.replaceAll(" ", ""));
  await page.waitForURL(`${base}/admin/orders?q=${CUSTOMER.phone.replaceAll(" ", "")}`);
  const table = page.getByRole("table", { name: "Orders, newest first" });
  await page.getByText("Page 1 of 1 (1 in all)").waitFor();
  await table.getByRole("link", { name: `#${orderId}`, exact: true }).waitFor();
  assert.equal(await table.getByRole("link", { name: `#${codId}`, exact: true }).count(), 0);
  await table.getByRole("row").filter({ hasText: "Deposit slip to check" }).waitFor();

  await table.getByRole("link", { name: `#${orderId}`, exact: true }).click();
  await page.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
  const payment = page.getByRole("region", { name: "Payment" });
  const photo = payment.getByRole("img", { name: "Deposit slip 1" });
  await photo.waitFor();
  await page.waitForFunction(
    () =>
      [...document.images].some((img) =>
        img.alt === "Deposit slip 1" && img.complete && img.naturalWidth === 320
      ),
  );
  await payment.getByText("Deposit slip to check").waitFor();
  await checkBothScreens(page, "workspace-admin-order-with-slip");

  await payment.getByRole("button", { name: "Mark paid: deposit verified" }).click();
  await page.getByRole("status").filter({ hasText: `Payment recorded for order #${orderId}` })
    .waitFor();
  await page.getByText("Marked paid by Admin").waitFor();
  await payment.getByText("Paid", { exact: true }).waitFor();
  assert.equal(await payment.getByRole("button", { name: /^Mark paid/ }).count(), 0);
}

async function ownerExportsCsv(e2e: E2e, page: Page, codIds: number[]): Promise<void> {
  const base = e2e.shop.url;
  await page.goto(`${base}/admin/orders`);
  await page.getByRole("heading", { name: "All Orders" }).waitFor();
  await page.getByLabel("Payment method").selectOption({ label: "Cash on Delivery" });
  await page.waitForURL(`${base}/admin/orders?paymentMethod=COD`);
  await page.getByText(`(${codIds.length} in all)`).waitFor();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), "orders.csv");
  const text = (await downloadedText(download)).replace(/^\uFEFF/, "");
  const rows = parse(text, { columns: true }) as Record<string, string>[];

  // Exactly the lines of the COD orders, each once, newest first, as the API has them.
  const expected: { orderId: string; title: string; quantity: string }[] = [];
  for (const id of [...codIds].sort((a, b) => b - a)) {
    const order = (await e2e.shop.api<{ data: WireOrder }>(`/api/orders/${id}`, { admin: true }))
      .data;
    for (const item of order.items) {
      expected.push({ orderId: String(id), title: item.title, quantity: String(item.quantity) });
    }
  }
  assert.deepEqual(
    rows.map((row) => ({ orderId: row.orderId, title: row.title, quantity: row.quantity })),
    expected,
  );
  assert.ok(rows.every((row) => row.paymentMethod === "COD"));
}

Deno.test({
  name: "a deposit slip from the customer's page is verified by the owner; search, CSV export",
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

      const otherCod = await placeCodOrder(e2e, {
        name: "Ruwan Bandara",
        email: "ruwan@example.lk",
        phone: "077 888 1212",
      });
      const customer = await open(PHONE);
      const orderId = await checkOutByBankDeposit(e2e, customer);
      const link = await mailedLink(e2e, orderId);
      assert.ok(link.startsWith(shop.url), "the mailed link names the shop's address");
      await customerSendsSlip(customer.page, link, orderId);
      await shop.smtp.waitFor(
        (all) => all.some((m) => m.subject.includes(`deposit slip for order #${orderId}`)),
        30_000,
      );

      const owner = await open();
      await ownerVerifiesSlip(e2e, owner.page, orderId, otherCod);

      // The customer's page now says paid, and the slip form is gone.
      await customer.page.setViewportSize(PHONE);
      await customer.page.reload();
      await hydrated(customer.page);
      assert.match(await orderFact(customer.page, "Payment").innerText(), /Paid/);
      await customer.page.getByRole("listitem").filter({ hasText: "Payment received" }).waitFor();
      assert.equal(
        await customer.page.getByRole("button", { name: "Send the deposit slip" }).count(),
        0,
      );
      await checkBothScreens(customer.page, "workspace-customer-paid");

      const secondCod = await placeCodOrder(e2e, {
        name: "Fathima Rizwan",
        email: "fathima@example.lk",
        phone: "076 555 0303",
      });
      await ownerExportsCsv(e2e, owner.page, [otherCod, secondCod]);

      assertNoScriptErrors([...customer.errors, ...owner.errors]);
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
