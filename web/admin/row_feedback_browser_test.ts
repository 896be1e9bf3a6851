/**
 * Where the admin reads the result of a row's action, and admin tables on a phone, in a
 * real Chromium against the shop's real HTTP app (in-memory adapters; screenshots land in
 * test-artifacts/admin/).
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { ARTIFACTS, logIn, withRig, withShop } from "./testing/browser_rig.ts";
import type { AdminShop } from "./testing/admin_shop.ts";
import { bookId, moveOrder, placeOrder, seedCatalogue } from "./testing/shop_seeds.ts";

/** The status or alert must be inside the row and on the screen, not far above it. */
async function assertShownAt(page: Page, row: Locator, role: "status" | "alert", text: string) {
  const notice = row.getByRole(role).filter({ hasText: text });
  await notice.waitFor();
  // The list reloads after a save: give the layout a moment to settle before measuring.
  await page.waitForLoadState("networkidle");
  // A row drawn again by the reload is measured once it is back (boundingBox is null while
  // the notice is between its old row and its new one).
  let box = await notice.boundingBox();
  for (const deadline = Date.now() + 5_000; !box && Date.now() < deadline;) {
    await notice.waitFor();
    box = await notice.boundingBox();
  }
  const height = page.viewportSize()!.height;
  // Scrolled into view, a notice may end a fraction of a pixel past the screen's foot:
  // scrolling stops at whole pixels while the layout keeps fractions.
  assert.ok(
    box && box.y >= 0 && box.y + box.height <= height + 1,
    `"${text}" is off screen: ${JSON.stringify(box)} in ${height}px`,
  );
}

Deno.test("admin row actions and tables on a phone", async (t) => {
  await withRig(async (rig) => {
    for (const width of [375, 1280]) {
      await t.step(`a price update reports at its row at ${width}px`, async () => {
        await withShop(rig, seedCatalogue, async (page, shop, url) => {
          await logIn(page, url);
          const row = page.getByRole("row").filter({ hasText: "Book 19" });
          await page.getByLabel("Price of Book 19", { exact: true }).fill("1499");
          await page.getByRole("button", { name: "Update price of Book 19" }).click();
          await assertShownAt(page, row, "status", "Book price updated successfully");
          const book19 = await shop.catalogue.findBook(await bookId(shop, "Book 19"));
          assert.equal(book19?.priceCents, 149_900);
          await page.getByLabel("Price of Book 18", { exact: true }).fill("-5");
          await page.getByRole("button", { name: "Update price of Book 18" }).click();
          await assertShownAt(
            page,
            page.getByRole("row").filter({ hasText: "Book 18" }),
            "alert",
            "Failed to update book price",
          );
          // Deleting takes the row away: its result stays in sight at the screen's foot.
          const book17 = await bookId(shop, "Book 17");
          await page.getByRole("button", { name: "Delete Book 17" }).click();
          await page.getByRole("dialog", { name: "Delete book" })
            .getByRole("button", { name: "Delete" }).click();
          const deleted = page.getByRole("status").filter({ hasText: "Book deleted successfully" });
          await deleted.waitFor();
          assert.equal(await shop.catalogue.findBook(book17), undefined);
          const box = await deleted.boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height);
          await page.screenshot({ path: `${ARTIFACTS}row-price-${width}.png` });
        }, width);
      });
    }

    await t.step(
      "the stock screen says plainly that a quantity is added, and answers at the row",
      async () => {
        await withShop(rig, seedCatalogue, async (page, shop, url) => {
          await logIn(page, url);
          await page.getByRole("link", { name: "Stock", exact: true }).click();
          const books = page.getByRole("region", { name: "Books stock" });
          await books.getByRole("columnheader", { name: "Add to Stock" }).waitFor();
          const row = books.getByRole("row").filter({ hasText: "Book 15" });
          await page.getByLabel("New quantity to add for Book 15").fill("5");
          const book15 = await bookId(shop, "Book 15");
          const stock = (await shop.catalogue.findBook(book15))!.stock;
          await row.getByText(`Adds 5: stock becomes ${stock + 5}`).waitFor();
          await page.getByRole("button", { name: "Update Book 15" }).click();
          await assertShownAt(
            page,
            books.getByRole("row").filter({ hasText: "Book 15" }),
            "status",
            "Saved: 5 copies added to stock",
          );
          assert.equal((await shop.catalogue.findBook(book15))?.stock, stock + 5);
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
          // A save says what it saved: a quantity and a price, never "stock updated" for a price.
          await page.getByRole("button", { name: "Update Book 16" }).click();
          await assertShownAt(
            page,
            books.getByRole("row").filter({ hasText: "Book 16" }),
            "status",
            "Saved: 2 copies added to stock, price LKR 1,250.00",
          );
        });
      },
    );

    await t.step(
      "admin tables and tabs fit a 375px phone without scrolling sideways inside the page",
      async () => {
        const seed = async (shop: AdminShop) => {
          await seedCatalogue(shop);
          const book = [{ id: await bookId(shop, "Book 3"), quantity: 2 }];
          const completed = await placeOrder(shop, { books: book });
          await placeOrder(shop, { books: book });
          await moveOrder(shop, completed.id, "completed");
        };
        await withShop(rig, seed, async (page, _shop, url) => {
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
