/**
 * A book's page and the header as a shopper sees them on a 375px phone and a 1280px screen,
 * in English, Sinhala and Tamil, in a real Chromium over the preview server: the cover as
 * wide as the phone, no rating nobody gave, the description's paragraphs, the search box's
 * words whole, and what works without scripts. Screenshots (with a filled cart) go to
 * test-artifacts/book-page/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import type { MemoryCatalogue } from "../adapters/memory/catalogue.ts";
import { type PageOptions, screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

const { shot } = await screenshotsIn("book-page");

interface Visit {
  base: string;
  catalogue: MemoryCatalogue;
  open(width: number, options?: PageOptions): Promise<Page>;
}

function withShop(run: (visit: Visit) => Promise<void>) {
  return withPreviewBrowser(({ base, shop, open }) =>
    run({ base, catalogue: shop.catalogue, open })
  );
}

/** A book's id in the preview catalogue, found by its title. */
async function bookId(base: string, title: string): Promise<number> {
  const body = await (await fetch(`${base}/api/books?q=${encodeURIComponent(title)}`)).json();
  const found = body.data.find((b: { title: string }) => b.title === title);
  assert.ok(found, title);
  return found.id;
}

/** Two lines in the stored cart, so that the header shows a count as a shopper's would. */
async function fillCart(page: Page, base: string) {
  await page.goto(`${base}/about`);
  const line = (id: number, title: string) => ({
    type: "book",
    id,
    title,
    unitPriceCents: 95_000,
    stock: 9,
    weightGrams: 300,
    image: null,
    preorder: false,
    quantity: 2,
  });
  const lines = [
    line(await bookId(base, "Reef"), "Reef"),
    line(await bookId(base, "Hath Pana"), ""),
  ];
  await page.evaluate((json) => localStorage.setItem("cart", json), JSON.stringify(lines));
}

Deno.test("on a 375px phone a book's cover is as wide as the screen, with no star rating", async () => {
  await withShop(async ({ base, catalogue, open }) => {
    const id = await bookId(base, "Madol Doova");
    await catalogue.updateBook(id, {
      description: "Upali grows up in Koggala.\n\nHe runs away to an island\nwith Jinna.",
    });
    for (const [prefix, width] of [["", 375], ["/si", 375], ["", 1280], ["/ta", 1280]] as const) {
      const page = await open(width);
      await fillCart(page, base);
      await page.goto(`${base}${prefix}/books/${id}`);
      const cover = await page.locator(".gallery-main img").boundingBox();
      assert.ok(cover, "the cover is shown");
      if (width === 375) {
        // The page's own padding aside (1rem each side), the cover takes the phone's width.
        assert.ok(cover.width >= 375 - 40, `${prefix || "en"}: the cover is ${cover.width}px wide`);
      }
      assert.equal(await page.locator(".stars").count(), 0);
      assert.ok(!/[★☆]/.test(await page.locator("main").innerText()));
      assert.deepEqual(await page.locator(".description p").allInnerTexts(), [
        "Upali grows up in Koggala.",
        "He runs away to an island\nwith Jinna.",
      ]);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width);
      await shot(page, `book${prefix.replace("/", "-")}`);
      await page.context().close();
    }
  });
});

Deno.test("the book cards show no star rating at 375px", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    for (const prefix of ["", "/ta"]) {
      await page.goto(`${base}${prefix}/`);
      await page.locator(".book-card").first().waitFor();
      assert.equal(await page.locator(".book-card .stars").count(), 0);
      assert.ok(!/[★☆]/.test(await page.locator("main").innerText()));
    }
    await shot(page, "cards-ta");
  });
});

Deno.test("the search box's words fit it whole at 375px in English, Sinhala and Tamil", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    for (const prefix of ["", "/si", "/ta"]) {
      for (const path of ["/", "/stationery"]) {
        await page.goto(`${base}${prefix}${path}`);
        await page.evaluate(() => document.fonts.ready);
        const fit = await page.locator("#site-search").evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const probe = document.createElement("span");
          probe.textContent = input.placeholder;
          probe.style.font = style.font;
          probe.style.whiteSpace = "pre";
          probe.style.position = "absolute";
          document.body.append(probe);
          const words = probe.getBoundingClientRect().width;
          probe.remove();
          const room = input.clientWidth - parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight);
          return { words, room, placeholder: input.placeholder };
        });
        assert.ok(
          fit.words <= fit.room,
          `${prefix}${path}: "${fit.placeholder}" needs ${fit.words}px of ${fit.room}px`,
        );
      }
    }
    await page.goto(`${base}/ta/`);
    await shot(page, "search-ta");
  });
});

Deno.test("without scripts a pre-order's bank details open, and Add to Cart says it needs scripts", async () => {
  await withShop(async ({ base, open }) => {
    const id = await bookId(base, "Gamperaliya"); // a pre-order
    for (
      const [prefix, show, needs] of [
        ["", "Show Bank Details", "Adding to the cart needs JavaScript"],
        ["/si", "බැංකු විස්තර පෙන්වන්න", "කරත්තයට දැමීමට"],
      ]
    ) {
      for (const width of [375, 1280]) {
        const page = await open(width, { javaScriptEnabled: false });
        await page.goto(`${base}${prefix}/books/${id}`);
        assert.equal(await page.locator(".bank-details").isVisible(), false);
        await page.getByText(show).click();
        await page.locator(".bank-details").waitFor();
        // An Add to Cart that would do nothing is not offered; the note says why.
        assert.equal(await page.locator(".purchase .button-large").isVisible(), false);
        assert.ok((await page.locator("main").innerText()).includes(needs));
        await shot(page, `no-script${prefix.replace("/", "-")}`);
        await page.context().close();
      }
    }
  });
});

Deno.test("with scripts the bank details open from the same button, and Add to Cart works", async () => {
  await withShop(async ({ base, open }) => {
    const page = await open(375);
    await page.goto(`${base}/ta/books/${await bookId(base, "Gamperaliya")}`);
    await page.getByText("வங்கி விவரங்களைக் காட்டு").click();
    assert.ok(await page.locator(".bank-details").isVisible());
    await page.locator(".purchase .button-large").click();
    await page.getByRole("dialog").waitFor();
    await shot(page, "preorder-ta");
  });
});
