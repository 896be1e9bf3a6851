/**
 * The storefront as shoppers walk it at 320, 375 and 1280px in a real Chromium, over the
 * preview server (real API routes on the in-memory ports): what they read and what fits the
 * screen. Screenshots with text typed into the fields go to test-artifacts/storefront/. The
 * walk goes on in storefront_layout_browser_test.ts (a file of its own, so that the two run
 * side by side). Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../scripts/build_web.ts";
import { screenshotsIn } from "./testing/preview_browser.ts";
import { bookId, bookLine, contrast, fillCart, withShop } from "./testing/storefront_walk.ts";

await ensureBuilt();

const { shot } = await screenshotsIn("storefront");

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
    await card.getByText("Pre-order, expected 15 December 2026").waitFor();
    await card.click();
    await page.getByRole("heading", { name: "Gamperaliya" }).waitFor();
    await page.getByText("Pre-order, expected 15 December 2026").waitFor();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText("Added 1 × Gamperaliya to your cart").waitFor();
    await page.goto(`${base}/checkout`);
    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByText("Pre-order, expected 15 December 2026").waitFor();
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
