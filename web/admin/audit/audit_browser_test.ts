/**
 * The audit log and an order's History in a real Chromium against the shop's HTTP app
 * (in-memory adapters, whose trail diffs as the database's triggers do): a price change, an
 * order placed by a shopper, confirmed and paid by the admin; the log's filters, its empty
 * state and a refused range; the order's History newest first; screenshots at 375 and 1280 px
 * in test-artifacts/admin/.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";
import type { AdminShop } from "../testing/admin_shop.ts";
import { json, orderBody } from "../../../http/testing/fixture.ts";

let orderId = 0;

async function seed(shop: AdminShop): Promise<void> {
  const ok = async (response: Response, status = 200) => {
    const text = await response.text();
    if (response.status !== status) throw new Error(`${response.status}: ${text}`);
    return text === "" ? undefined : JSON.parse(text);
  };
  await ok(await shop.asAdmin(`/api/books/price/${shop.ids.book}`, json("PUT", { price: 1000 })));
  const placed = await ok(
    await shop.app.request("/api/orders", json("POST", orderBody(shop.ids.book, { total: 2000 }))),
    201,
  );
  orderId = placed.orderId;
  await ok(
    await shop.asAdmin(
      "/api/orders/status",
      json("PUT", {
        id: orderId,
        status: "completed",
        courier: "Pronto",
        trackingNumber: "PR-2231",
      }),
    ),
  );
  await ok(await shop.asAdmin(`/api/orders/${orderId}/payment`, json("PUT", { status: "paid" })));
}

async function rows(page: Page): Promise<string[]> {
  return await page.locator(".data-table tbody tr").allInnerTexts();
}

async function fitsWidth(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px screen`);
}

Deno.test("admin audit log and an order's history", async (t) => {
  await withRig(async (rig) => {
    for (const width of [1280, 375]) {
      await t.step(
        `the log at ${width} px: every change newest first, filtered, empty, refused`,
        async () => {
          await withShop(rig, seed, async (page, _shop, url) => {
            await page.goto(`${url}/admin/audit`);
            await page.getByRole("heading", { name: "Audit log" }).waitFor();
            await page.locator(".data-table tbody tr td[data-column='who']").first().waitFor();
            const all = await rows(page);
            // The admin's account (the system's), the price, the order placed, confirmed, paid.
            assert.equal(all.length, 5, all.join("\n"));
            assert.match(
              all[0],
              /admin@pothgula\.lk[\s\S]*payment status[\s\S]*Payment:\s*unpaid[\s\S]*paid/i,
            );
            assert.match(all[2], /Shopper nimal@example\.lk[\s\S]*Created Order/);
            assert.match(all[3], /Price:\s*LKR 950\.00[\s\S]*LKR 1,000\.00/);
            await fitsWidth(page, width);
            await page.screenshot({ path: `${ARTIFACTS}audit-log-${width}.png`, fullPage: true });

            await page.getByLabel("Kind").selectOption("order_status");
            await page.waitForFunction(() =>
              document.querySelectorAll(".data-table tbody tr").length === 2
            );
            assert.match((await rows(page))[0], /Tracking number:[\s\S]*PR-2231/);

            await page.getByLabel("Who").fill("nobody@example.lk");
            await page.getByText("No changes match these filters.").waitFor();
            if (width === 375) {
              await page.screenshot({
                path: `${ARTIFACTS}audit-log-empty-${width}.png`,
                fullPage: true,
              });
            }
            await page.getByRole("button", { name: "Clear filters" }).click();
            await page.waitForFunction(() =>
              document.querySelectorAll(".data-table tbody tr").length === 5
            );

            await page.getByLabel("From").fill("2026-03-05");
            await page.getByLabel("To", { exact: true }).fill("2026-03-01");
            await page.getByRole("alert").filter({ hasText: '"To" must not be before "From"' })
              .waitFor();
          }, { width, signedIn: true });
        },
      );
      await t.step(`an order's History at ${width} px, newest first`, async () => {
        await withShop(rig, seed, async (page, _shop, url) => {
          await page.goto(`${url}/admin/orders/${orderId}`);
          const history = page.getByRole("region", { name: "History" });
          await history.locator(".audit-history-list li").first().waitFor();
          const entries = await history.locator(".audit-history-list > li").allInnerTexts();
          assert.equal(entries.length, 3, entries.join("\n"));
          assert.match(entries[0], /admin@pothgula\.lk[\s\S]*Payment/);
          assert.match(entries[1], /Status:\s*pending[\s\S]*completed/);
          assert.match(entries[2], /Shopper nimal@example\.lk[\s\S]*Status:\s*pending/);
          await fitsWidth(page, width);
          await history.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: `${ARTIFACTS}audit-order-history-${width}.png`,
            fullPage: true,
          });
        }, { width, signedIn: true });
      });
    }
    await t.step("the log and a History in the language the owner chose, at 375 px", async () => {
      await withShop(rig, seed, async (page, _shop, url) => {
        await page.goto(`${url}/admin/audit`);
        await page.locator(".data-table tbody tr td[data-column='who']").first().waitFor();
        await page.getByLabel("Entries in").selectOption("si");
        await page.locator(".data-table tbody").getByText("වෙනස් කරන ලදී").first().waitFor();
        const all = await rows(page);
        // The same figures and times, told in Sinhala.
        assert.match(all[3], /මිල:\s*LKR 950\.00[\s\S]*LKR 1,000\.00/);
        assert.match(all[3], /වෙනස් කරන ලදී/);
        assert.match(all[2], /පාරිභෝගික nimal@example\.lk[\s\S]*ඇණවුම[\s\S]*සාදන ලදී/);
        await fitsWidth(page, 375);
        await page.screenshot({ path: `${ARTIFACTS}audit-log-si-375.png`, fullPage: true });
        // The choice is kept: the order's History reads in it too, then in Tamil.
        await page.goto(`${url}/admin/orders/${orderId}`);
        const history = page.getByRole("region", { name: "History" });
        await history.locator(".audit-history-list li").first().waitFor();
        const entries = await history.locator(".audit-history-list > li").allInnerTexts();
        assert.match(entries[2], /පාරිභෝගික nimal@example\.lk[\s\S]*ඇණවුමේ තත්ත්වය/);
        await page.goto(`${url}/admin/audit`);
        await page.getByLabel("සටහන් භාෂාව").selectOption("ta");
        await page.locator(".data-table tbody").getByText("மாற்றப்பட்டது").first().waitFor();
        assert.match((await rows(page))[3], /விலை:\s*LKR 950\.00/);
      }, { width: 375, signedIn: true });
    });
  });
});
