/**
 * The edit pages of a book and a stationery item fit a 375px phone: nothing on them (the
 * hidden file inputs of the image buttons among them) makes the page scroll sideways.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";

/** How far the page reaches past the screen's right edge, and what reaches there. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = Array.from(document.querySelectorAll("body *"))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { by: document.documentElement.scrollWidth - width, past };
  });
}

Deno.test("a product's edit page does not scroll sideways at 375px", async () => {
  await withRig(async (rig) => {
    await withShop(rig, () => {}, async (page, shop, url) => {
      for (
        const [path, heading] of [
          [`/admin/books/${shop.ids.book}`, "Edit book: Madol Doova"],
          [`/admin/stationery/${shop.ids.pen}`, "Edit stationery item: Atlas pen, blue"],
        ]
      ) {
        await page.goto(`${url}${path}`);
        await page.getByRole("heading", { name: heading }).waitFor();
        await page.getByText("No adjustments yet").waitFor();
        assert.deepEqual(await overflow(page), { by: 0, past: [] }, path);
      }
      await page.goto(`${url}/admin/books/${shop.ids.book}`);
      await page.getByText("No adjustments yet").waitFor();
      await page.screenshot({ path: `${ARTIFACTS}edit-book-375.png`, fullPage: true });
    }, { width: 375, signedIn: true });
  });
});
