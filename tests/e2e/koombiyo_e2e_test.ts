/**
 * A Koombiyo parcel end to end, in Chromium against the real shop driving a local Koombiyo
 * (adapters/couriers/koombiyo_simulator.ts on loopback, KOOMBIYO_API_KEY and
 * KOOMBIYO_BASE_URL set): the owner packs a COD order's parcel for Koombiyo with no waybill,
 * meets Koombiyo down (a clear message, the parcel still packed), sends it again once
 * Koombiyo is back and the parcel takes Koombiyo's waybill with the cash to collect; Koombiyo
 * collects it, "Refresh tracking" hands it over and the order is completed; the customer's
 * order page from the dispatch mail shows the tracking link.
 *
 * Screenshots at 375px and 1280px go to test-artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { koombiyoSimulator } from "../../adapters/couriers/koombiyo_simulator.ts";
import { logIn } from "./admin.ts";
import {
  assertNoScriptErrors,
  checkBothScreens,
  DESKTOP,
  hydrated,
  type OpenPage,
  openPage,
  PHONE,
} from "./harness.ts";

const KEY = "e2e-koombiyo-key";
const TRACK = "https://koombiyo.example.lk/track/";

Deno.test({
  name:
    "the owner sends a COD parcel to Koombiyo (once Koombiyo is back), refreshes its tracking, and the customer's page shows the link",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // Koombiyo's Colombo (district 5) lists the demo address's area.
    const sim = koombiyoSimulator({
      apiKey: KEY,
      basePath: "/api",
      cities: { "5": [{ city_id: "1001", city_name: "Akarawita" }] },
    });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      sim.app.fetch,
    );
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    const opened: OpenPage[] = [];
    try {
      [shop, browser] = await Promise.all([
        startShop({
          KOOMBIYO_API_KEY: KEY,
          KOOMBIYO_BASE_URL: `http://127.0.0.1:${server.addr.port}/api`,
        }),
        launchBrowser(),
      ]);
      await shop.api("/api/fulfilment/couriers/koombiyo", {
        method: "PUT",
        admin: true,
        body: { name: "Koombiyo", tracking_template: `${TRACK}{waybill}`, waybill_pattern: null },
      });
      const books =
        (await shop.api<{ data: { id: number; price: number; preorder: number; stock: number }[] }>(
          "/api/books?q=Madol+Doova",
        )).data;
      const book = books.find((b) => b.preorder === 0 && b.stock > 2);
      assert.ok(book, "an in-stock Madol Doova");
      const { orderId, subtotal } = await shop.api<{ orderId: number; subtotal: number }>(
        "/api/orders",
        {
          method: "POST",
          body: {
            name: "Kasun Silva",
            email: "kasun.silva@example.lk",
            phone: "+94 77 444 3131",
            address: "8 Temple Road",
            postalCode: "10732",
            province: 1,
            district: 1,
            area: 1,
            total: book.price,
            paymentMethod: "COD",
            items: [{ id: book.id, quantity: 1, type: "book" }],
          },
        },
      );

      const ownerPage = await openPage(browser, { viewport: PHONE });
      opened.push(ownerPage);
      const owner = ownerPage.page;
      await logIn(owner, shop.url);
      await owner.goto(`${shop.url}/admin/orders/${orderId}`);
      await owner.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
      const form = owner.getByRole("form", { name: "Pack a parcel" });
      await form.getByLabel("Courier").selectOption({ label: "Koombiyo" });
      await form.getByRole("button", { name: "Pack parcel" }).click();
      await owner.getByRole("status").filter({ hasText: "Parcel packed" }).waitFor();
      const parcel = owner.locator(".parcel").first();

      // Koombiyo is down: said plainly, nothing saved, the parcel still packed without a waybill.
      sim.conditions.down = true;
      await parcel.getByRole("button", { name: "Send to Koombiyo" }).click();
      await owner.getByRole("alert").filter({ hasText: "Koombiyo cannot be reached now" })
        .waitFor();
      await parcel.getByText("Packed", { exact: true }).waitFor();
      assert.equal(sim.orders.size, 0);
      await checkBothScreens(owner, "koombiyo-admin-down");

      // Back: sent once, with the cash to collect; the parcel shows Koombiyo's waybill.
      sim.conditions.down = false;
      await parcel.getByRole("button", { name: "Send to Koombiyo" }).click();
      await owner.getByRole("status").filter({ hasText: "Parcel sent to Koombiyo" }).waitFor();
      await parcel.getByText(/Waybill [0-9]{8}/).waitFor();
      assert.equal(sim.orders.size, 1);
      const [recorded] = sim.orders.values();
      assert.deepEqual(
        [recorded.fields.getCod, recorded.fields.receiverPhone, recorded.fields.receiverCity],
        [String(subtotal), "0774443131", "1001"],
      );

      // Koombiyo's rider collects it: refreshing hands it over and completes the order.
      sim.advance(recorded.waybill, "Collected by Koombiyo");
      await owner.setViewportSize(DESKTOP);
      await parcel.getByRole("button", { name: "Refresh tracking" }).click();
      await owner.getByRole("status").filter({ hasText: "Tracking read from Koombiyo" }).waitFor();
      await parcel.getByText("Handed over", { exact: true }).waitFor();
      await parcel.getByText(/Koombiyo says: Collected by Koombiyo/).waitFor();
      await checkBothScreens(owner, "koombiyo-admin-handed-over");
      const order = (await shop.api<{ data: { status: string } }>(`/api/orders/${orderId}`, {
        admin: true,
      })).data;
      assert.equal(order.status, "completed");

      // The dispatch mail's link takes the customer to their order page, with the tracking link.
      const link = `${TRACK}${recorded.waybill}`;
      const mails = await shop.smtp.waitFor(
        (all) => all.some((m) => m.text.includes(link)),
        30_000,
      );
      const mail = mails.find((m) => m.text.includes(link))!;
      const page = new RegExp(`https?://\\S+/orders/${orderId}\\?key=[\\w-]+`).exec(mail.text)?.[0];
      assert.ok(page, mail.text);
      const customerPage = await openPage(browser, { viewport: PHONE });
      opened.push(customerPage);
      const customer = customerPage.page;
      await customer.goto(page);
      await hydrated(customer);
      const track = customer.getByRole("link", { name: "Track the parcel" });
      await track.waitFor();
      assert.equal(await track.getAttribute("href"), link);
      await checkBothScreens(customer, "koombiyo-customer-tracking");
      assertNoScriptErrors([...ownerPage.errors, ...customerPage.errors]);
    } catch (error) {
      if (shop) console.error(`Server output:\n${shop.output()}`);
      throw error;
    } finally {
      sim.release();
      for (const { context } of opened) await context.close().catch(() => {});
      await browser?.close();
      await shop?.stop();
      await server.shutdown();
    }
  },
});
