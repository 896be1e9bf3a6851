/**
 * The storefront in Sinhala and Tamil in a real Chromium, over the preview server: the
 * pages hydrate in the language the server rendered them in (no hydration mismatch: the
 * browser's own Intl data differs from the server's), a filter change stays under the
 * language's prefix, and the switcher keeps the path and query. Screenshots of the home
 * and a book page in each language go to test-artifacts/languages/. Fails (never skips)
 * without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import { hydrated as islandsHydrated } from "../tests/e2e/harness.ts";
import { screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("languages");

function withPage(
  width: number,
  run: (page: Page, base: string, problems: string[]) => Promise<void>,
) {
  return withPreviewBrowser(async ({ base, open }) => {
    const page = await open(width);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await run(page, base, problems);
  });
}

/** Waits until the list island has hydrated (its sort field applies at once, no button). */
async function hydrated(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.locator(".sort-form button").waitFor({ state: "detached" });
}

for (const width of [375, 1280]) {
  Deno.test({
    name:
      `the Sinhala and Tamil stores hydrate in their language and the switcher keeps the path [${width}px]`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withPage(width, async (page, base, problems) => {
        await page.goto(`${base}/si`);
        await hydrated(page);
        assert.equal(await page.locator("html").getAttribute("lang"), "si");
        assert.equal(await page.locator("h1").innerText(), "පොත් හල");
        assert.match(await page.locator(".result-count").innerText(), /^පොත් \d+ ක් හමු විය$/);
        await page.screenshot({ path: `${SHOTS}home-si-${width}.png`, fullPage: true });

        // Sorting in place stays in Sinhala, under /si.
        await page.locator("#list-sort").selectOption("price-asc");
        await page.waitForURL(/\/si\?sort=price-asc$/);
        await page.locator(".book-card:has(.stock.in)").first().click();
        await page.waitForURL(/\/si\/books\/\d+$/);
        const bookPath = new URL(page.url()).pathname.slice("/si".length);
        assert.equal(await page.locator("#spec-heading").innerText(), "විස්තර");
        await page.screenshot({ path: `${SHOTS}book-si-${width}.png`, fullPage: true });

        // Into the cart and back, in Sinhala throughout.
        {
          await page.getByRole("button", { name: "කරත්තයට දමන්න" }).click();
          const dialog = page.getByRole("dialog");
          await dialog.getByRole("button", { name: "කරත්තයට දමන්න" }).click();
          await dialog.getByRole("link", { name: "කරත්තය බලන්න" }).click();
          await page.waitForURL(/\/si\/cart$/);
          await page.getByRole("columnheader", { name: "විස්තරය" }).waitFor();
          assert.match(await page.locator(".grand-total dd").innerText(), /^LKR [\d,]+\.\d{2}$/);
          await page.screenshot({ path: `${SHOTS}cart-si-${width}.png`, fullPage: true });
          await page.goBack();
          await page.waitForURL(/\/si\/books\/\d+$/);
        }

        await page.locator(".language-switcher").getByRole("link", { name: "தமிழ்" }).click();
        await page.waitForURL(new RegExp(`/ta${bookPath}$`));
        assert.equal(await page.locator("html").getAttribute("lang"), "ta");
        assert.equal(await page.locator("#spec-heading").innerText(), "விவரங்கள்");
        await page.screenshot({ path: `${SHOTS}book-ta-${width}.png`, fullPage: true });

        await page.goto(`${base}/ta?sort=price-asc`);
        await hydrated(page);
        assert.equal(await page.locator("h1").innerText(), "புத்தகக் கடை");
        await page.screenshot({ path: `${SHOTS}home-ta-${width}.png`, fullPage: true });
        await page.locator(".language-switcher").getByRole("link", { name: "English" }).click();
        await page.waitForURL(/\/\?sort=price-asc$/);
        assert.equal(await page.locator("h1").innerText(), "Book Store");

        assert.deepEqual(problems, [], "no hydration mismatch or other error in the console");
      });
    },
  });
}
