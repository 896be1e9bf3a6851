/**
 * Searching and sorting as a shopper does it in a real Chromium, over the preview server
 * (real API routes on the in-memory ports), once the list island has hydrated: a search
 * that finds nothing points to the other store and to close titles, and a sort applies in
 * place and lives in the URL. Screenshots with the search typed go to
 * test-artifacts/storefront/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import { hydrated as islandsHydrated } from "../tests/e2e/harness.ts";
import { screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("storefront");

function withPage(width: number, run: (page: Page, base: string) => Promise<void>) {
  return withPreviewBrowser(async ({ base, open }) => await run(await open(width), base));
}

/** Waits until the list island has hydrated (its sort field applies at once, no button). */
async function hydrated(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.locator(".sort-form button").waitFor({ state: "detached" });
}

for (const width of [375, 1280]) {
  Deno.test({
    name:
      `a Book Store search for a pen points to the Stationery Store, a typo to the title [${width}px]`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withPage(width, async (page, base) => {
        await page.goto(`${base}/`);
        await hydrated(page);
        await page.getByRole("searchbox", { name: "Search books" }).fill("chooty");
        await page.keyboard.press("Enter");
        await page.waitForURL(/\?q=chooty$/);
        const hint = page.getByRole("link", { name: "2 items for “chooty”" });
        await hint.waitFor();
        await page.screenshot({ path: `${SHOTS}search-elsewhere-${width}.png`, fullPage: true });
        await hint.click();
        await page.waitForURL(/\/stationery\?q=chooty$/);
        assert.equal(await page.locator(".stationery-card").count(), 2);

        await page.goto(`${base}/`);
        await page.getByRole("searchbox", { name: "Search books" }).fill("gamperalya");
        await page.keyboard.press("Enter");
        await page.getByText("Did you mean:").waitFor();
        await page.screenshot({ path: `${SHOTS}search-suggestion-${width}.png`, fullPage: true });
        await page.getByRole("link", { name: "Gamperaliya" }).click();
        await page.waitForURL(/\?q=Gamperaliya$/);
        assert.match(await page.locator(".result-count").innerText(), /^1 book found$/);
      });
    },
  });

  Deno.test({
    name: `the sort field reorders the list in place and keeps the pick in the URL [${width}px]`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withPage(width, async (page, base) => {
        await page.goto(`${base}/?q=wickramasinghe`);
        await hydrated(page);
        await page.evaluate(() => Object.assign(globalThis, { stayed: true }));
        await page.getByLabel("Sort by").selectOption("price-desc");
        await page.waitForURL(/\?q=wickramasinghe&sort=price-desc$/);
        await page.locator(".results[aria-busy=false]").waitFor();
        const prices = await page.locator(".card-price").allInnerTexts();
        const values = prices.map((p) => Number(p.replace(/[^\d.]/g, "")));
        assert.ok(values.length > 1, `${values}`);
        assert.deepEqual(values, [...values].sort((a, b) => b - a));
        assert.equal(await page.evaluate(() => "stayed" in globalThis), true, "no page load");
        await page.goBack();
        await page.waitForURL(/\?q=wickramasinghe$/);
        assert.equal(await page.getByLabel("Sort by").inputValue(), "");
      });
    },
  });
}
