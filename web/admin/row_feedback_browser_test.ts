/**
 * Where the admin reads the result of a row's action, and admin tables on a phone, in a
 * real Chromium (screenshots land in test-artifacts/admin/).
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { ARTIFACTS, logIn, seedCatalogue, withRig, withShop } from "./testing/browser_rig.ts";
import { type FakeShopApi, order } from "./testing/fake_shop_api.ts";

/** The status or alert must be inside the row and on the screen, not far above it. */
async function assertShownAt(page: Page, row: Locator, role: "status" | "alert", text: string) {
  const notice = row.getByRole(role).filter({ hasText: text });
  await notice.waitFor();
  // The list reloads after a save: give the layout a moment to settle before measuring.
  await page.waitForLoadState("networkidle");
  const box = await notice.boundingBox();
  const height = page.viewportSize()!.height;
  assert.ok(
    box && box.y >= 0 && box.y + box.height <= height,
    `"${text}" is off screen: ${JSON.stringify(box)} in ${height}px`,
  );
}

Deno.test("admin row actions and tables on a phone", async (t) => {
  await withRig(async (rig) => {
    for (const width of [375, 1280]) {
      await t.step(`a price update reports at its row at ${width}px`, async () => {
        await withShop(rig, seedCatalogue, async (page, api, url) => {
          await logIn(page, url);
          const row = page.getByRole("row").filter({ hasText: "Book 19" });
          await page.getByLabel("Price of Book 19", { exact: true }).fill("1499");
          await page.getByRole("button", { name: "Update price of Book 19" }).click();
          await assertShownAt(page, row, "status", "Book price updated successfully");
          assert.equal(api.books.find((b) => b.id === 19)?.price, 1499);
          await page.getByLabel("Price of Book 18", { exact: true }).fill("-5");
          await page.getByRole("button", { name: "Update price of Book 18" }).click();
          await assertShownAt(
            page,
            page.getByRole("row").filter({ hasText: "Book 18" }),
            "alert",
            "Failed to update book price",
          );
          // Deleting takes the row away: its result stays in sight at the screen's foot.
          await page.getByRole("button", { name: "Delete Book 17" }).click();
          await page.getByRole("dialog", { name: "Delete book" })
            .getByRole("button", { name: "Delete" }).click();
          const deleted = page.getByRole("status").filter({ hasText: "Book deleted successfully" });
          await deleted.waitFor();
          const box = await deleted.boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height);
          await page.screenshot({ path: `${ARTIFACTS}row-price-${width}.png` });
        }, width);
      });
    }

    await t.step(
      "the stock screen says plainly that a quantity is added, and answers at the row",
      async () => {
        await withShop(rig, seedCatalogue, async (page, api, url) => {
          await logIn(page, url);
          await page.getByRole("link", { name: "Stock" }).click();
          const books = page.getByRole("region", { name: "Books stock" });
          await books.getByRole("columnheader", { name: "Add to Stock" }).waitFor();
          const row = books.getByRole("row").filter({ hasText: "Book 15" });
          await page.getByLabel("New quantity to add for Book 15").fill("5");
          const stock = api.books.find((b) => b.id === 15)!.stock;
          await row.getByText(`Adds 5: stock becomes ${stock + 5}`).waitFor();
          await page.getByRole("button", { name: "Update Book 15" }).click();
          await assertShownAt(
            page,
            books.getByRole("row").filter({ hasText: "Book 15" }),
            "status",
            "Stock updated successfully",
          );
          assert.equal(api.books.find((b) => b.id === 15)?.stock, stock + 5);
          await page.getByRole("button", { name: "Update Book 16" }).click();
          await assertShownAt(
            page,
            books.getByRole("row").filter({ hasText: "Book 16" }),
            "alert",
            "Nothing to update",
          );
          await page.getByLabel("New quantity to add for Book 16").fill("2");
          // Typing again retires the row's last answer.
          await books.getByRole("row").filter({ hasText: "Book 16" }).getByRole("alert")
            .waitFor({ state: "detached" });
          await page.getByLabel("New price for Book 16").fill("1250");
          await page.screenshot({ path: `${ARTIFACTS}stock-typed-1280.png`, fullPage: true });
        });
      },
    );

    await t.step(
      "admin tables and tabs fit a 375px phone without scrolling sideways inside the page",
      async () => {
        const seed = (api: FakeShopApi) => {
          seedCatalogue(api);
          api.orders = [order(2), order(1, { status: "completed" })];
        };
        await withShop(rig, seed, async (page, _api, url) => {
          await logIn(page, url);
          for (const name of ["dashboard", "stock", "catalogue"]) {
            await page.goto(`${url}/admin/${name}`);
            await page.locator(".data-table tbody tr").first().waitFor();
            await page.locator(".loading").first().waitFor({ state: "detached" });
            if (name === "stock") {
              await page.getByLabel("New quantity to add for Gamperaliya").fill("4");
              await page.getByLabel("New price for Gamperaliya").fill("1600");
            } else if (name === "dashboard") {
              await page.getByLabel("Price of Gamperaliya", { exact: true }).fill("1100");
            }
            const tabs = await page.locator(".admin-tabs .tab").evaluateAll((links) =>
              Math.max(...links.map((a) => a.getBoundingClientRect().right))
            );
            assert.ok(tabs <= 375, `a tab on ${name} ends at x=${tabs}`);
            const scrolled = await page.locator(".table-scroll").evaluateAll((boxes) =>
              boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).length
            );
            assert.equal(scrolled, 0, `a table on ${name} scrolls sideways at 375px`);
            const cells = await page.locator(".data-table td").evaluateAll((tds) =>
              Math.max(...tds.map((td) => td.getBoundingClientRect().right))
            );
            assert.ok(cells <= 375, `a cell on ${name} ends at x=${cells}`);
            await page.screenshot({ path: `${ARTIFACTS}${name}-cards-375.png` });
          }
        }, 375);
      },
    );
  });
});
