/**
 * The second payment provider end to end, in Chromium against the real shop with Koko's and
 * PayHere's local simulators (KOKO_SANDBOX=local, PAYHERE_SANDBOX=local: both providers at
 * once, each with its own notice address):
 *
 * - a shopper on a phone chooses Koko (three instalments) beside Card, is taken straight to
 *   Koko's checkout by Place Order, sees the order split in three, pays the first instalment
 *   and comes back to an order page that says paid, in English and in Sinhala; the payment
 *   mail arrives;
 * - the Terms say how Koko is paid, in Sinhala, from the payment policy table;
 * - the owner finds the order by its method, with Koko's payment on its timeline and no
 *   button to mark it paid or unpaid: Koko's notice moves it.
 *
 * Screenshots of Koko's checkout and the paid page at 375px and 1280px go to
 * test-artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { fillDelivery } from "./checkout.ts";
import { logIn } from "./admin.ts";
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
import { addBook, findBook } from "./shopping.ts";
import { i18nFor } from "../../web/i18n/mod.ts";
import "../../web/i18n/catalogues.ts";

interface WireOrder {
  status: string;
  payment_status: string;
  payment_method: string;
  events: { kind: string; note: string | null }[];
}

Deno.test({
  name:
    "an order paid in instalments through Koko, the second provider, is paid and told in en and si",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    const opened: OpenPage[] = [];
    try {
      [shop, browser] = await Promise.all([
        startShop({ KOKO_SANDBOX: "local", PAYHERE_SANDBOX: "local" }),
        launchBrowser(),
      ]);
      const e2e = { shop, browser, orders: {} } as E2e;
      const base = shop.url;
      const shopper = await openPage(browser, { viewport: PHONE });
      opened.push(shopper);
      const { page } = shopper;
      const book = await findBook(e2e, "q=Madol+Doova");
      await addBook(page, base, book, 1);
      await visit(page, `${base}/checkout`);
      await fillDelivery(page, {
        name: "Tharushi Fernando",
        email: "tharushi@example.lk",
        phone: "077 812 3456",
        address: "21 Galle Road",
      });
      // Both providers are configured: both methods are offered, each named by its words.
      await page.getByLabel(/Card online/).waitFor();
      await page.getByLabel(/Koko: pay in 3 monthly instalments/).check();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.getByRole("heading", { name: "Koko (local simulator)" }).waitFor();
      const koko = await page.content();
      const id = Number(/Pothgula order #(\d+)/.exec(koko)?.[1]);
      assert.ok(Number.isSafeInteger(id) && id > 0, "Koko's page names the order");
      const amount = /<dt>Amount<\/dt><dd>LKR ([\d,]+\.\d{2})<\/dd>/.exec(koko)?.[1];
      assert.ok(amount, "Koko's page shows the amount");
      assert.match(koko, /<dt>Today<\/dt><dd>LKR [\d,]+\.\d{2}<\/dd>/);
      await checkBothScreens(page, "koko-checkout", false);
      await page.getByRole("button", { name: "Pay first instalment" }).click();
      await page.waitForURL(new RegExp(`/orders/${id}\\?key=`));
      await hydrated(page);
      assert.match(await orderFact(page, "Payment").innerText(), /Koko \(3 instalments\): Paid/);
      assert.equal(await page.getByRole("button", { name: /with Koko$/ }).count(), 0);
      await checkBothScreens(page, "koko-paid");

      // The same page in Sinhala.
      const si = i18nFor("si");
      const key = new URL(page.url()).searchParams.get("key");
      await visit(page, `${base}/si/orders/${id}?key=${key}`);
      await hydrated(page);
      const payment = await orderFact(page, si.t("order.payment")).innerText();
      assert.ok(payment.includes(si.t("payment.koko")), payment);
      await checkBothScreens(page, "koko-paid-si");

      const mails = await shop.smtp.waitFor(
        (all) => all.some((m) => m.subject.includes(`payment received for order #${id}`)),
        30_000,
      );
      assert.ok(mails.some((m) => m.subject.includes(`order #${id} received`)));

      // The Terms in Sinhala say how Koko is paid, from the policy table.
      await visit(page, `${base}/si/terms`);
      await page.getByRole("heading", { name: si.t("terms.kokoTitle") }).waitFor();

      const order = (await shop.api<{ data: WireOrder }>(`/api/orders/${id}`, { admin: true }))
        .data;
      assert.deepEqual([order.status, order.payment_status, order.payment_method], [
        "pending",
        "paid",
        "Koko",
      ]);
      assert.ok(order.events.some((e) => /^Koko payment KOKO\d+ \(Koko\)$/.test(e.note ?? "")));

      // The owner's view.
      const owner = await openPage(browser, { viewport: DESKTOP });
      opened.push(owner);
      await logIn(owner.page, base);
      await owner.page.goto(`${base}/admin/orders?paymentMethod=Koko`);
      const table = owner.page.getByRole("table", { name: "Orders, newest first" });
      await table.getByRole("link", { name: `#${id}`, exact: true }).click();
      await owner.page.getByRole("heading", { name: `Order #${id}` }).waitFor();
      await owner.page.getByText("Koko (3 instalments)").first().waitFor();
      await owner.page.getByText(/Koko payment KOKO\d+ \(Koko\)/).waitFor();
      const region = owner.page.getByRole("region", { name: "Payment" });
      assert.equal(await region.getByRole("button", { name: /^Mark (paid|unpaid)/ }).count(), 0);
      assertNoScriptErrors([...shopper.errors, ...owner.errors]);
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
