/**
 * The owner's day in Chromium at 1280 and 375 px (issue 49's "Done when"): the home after a
 * day of orders, each order figure followed to its list and found equal there, today's money
 * followed to the report of today and found equal to it; an import of a sheet with empty
 * cells leaves every value; the FAQ written in Sinhala and read on the storefront.
 * Screenshots go to test-artifacts/admin/.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page, Route } from "playwright-core";
import { ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";
import type { AdminShop } from "../testing/admin_shop.ts";
import { json, orderBody } from "../../../http/testing/fixture.ts";

/** Three orders today: one paid, one rejected, one waiting. */
async function aDay(shop: AdminShop) {
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const one = { total: 950, items: [{ id: shop.ids.book, quantity: 1, type: "book" }] };
    const placed = await shop.app.request(
      "/api/orders",
      json("POST", orderBody(shop.ids.book, one)),
    );
    assert.equal(placed.status, 201);
    ids.push((await placed.json()).orderId);
  }
  await shop.asAdmin(`/api/orders/${ids[0]}/payment`, json("PUT", { status: "paid" }));
  await shop.asAdmin("/api/orders/status", json("PUT", { id: ids[2], status: "rejected" }));
}

/** The figure's number as the home shows it. */
async function figure(page: Page, label: string): Promise<string> {
  const link = page.locator(".home-figure a", { hasText: label });
  await link.locator(".home-figure-value").filter({ hasText: /^\d+$/ }).waitFor();
  return await link.locator(".home-figure-value").innerText();
}

Deno.test("the owner's day in a browser", async (t) => {
  await withRig(async (rig) => {
    for (const width of [1280, 375]) {
      await t.step(
        `the home's figures lead to lists and a report that say the same (${width}px)`,
        async () => {
          await withShop(rig, aDay, async (page, _shop, url) => {
            await page.goto(`${url}/admin/dashboard`);
            await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
            const toConfirm = await figure(page, "Orders to confirm");
            await page.screenshot({ path: `${ARTIFACTS}home-${width}.png`, fullPage: true });
            await page.locator(".home-figure a", { hasText: "Orders to confirm" }).click();
            await page.waitForURL(`${url}/admin/orders?status=pending`);
            await page.getByText(`(${toConfirm} in all)`).first().waitFor();

            await page.goto(`${url}/admin/dashboard`);
            const money = page.locator(".home-money > a");
            await money.locator(".home-figure-value").filter({ hasText: "LKR" }).waitFor();
            const takings = await money.locator(".home-figure-value").innerText();
            await money.click();
            await page.waitForURL(/\/admin\/reports\?from=/);
            const card = page.locator(".report-card", { hasText: "Takings" }).first();
            await card.locator("strong").filter({ hasText: takings }).waitFor();
            const placed = page.locator(".report-card", { hasText: "Orders placed" });
            await placed.locator("strong").filter({ hasText: /^3$/ }).waitFor();
            // The page fits a phone: nothing wider than the window.
            const wide = await page.evaluate(() =>
              document.documentElement.scrollWidth > globalThis.innerWidth + 1
            );
            assert.equal(wide, false);
          }, { width, signedIn: true });
        },
      );

      await t.step(
        `the catalogue's forms stay where they are while the home's figures arrive (${width}px)`,
        async () => {
          await withShop(rig, aDay, async (page, _shop, url) => {
            // Every answer but the categories' is held until the forms' place is read.
            const held: Route[] = [];
            let released = false;
            await page.route(
              (u) => u.pathname.startsWith("/api/") && !/categories$/.test(u.pathname),
              (route) => released ? route.continue() : void held.push(route),
            );
            await page.goto(`${url}/admin/dashboard`);
            const form = page.getByRole("region", { name: "Add New Category" });
            await form.getByLabel("Name").waitFor();
            const home = page.locator(".home");
            await home.locator('[aria-busy="true"]').first().waitFor();
            // Its place in the page, wherever the window is scrolled.
            const top = () => form.evaluate((el) => el.getBoundingClientRect().top + scrollY);
            const before = await top();
            await home.screenshot({ path: `${ARTIFACTS}home-arriving-${width}.png` });
            released = true;
            await Promise.all(held.map((route) => route.continue()));
            await page.waitForFunction(() => {
              const panel = document.querySelector(".home")!;
              return !panel.textContent!.includes("…") &&
                panel.querySelector('[aria-busy="true"]') === null &&
                panel.querySelector(".chart-bar") !== null;
            });
            const after = await top();
            await home.screenshot({ path: `${ARTIFACTS}home-arrived-${width}.png` });
            assert.ok(
              Math.abs(after - before) < 1,
              `the form moved from ${before} to ${after}`,
            );
          }, { width, signedIn: true });
        },
      );

      await t.step(`a sheet with empty cells leaves every value (${width}px)`, async () => {
        await withShop(rig, () => {}, async (page, shop, url) => {
          const before = await shop.catalogue.findBook(shop.ids.book);
          await page.goto(`${url}/admin/catalogue`);
          const csv = "\ufeffisbn13,title,description,price,stock\r\n9789550000029,,,1000,12\r\n";
          await page.getByLabel("CSV file", { exact: true }).setInputFiles({
            name: "books.csv",
            mimeType: "text/csv",
            buffer: Buffer.from(csv, "utf-8"),
          });
          await page.getByRole("button", { name: "Check file" }).click();
          const changes = page.getByRole("table", { name: "What the import would change" });
          await changes.getByRole("cell", { name: "1000.00" }).waitFor();
          assert.equal(await changes.getByRole("row").count(), 3, "a header, price and stock");
          await page.getByRole("button", { name: "Import", exact: true }).click();
          await page.getByText("Imported: 0 created, 1 updated, 0 unchanged").waitFor();
          const after = await shop.catalogue.findBook(shop.ids.book);
          assert.deepEqual(
            { ...after, priceCents: before!.priceCents, stock: before!.stock },
            before,
          );
          assert.equal(after?.priceCents, 100_000);
        }, { width, signedIn: true });
      });

      await t.step(
        `the FAQ written in Sinhala is read on the storefront (${width}px)`,
        async () => {
          await withShop(rig, () => {}, async (page, _shop, url) => {
            await page.goto(`${url}/admin/dashboard`);
            await page.getByLabel("Which page").selectOption("faq");
            await page.getByLabel("Page language").selectOption("si");
            await page.getByLabel("Page title").fill("නිතර අසන ප්‍රශ්න");
            await page.getByLabel("Page text").fill(
              "## ගෙවීම\nඅපි භාර ගන්නේ: {{payment_methods}}\n\n- <script>x</script>",
            );
            await page.getByRole("button", { name: "Save page" }).click();
            await page.getByText(/Not saved: a script is not allowed/).waitFor();
            await page.getByLabel("Page text").fill("## ගෙවීම\nඅපි භාර ගන්නේ: {{payment_methods}}");
            await page.getByRole("button", { name: "Save page" }).click();
            await page.getByText("Saved: the FAQ page in Sinhala").waitFor();
            await page.goto(`${url}/si`);
            await page.locator("footer").getByRole("link", { name: "නිතර අසන ප්‍රශ්න" }).click();
            await page.waitForURL(`${url}/si/faq`);
            await page.getByRole("heading", { name: "නිතර අසන ප්‍රශ්න", level: 1 }).waitFor();
            await page.getByRole("heading", { name: "ගෙවීම", level: 2 }).waitFor();
            const text = await page.locator(".owner-page").innerText();
            assert.ok(!text.includes("{{"), text);
            await page.screenshot({ path: `${ARTIFACTS}faq-si-${width}.png`, fullPage: true });
          }, { width, signedIn: true });
        },
      );
    }
  });
});
