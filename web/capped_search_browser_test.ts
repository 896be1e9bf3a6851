/**
 * A broad search as a shopper meets it in a real Chromium, over the preview server (real API
 * routes on the in-memory ports), whose catalogue answers searches as a store past its count
 * bound does (the demo catalogue is too small to pass a real one): the count says "1,000+",
 * the pager numbers the pages up to the bound's last and links the next from there, and
 * paging with scripts keeps both (the API's `totalCapped` reaches the island). Screenshots at
 * 375px go to test-artifacts/storefront/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../scripts/build_web.ts";
import { screenshotsIn, withPhonePage } from "./testing/preview_browser.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("storefront");

Deno.test({
  name: "a capped search says 1,000+ books and pages on past the bound's last page [375px]",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const listBooks = shop.catalogue.listBooks.bind(shop.catalogue);
      shop.catalogue.listBooks = async (filter, request, sort) => {
        if (!filter.q) return listBooks(filter, request, sort);
        const first = await listBooks({ inStock: true, outOfStock: true }, {
          ...request,
          page: 1,
        });
        return {
          ...first,
          page: request.page,
          total: request.page > 100 ? 2000 : 1000,
          totalCapped: true,
        };
      };
      await page.goto(`${base}/?q=the`);
      await page.locator(".sort-form button").waitFor({ state: "detached" });
      const count = page.locator(".result-count");
      assert.equal(await count.innerText(), "1,000+ books found");
      await page.locator(".results-bar").screenshot({
        path: `${SHOTS}capped-search-count-375.png`,
      });
      const pager = page.getByRole("navigation", { name: "Pages" });
      await pager.screenshot({ path: `${SHOTS}capped-search-pager-375.png` });

      await pager.getByRole("link", { name: "Page 100" }).click();
      await page.waitForURL(/\?q=the&page=100$/);
      await page.locator('.pagination a[aria-current="page"]', { hasText: "100" }).waitFor();
      assert.equal(await count.innerText(), "1,000+ books found");
      const next = pager.locator('a[rel="next"]');
      assert.equal(await next.getAttribute("href"), "/?q=the&page=101");
      await pager.screenshot({ path: `${SHOTS}capped-search-pager-last-375.png` });

      await next.click();
      await page.waitForURL(/\?q=the&page=101$/);
      await page.locator('.pagination a[aria-current="page"]', { hasText: "101" }).waitFor();
      assert.equal(await count.innerText(), "2,000+ books found");
      assert.equal(
        await pager.getByRole("link", { name: "Page 200" }).getAttribute("href"),
        "/?q=the&page=200",
      );
    }, { console: true });
  },
});
