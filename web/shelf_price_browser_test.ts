/**
 * A running campaign (named in Sinhala and Tamil) and a sale price as a shopper sees them in
 * a real Chromium over the preview server: on the Book Store's cards at 375px in Sinhala and
 * in Tamil, and on the book's page, the price now, the usual price struck through, the
 * saving and the campaign's name as a badge, nothing wider than the phone; the same after
 * the list is changed in the browser (the cards drawn from the API's answers). Screenshots at
 * 375 and 1280px go to test-artifacts/shelf-price/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import { screenshotsIn, shotBothWidths, withPhonePage } from "./testing/preview_browser.ts";

await ensureBuilt();

const { dir } = await screenshotsIn("shelf-price");

const FAIR = {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
};

const WORDS = {
  si: { save: "ඉතිරියි", was: "සාමාන්‍ය මිල", fair: FAIR.names.si },
  ta: { save: "சேமிப்பு", was: "வழக்கமான விலை", fair: FAIR.names.ta },
} as const;

Deno.test("a campaign and a sale price show on the book cards at 375px in Sinhala and Tamil, and on the book's page", async () => {
  await withPhonePage(async (page, base, shop) => {
    await shop.promotions.addCampaign({
      ...FAIR,
      scope: { kind: "store", store: "book" },
      benefit: { kind: "percent", basisPoints: 2000 },
      window: { startsAt: null, endsAt: null },
      paused: false,
    });
    const madol = (await shop.catalogue.listBooks({ inStock: true, outOfStock: true, q: "madol" }, {
      page: 1,
      pageSize: 1,
    })).items[0];
    // LKR 950.00 on sale at 800.00, then 20% off: 640.00, saving 310.00.
    await shop.catalogue.updateBook(madol.id, { salePriceCents: 80_000 });

    for (const language of ["si", "ta"] as const) {
      const words = WORDS[language];
      await page.goto(`${base}/${language}`);
      const card = page.locator(".book-card", { hasText: "Madol Doova" });
      assert.equal(await card.locator(".badge-offer").innerText(), words.fair);
      // What a screen reader reads: the hidden words say which price is which.
      assert.equal(await read(card.locator(".price-now")), `${hidden(language)} LKR 640.00`);
      assert.equal(await read(card.locator("s.price-was")), `${words.was} LKR 950.00`);
      assert.equal(await card.locator(".price-saving").innerText(), `LKR 310.00 ${words.save}`);
      // Struck through, with the words read out that say what the struck price was.
      assert.equal(
        await card.locator("s.price-was").evaluate((s) => getComputedStyle(s).textDecorationLine),
        "line-through",
      );
      // Every other book is in the Book Fair too, and nothing is wider than the phone.
      assert.ok(await page.locator(".badge-offer").count() >= 2);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${language}: the page is ${width}px wide`);
      for (const badge of await page.locator(".badge-offer").all()) {
        const box = (await badge.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 375, `${language}: a badge runs off the card`);
      }
      await page.locator(".grid li").nth(0).screenshot({ path: `${dir}card-${language}-375.png` });
      await shotBothWidths(page, dir, `cards-${language}`);
    }

    // A list changed in the browser draws its cards from the API's answers: the same prices.
    await page.goto(`${base}/ta`);
    await page.locator("#site-search").fill("madol");
    await page.locator("#site-search").press("Enter");
    await page.waitForURL(/q=madol/);
    const searched = page.locator(".book-card", { hasText: "Madol Doova" });
    await searched.locator(".price-saving").waitFor();
    assert.equal(await searched.locator(".price-saving").innerText(), "LKR 310.00 சேமிப்பு");

    for (const language of ["si", "ta"] as const) {
      await page.goto(`${base}/${language}/books/${madol.id}`);
      const summary = page.locator(".book-summary");
      assert.equal(await summary.locator(".badge-offer").innerText(), WORDS[language].fair);
      assert.match(await summary.locator(".book-price").innerText(), /LKR 640\.00/);
      assert.match(await summary.locator("s.price-was").innerText(), /LKR 950\.00/);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${language}: the book's page is ${width}px wide`);
      await summary.screenshot({ path: `${dir}summary-${language}-375.png` });
      await shotBothWidths(page, dir, `book-${language}`);
    }
    await page.goto(`${base}/books/${madol.id}`);
    assert.equal(await page.locator(".book-summary .price-saving").innerText(), "Save LKR 310.00");
    await shotBothWidths(page, dir, "book-en");
  }, { console: true });
});

/** An element's text as read out, hidden words included, spaces made one. */
async function read(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/** The visually hidden word before the price now. */
function hidden(language: "si" | "ta"): string {
  return language === "si" ? "දැන්" : "இப்போது";
}
