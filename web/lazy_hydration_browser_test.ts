/**
 * Islands hydrate when the page needs them (web/islands/names.ts, `HYDRATE_WHEN`), in a
 * real Chromium over the preview shop: a book page with an empty cart fetches no React at
 * load and its islands wait; the first press on Add to Cart, made before React is there,
 * is held and answered once it is (the quantity dialog opens), and the header's count
 * follows the cart; with a filled cart the count shows at once. Fails (never skips)
 * without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import { hydrated } from "../tests/e2e/harness.ts";
import { bookId, bookLine, fillCart, withShop } from "./testing/storefront_walk.ts";

await ensureBuilt();

/** The scripts the page fetches, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path.split("/").pop() ?? path);
  });
  return scripts;
}

Deno.test({
  name: "a book page loads no React until used, and a press made before React is answered after",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async ({ base, open }) => {
      const id = await bookId(base, "Madol Doova");
      const page = await open(375);
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      const scripts = scriptsOf(page);
      await page.goto(`${base}/books/${id}`, { waitUntil: "networkidle" });
      const states = await page.locator("[data-island]").evaluateAll((islands) =>
        islands.map((island) => (island as HTMLElement).dataset.hydration)
      );
      assert.ok(states.length >= 2, "the count and the purchase box");
      assert.ok(states.every((state) => state === "waiting"), states.join(", "));
      assert.ok(!scripts.some((name) => name.startsWith("react-")), scripts.join(", "));
      assert.ok(!scripts.some((name) => name.startsWith("hydrate_island-")), scripts.join(", "));

      // One press, before any React: held while the island hydrates, then done again.
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Add to Cart" }).click();
      // The header's count came with React, and follows the cart.
      await page.locator(".cart-count").getByText("1").waitFor();
      assert.ok(scripts.some((name) => name.startsWith("react-")), scripts.join(", "));
      assert.deepEqual(problems, []);
    });
  },
});

Deno.test({
  name: "with a filled cart the header's count shows at load, and every island hydrates when asked",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async ({ base, open }) => {
      const page = await open(375);
      await fillCart(page, base, [bookLine(await bookId(base, "Madol Doova"), 2)]);
      await page.goto(`${base}/`);
      await page.locator(".cart-count").getByText("2").waitFor();
      assert.equal(
        await page.locator("[data-island='BookList']").getAttribute("data-hydration"),
        "waiting",
        "the listing waits to be used",
      );
      await hydrated(page);
      assert.deepEqual(
        await page.locator("[data-island]").evaluateAll((islands) =>
          islands.map((island) => (island as HTMLElement).dataset.hydrated)
        ),
        ["true", "true"],
      );
    });
  },
});
