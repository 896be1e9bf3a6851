/**
 * Orders and stock in a real Chromium, and every admin page at phone and desktop widths
 * (screenshots land in test-artifacts/admin/).
 */
import assert from "node:assert/strict";
import {
  ARTIFACTS,
  logIn,
  seedCatalogue,
  statusText,
  withRig,
  withShop,
} from "./testing/browser_rig.ts";
import { type FakeShopApi, order } from "./testing/fake_shop_api.ts";

Deno.test("admin orders, stock and layout", async (t) => {
  await withRig(async (rig) => {
    await t.step(
      "orders are grouped; Confirm and Reject ask first, Confirm downloads the slip",
      async () => {
        const seed = (api: FakeShopApi) => {
          api.orders = [
            order(3),
            order(2, { status: "completed", user_id: 7, total: 2500.5 }),
            order(1, { status: "rejected" }),
          ];
        };
        await withShop(rig, seed, async (page, api, url) => {
          await logIn(page, url);
          await page.getByRole("link", { name: "Orders" }).click();
          await page.getByRole("heading", { name: "All Orders" }).waitFor();
          await page.locator("p.stat", { hasText: "LKR 2,500.50" }).waitFor();
          const pending = page.getByRole("article", { name: "Order #3" });
          await pending.getByText("Status: Pending").waitFor();
          assert.equal(await pending.getByText("Guest").count(), 1);
          await pending.getByText("LKR 2,300.00").waitFor();
          await pending.getByRole("button", { name: "Confirm" }).click();
          // Confirming mails the customer: it asks first, naming who is mailed.
          const ask = page.getByRole("dialog", { name: "Confirm order" });
          await ask.getByText(/is mailed that it is on its way/).waitFor();
          await ask.getByRole("button", { name: "Cancel" }).click();
          assert.equal(api.orders[0].status, "pending");
          await pending.getByRole("button", { name: "Confirm" }).click();
          await ask.getByLabel("Courier (optional)").fill("Pronto Lanka");
          await ask.getByLabel("Tracking number (optional)").fill("PX-7781");
          const downloading = page.waitForEvent("download");
          await ask.getByRole("button", { name: "Confirm" }).click();
          const download = await downloading;
          assert.equal(download.suggestedFilename(), "order-3.pdf");
          await statusText(page, "Order completed");
          assert.equal(api.orders[0].status, "completed");
          const confirmed = api.requests.find((r) => r.path === "/api/orders/status");
          assert.deepEqual(confirmed?.json, {
            id: 3,
            status: "completed",
            courier: "Pronto Lanka",
            trackingNumber: "PX-7781",
          });
          await page.getByRole("article", { name: "Order #3" }).getByRole("button", {
            name: "Download slip",
          }).waitFor();
          api.orders.push(order(4));
          await page.reload();
          await page.getByRole("article", { name: "Order #4" }).getByRole("button", {
            name: "Reject",
          })
            .click();
          await page.getByRole("dialog", { name: "Reject order" })
            .getByLabel("Reason, told to the customer (optional)").fill("Out of print");
          await page.getByRole("dialog", { name: "Reject order" }).getByRole("button", {
            name: "Reject",
          }).click();
          await statusText(page, "Order rejected");
          assert.equal(api.orders.find((o) => o.id === 4)?.status, "rejected");
          const rejected = api.requests.filter((r) => r.path === "/api/orders/status").at(-1);
          assert.deepEqual(rejected?.json, { id: 4, status: "rejected", reason: "Out of print" });
        });
      },
    );

    await t.step(
      "an order is found by its phone written another way, its slip read, exported and marked paid",
      async () => {
        const seed = (api: FakeShopApi) => {
          api.orders = [
            order(5, {
              name: "Kamal Silva",
              phone: "071 555 0101",
              payment_method: "Bank Deposit",
              payment_status: "proof_submitted",
              payment_proofs: [
                { id: 9, uploaded_at: "2026-11-21T04:00:00Z", content_type: "application/pdf" },
              ],
            }),
            order(6, { name: "Dilani Jayasuriya", phone: "077 444 5566" }),
            order(7, { status: "rejected", phone: "077 444 5566" }),
          ];
        };
        await withShop(rig, seed, async (page, api, url) => {
          await page.setViewportSize({ width: 375, height: 800 });
          await logIn(page, url);
          await page.getByRole("link", { name: "Orders" }).click();
          await page.getByRole("heading", { name: "All Orders" }).waitFor();
          await page.getByLabel("Find an order").fill("+94 71 5550101");
          await page.getByRole("article", { name: "Order #6" }).waitFor({ state: "detached" });
          const summary = page.locator(".order-summary");
          await summary.locator("div", { hasText: "Awaiting payment" }).getByText("2").waitFor();
          await summary.locator("div", { hasText: "Deposit slips to check" }).getByText("1")
            .waitFor();
          const found = page.getByRole("article", { name: "Order #5" });
          await found.getByText("Deposit slip to check").waitFor();
          const slipDownload = page.waitForEvent("download");
          await found.getByRole("button", { name: "Download slip 1 (PDF)" }).click();
          assert.equal((await slipDownload).suggestedFilename(), "order-5-deposit-slip-9.pdf");
          const csvDownload = page.waitForEvent("download");
          await page.getByRole("button", { name: "Export CSV" }).click();
          assert.equal((await csvDownload).suggestedFilename(), "orders.csv");
          assert.ok(
            api.requests.some((r) =>
              r.path === "/api/orders/export" && r.query.q === "+94 71 5550101"
            ),
            "the export takes the search",
          );
          assert.ok(
            api.requests.some((r) => r.path === "/api/orders" && r.query.q === "+94 71 5550101"),
          );
          await page.screenshot({ path: `${ARTIFACTS}orders-search-375.png`, fullPage: true });
          await found.getByRole("button", { name: "Mark paid" }).click();
          await statusText(page, "Payment recorded for order #5");
          await found.getByText("Paid", { exact: true }).waitFor();
          assert.equal(await found.getByRole("button", { name: "Mark paid" }).count(), 0);
          assert.equal(api.orders[0].payment_status, "paid");
          await page.getByLabel("Find an order").fill("0774445566");
          const rejected = page.getByRole("article", { name: "Order #7" });
          await rejected.waitFor();
          assert.equal(await rejected.getByRole("button", { name: "Mark paid" }).count(), 0);
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.screenshot({ path: `${ARTIFACTS}orders-search-1280.png`, fullPage: true });
        });
      },
    );

    await t.step("stock adds quantities with addStock and searches on the server", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        await page.getByRole("link", { name: "Stock" }).click();
        await page.getByRole("heading", { name: "Stock Management" }).waitFor();
        await page.getByLabel("Search by title").fill("gamper");
        await page.getByRole("cell", { name: "Book 1", exact: true }).waitFor({
          state: "detached",
        });
        assert.ok(api.requests.some((r) => r.path === "/api/books" && r.method === "GET"));
        await page.getByLabel("New quantity to add for Gamperaliya").fill("5");
        await page.getByLabel("Preorder date for Gamperaliya").fill("2027-01-15");
        await page.getByRole("button", { name: "Update Gamperaliya" }).click();
        await statusText(page, "Stock updated successfully");
        const put = api.requests.find((r) => r.method === "PUT" && r.path === "/api/books/2");
        assert.deepEqual(put?.json, { addStock: 5, preorderDate: "2027-01-15" });
        await page.getByRole("row").filter({ hasText: "Gamperaliya" }).getByRole("cell", {
          name: "8",
          exact: true,
        }).waitFor();
        assert.equal(
          await page.getByLabel("New quantity to add for Gamperaliya").inputValue(),
          "",
        );
      });
    });

    for (const width of [375, 1280]) {
      await t.step(`every admin page fits a ${width}px screen`, async () => {
        const seed = (api: FakeShopApi) => {
          seedCatalogue(api);
          api.orders = [order(2), order(1, { status: "completed" })];
        };
        await withShop(rig, seed, async (page, _api, url) => {
          await page.goto(`${url}/admin`);
          await page.getByRole("heading", { name: "Admin Login" }).waitFor();
          await page.screenshot({ path: `${ARTIFACTS}login-${width}.png`, fullPage: true });
          await logIn(page, url);
          for (const name of ["dashboard", "orders", "stock"]) {
            await page.goto(`${url}/admin/${name}`);
            await page.locator(".loading").first().waitFor({ state: "detached" });
            await page.waitForLoadState("networkidle");
            await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
            const overflow = await page.evaluate(() =>
              document.documentElement.scrollWidth - document.documentElement.clientWidth
            );
            assert.equal(overflow, 0, `${name} scrolls sideways at ${width}px`);
          }
        }, width);
      });
    }
  });
});
