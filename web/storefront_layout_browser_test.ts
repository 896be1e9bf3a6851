/**
 * The storefront walk, continued from storefront_walk_browser_test.ts: a book page's first
 * screen, the shop without scripts, the city box, filters on a phone, and pages that must
 * not move as they hydrate and draw the stored cart. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { countRequests, quiet } from "../tests/support/page_checks.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { hydrated } from "../tests/e2e/harness.ts";
import { screenshotsIn } from "./testing/preview_browser.ts";
import { bookId, bookLine, fillCart, withShop } from "./testing/storefront_walk.ts";

await ensureBuilt();

const { shot } = await screenshotsIn("storefront");

Deno.test("a book page shows title, price and Add to Cart in a phone's first screen", async () => {
  await withShop(async ({ base, open }) => {
    const cases: [number, number, string][] = [
      [320, 568, "Wonder of Lanka"],
      [375, 667, "Wonder of Lanka"],
      [375, 667, "Gamperaliya"], // a pre-order, with its bank note
    ];
    for (const [width, height, title] of cases) {
      const page = await open(width, { height });
      await page.goto(`${base}/books/${await bookId(base, title)}`);
      for (const target of [".book-title", ".book-price", ".purchase .button-large"]) {
        const box = await page.locator(target).boundingBox();
        assert.ok(box, target);
        assert.ok(
          box.y + box.height <= height,
          `${title}: ${target} ends at ${box.y + box.height}`,
        );
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width);
      await shot(page, "book-page");
      await page.context().close();
    }
  });
});

Deno.test("without scripts the cart and checkout say so and show no spinner", async () => {
  await withShop(async ({ base, open }) => {
    for (const width of [375, 1280]) {
      const page = await open(width, { javaScriptEnabled: false });
      for (
        const [path, message] of [
          ["/cart", "please turn on JavaScript"],
          ["/checkout", "Checkout needs JavaScript"],
        ]
      ) {
        await page.goto(`${base}${path}`);
        // The selector engine does not look inside <noscript>: read the rendered text.
        assert.match(await page.locator("main").innerText(), new RegExp(message));
        assert.equal(await page.locator(".spinner").filter({ visible: true }).count(), 0, path);
      }
      await shot(page, "checkout-no-script");
      await page.context().close();
    }
  });
});

Deno.test("the city box takes 'colombo 7', offers near cities and points to the right district", async () => {
  await withShop(async ({ base, open }) => {
    for (const width of [375, 1280]) {
      const page = await open(width);
      await fillCart(page, base, [bookLine(await bookId(base, "Reef"), 1)]);
      await page.goto(`${base}/checkout`);
      await page.getByLabel("Name").fill("Nimal Perera");
      await page.getByLabel("Province").selectOption({ label: "Western" });
      await page.getByLabel("District").selectOption({ label: "Colombo" });
      const city = page.getByLabel("City");

      // What people type matches the listed name.
      await city.fill("colombo 7");
      await page.getByText("Delivering to Colombo 07 (Cinnamon Gardens)").waitFor();
      assert.equal(await page.getByLabel("Postal code").inputValue(), "00700");
      await city.blur();
      assert.equal(await city.inputValue(), "Colombo 07 (Cinnamon Gardens)");

      // A slip of the keys offers the nearest cities.
      await city.fill("Dehiwela");
      const suggestions = page.locator(".city-suggestions");
      await suggestions.getByRole("button", { name: "Dehiwala" }).click();
      assert.equal(await city.inputValue(), "Dehiwala");
      assert.equal(await page.getByLabel("Postal code").inputValue(), "10350");

      // A city of another district says which one, and moves there on request.
      await city.fill("Peradeniya");
      await page.getByText("Peradeniya is in Kandy district (Central province).").waitFor();
      if (width === 375) await shot(page, "checkout-city-elsewhere");
      await page.getByRole("button", { name: "Deliver to Peradeniya, Kandy" }).click();
      await page.waitForFunction(() =>
        (document.getElementById("checkout-district") as HTMLSelectElement).selectedOptions[0]
          ?.text === "Kandy"
      );
      assert.equal(await city.inputValue(), "Peradeniya");
      assert.equal(await page.getByLabel("Postal code").inputValue(), "20400");
      await page.getByRole("button", { name: "Place Order" }).click();
      assert.equal(await page.locator("#checkout-city-error").count(), 0);
      await shot(page, "checkout-city");
      await page.context().close();
    }
  });
});

Deno.test("on a phone a filter change shows the count and brings the results into view", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375, { height: 667 });
    await page.goto(`${base}/`);
    // Once scripts run, changes apply at once: no Apply button to mislead.
    await page.getByRole("button", { name: "Apply filters" }).waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "14 books found" }).waitFor();
    await page.locator("summary.filters-toggle").click();
    await page.getByLabel("Category").selectOption({ label: "Children" });
    await page.getByRole("status").filter({ hasText: "3 books found" }).waitFor();
    await page.waitForFunction(() => {
      const top = document.querySelector(".results")!.getBoundingClientRect().top;
      return top >= -2 && top < innerHeight / 3;
    });
    await shot(page, "filters-applied");

    const plain = await open(375, { javaScriptEnabled: false });
    await plain.goto(`${base}/`);
    await plain.locator("summary.filters-toggle").click();
    await plain.getByRole("button", { name: "Apply filters" }).waitFor();
    // The price sliders need scripts: without them only the number boxes show.
    assert.equal(await plain.locator(".range-sliders").isVisible(), false);
    assert.equal(await page.locator(".range-sliders").isVisible(), true);
    await plain.getByLabel("Category").selectOption({ label: "Children" });
    await plain.getByRole("button", { name: "Apply filters" }).click();
    await plain.getByText("3 books found").waitFor();
  });
});

Deno.test("hydrating a store's listing moves nothing on the page [375px, 1280px]", async () => {
  // Where each part of the listing stands, to the pixel.
  const places = (page: Page) =>
    page.evaluate(() =>
      [".results-bar", "ul.grid", ".sort-form", ".filter-actions"].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box && [selector, box.x, box.y, box.width, box.height].join(" ");
      })
    );
  await withShop(async ({ base, open }) => {
    for (const width of [375, 1280]) {
      for (const path of ["/", "/stationery"]) {
        // The page as it first paints: scripts allowed, but the island's never arrive.
        const before = await open(width);
        await before.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await before.goto(`${base}${path}`);
        const served = await places(before);

        const after = await open(width);
        await after.goto(`${base}${path}`);
        await hydrated(after);
        assert.deepEqual(await places(after), served, `${path} at ${width}px`);
        await before.context().close();
        await after.context().close();
      }
    }
  });
});

Deno.test("the cart and the checkout shift nothing in view as they draw the stored cart [375px, 1280px]", async () => {
  await withShop(async ({ base, open }) => {
    const { data } = await (await fetch(`${base}/api/books?pageSize=3`)).json();
    const filled = data.map((b: { id: number; price: number; title: string; stock: number }) =>
      bookLine(b.id, 1, {
        title: b.title,
        unitPriceCents: Math.round(b.price * 100),
        stock: b.stock,
      })
    );
    for (const width of [375, 1280]) {
      for (const lines of [[], filled]) {
        for (const path of ["/cart", "/checkout"]) {
          const page = await open(width);
          // Every layout shift of the page, as Lighthouse sums them (none here from input).
          await page.addInitScript(() => {
            const scope = globalThis as unknown as { shifted: number };
            scope.shifted = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number }[]) {
                scope.shifted += entry.value;
              }
            }).observe({ type: "layout-shift", buffered: true });
          });
          await countRequests(page);
          await fillCart(page, base, lines);
          await page.goto(`${base}${path}`);
          // Hydrated, priced, its fonts and its data loaded: any shift has happened by now.
          await quiet(page);
          const shifted = await page.evaluate(() =>
            (globalThis as unknown as { shifted: number }).shifted
          );
          // Before the space was kept, the footer jumped into view: 0.16 (cart), 0.20 (checkout).
          assert.ok(shifted < 0.1, `${path} at ${width}px, ${lines.length} lines: ${shifted}`);
          await page.context().close();
        }
      }
    }
  });
});
