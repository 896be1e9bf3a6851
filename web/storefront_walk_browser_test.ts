/**
 * The storefront as shoppers walk it at 320, 375 and 1280px in a real Chromium, over the
 * preview server (real API routes on the in-memory ports): what they read, what fits the
 * screen, and what happens without scripts. Screenshots with text typed into the fields
 * go to test-artifacts/storefront/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import type { MemoryCatalogue } from "../adapters/memory/catalogue.ts";
import { type PageOptions, screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

const { shot } = await screenshotsIn("storefront");

interface Walk {
  base: string;
  catalogue: MemoryCatalogue;
  open(width: number, options?: PageOptions): Promise<Page>;
}

function withShop(run: (visit: Walk) => Promise<void>) {
  return withPreviewBrowser(({ base, shop, open }) =>
    run({ base, catalogue: shop.catalogue, open })
  );
}

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Puts lines into the stored cart the way the shop writes them. */
async function fillCart(page: Page, base: string, lines: Record<string, unknown>[]) {
  await page.goto(`${base}/about`);
  await page.evaluate((json) => localStorage.setItem("cart", json), JSON.stringify(lines));
}

/** A book's id in the preview catalogue, found by its title. */
async function bookId(base: string, title: string): Promise<number> {
  const body = await (await fetch(`${base}/api/books?q=${encodeURIComponent(title)}`)).json();
  const found = body.data.find((b: { title: string }) => b.title === title);
  assert.ok(found, title);
  return found.id;
}

function bookLine(id: number, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    type: "book",
    id,
    title: `Book ${id}`,
    unitPriceCents: 100,
    stock: 99,
    weightGrams: 300,
    image: null,
    preorder: false,
    quantity,
    ...extra,
  };
}

Deno.test("the header search box shows what a shopper types, dark on white, at 375 and 1280px", async () => {
  await withShop(async ({ base, open }) => {
    for (const width of [375, 1280]) {
      for (const path of ["/", "/stationery", "/cart"]) {
        const page = await open(width);
        await page.goto(`${base}${path}`);
        const box = page.getByRole("searchbox");
        await box.fill("Madol Doova");
        const [color, background] = await box.evaluate((el) => [
          getComputedStyle(el).color,
          getComputedStyle(el.closest("form")!).backgroundColor,
        ]);
        const ratio = contrast(color, background);
        assert.ok(ratio >= 4.5, `${path} at ${width}px: ${color} on ${background} is ${ratio}:1`);
        if (path === "/") await shot(page, "search-typed");
        await page.context().close();
      }
    }
  });
});

Deno.test("a cart line with a long title and a large total fits a 320px and a 375px screen", async () => {
  await withShop(async ({ base, catalogue, open }) => {
    const long = await catalogue.createBook({
      title: "Sri Lankawe Ithihasaya Saha Sanskruthiya: Anuradhapura Yugaye Sita " +
        "Polonnaru Yugaya Dakwa Wistharathmaka Adhyayanayak",
      author: "Someone",
      priceCents: 4_899_900,
      stock: 50,
      categoryId: 1,
      isbn13: "9789550099993",
      language: "Sinhala",
      binding: "Hardcover",
      publisher: "Sarasa",
      publishingDate: "2020-01-01",
      edition: "1",
      weightGrams: 900,
      description: null,
      images: ["/uploads/cover-7.svg"],
      preorder: false,
      preorderDate: null,
      preorderedStock: 0,
    });
    assert.equal(long.kind, "ok");
    const id = long.kind === "ok" ? long.value.id : 0;
    for (const width of [320, 375]) {
      const page = await open(width);
      await fillCart(page, base, [bookLine(id, 12), bookLine(await bookId(base, "Reef"), 1)]);
      await page.goto(`${base}/cart`);
      await page.locator(".cart-line").first().waitFor();
      await page.locator(".line-price", { hasText: "LKR 587,988.00" }).waitFor();
      const overflow = await page.evaluate(() => {
        const cells = [...document.querySelectorAll(".cart-table td, .cart-table td *")];
        const right = Math.max(...cells.map((c) => c.getBoundingClientRect().right));
        return { right, scroll: document.documentElement.scrollWidth };
      });
      assert.ok(overflow.right <= width, `${width}px: a cell ends at x=${overflow.right}`);
      const clipped = await page.locator(".cart-line .stepper").evaluateAll((steppers) =>
        steppers.filter((s) => s.scrollWidth > s.clientWidth + 1).length
      );
      assert.equal(clipped, 0, `${width}px: quantity buttons are cut off`);
      for (const name of ["One more", "One fewer", "Remove"]) {
        const box = await page.getByRole("button", { name }).first().boundingBox();
        assert.ok(box && box.width >= 40 && box.x + box.width <= width, `${name} at ${width}px`);
      }
      assert.ok(overflow.scroll <= width, `${width}px: the page scrolls to ${overflow.scroll}`);
      await shot(page, "cart-long-line");
      await page.context().close();
    }
  });
});

Deno.test("a pre-order shows its expected date on the card, the book page and in checkout", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    await page.goto(`${base}/?q=Gamperaliya`);
    const card = page.locator(".book-card", { hasText: "Gamperaliya" });
    await card.getByText("Pre-order: expected 15 December 2026").waitFor();
    await card.click();
    await page.getByRole("heading", { name: "Gamperaliya" }).waitFor();
    await page.getByText("Pre-order: expected 15 December 2026").waitFor();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText("Added 1 × Gamperaliya to your cart").waitFor();
    await page.goto(`${base}/checkout`);
    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByText("Pre-order: expected 15 December 2026").waitFor();
    await page.getByLabel("Name").fill("Nimal Perera");
    await page.getByLabel("Email").fill("nimal@example.lk");
    await shot(page, "checkout-preorder");
  });
});

Deno.test("cards word price and stock alike and show no rating", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(1280);
    await page.goto(`${base}/?q=Viragaya`);
    const book = page.locator(".book-card", { hasText: "Viragaya" });
    assert.deepEqual(await book.locator(".card-price, .stock").allInnerTexts(), [
      "LKR 1,250.00",
      "Out of stock",
    ]);
    assert.equal(await page.getByRole("img", { name: /Rated/ }).count(), 0);
    // No reviews exist, so no card shows stars (the row of four was invented).
    assert.equal(await page.locator(".stars").count(), 0);
    await page.goto(`${base}/stationery?q=Crayons`);
    const item = page.locator(".stationery-card", { hasText: "Crayons" });
    assert.deepEqual(await item.locator(".card-price, .stock").allInnerTexts(), [
      "LKR 640.00",
      "In stock",
    ]);
    await shot(page, "stationery-cards");
  });
});

Deno.test("a sold-out cart line says Sold out, naming the item", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    // Viragaya has none left; the stored line still thinks it has 5.
    await fillCart(page, base, [bookLine(await bookId(base, "Viragaya"), 1, { stock: 5 })]);
    await page.goto(`${base}/cart`);
    const line = page.locator(".cart-line", { hasText: "Viragaya" });
    await line.getByRole("alert").filter({ hasText: /^“Viragaya”: sold out$/ }).waitFor();
    assert.equal(await page.getByText("Only 0 in stock").count(), 0);
  });
});

Deno.test("the quantity popup says when the cart already holds every copy", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    await page.goto(`${base}/?q=Amba+Yahaluwo`);
    await page.locator(".book-card", { hasText: "Amba Yahaluwo" }).click();
    const dialog = page.getByRole("dialog");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await dialog.getByRole("button", { name: "One more" }).click();
    await dialog.getByRole("button", { name: "One more" }).click();
    assert.equal(await dialog.getByRole("button", { name: "One more" }).isDisabled(), true);
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await dialog.getByText("Your cart already holds all 3 in stock").waitFor();
    assert.equal(await dialog.getByRole("button", { name: "Add to Cart" }).isDisabled(), true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await dialog.getByText("Your cart already holds all 3 in stock").waitFor();
    await shot(page, "quantity-full");
  });
});

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
        await after.waitForFunction(() =>
          [...document.querySelectorAll<HTMLElement>("[data-island]")].every((island) =>
            island.dataset.hydrated === "true"
          )
        );
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
          await fillCart(page, base, lines);
          await page.goto(`${base}${path}`);
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLElement>("[data-island]")].every((island) =>
              island.dataset.hydrated === "true"
            )
          );
          await page.waitForTimeout(500);
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
