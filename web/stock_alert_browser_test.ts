/**
 * A back-in-stock sign-up as a shopper makes it, in Sinhala and Tamil, on a 375px phone and
 * a 1280px screen, in a real Chromium over the preview server: the form under a sold-out
 * book's price, a wrong address said in the page's words, the request sent (a spinner
 * meanwhile) and answered in the page's words, the request kept in the language of the
 * page; a sold-out stationery item's button opens the same form; the unsubscribe page stops
 * the mails once and says so. Screenshots go to test-artifacts/stock-alerts/. Fails (never
 * skips) without a browser.
 */
import { gate } from "../tests/support/eventually.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ensureBuilt } from "../scripts/build_web.ts";
import { screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";
import { HmacOrderKeys } from "../adapters/security/order_keys.ts";
import { testSecret } from "../http/auth/testing/fakes.ts";
import { unsubscribeSalt, unsubscribeToken } from "../domain/stock_alerts/rules.ts";

await ensureBuilt();

const { shot, dir } = await screenshotsIn("stock-alerts");

/** A product's id in the preview catalogue, found by its title. */
async function idOf(base: string, store: "books" | "stationery", title: string): Promise<number> {
  const body = await (await fetch(`${base}/api/${store}?q=${encodeURIComponent(title)}`)).json();
  const found = body.data.find((b: { title: string }) => b.title === title);
  assert.ok(found, title);
  return found.id;
}

const WORDS = {
  si: {
    heading: "නැවත ලැබුණු විට මට දන්වන්න",
    bad: "කරුණාකර නිවැරදි ඊමේල් ලිපිනයක් ඇතුළත් කරන්න.",
    done: "ස්තූතියි. එය නැවත මිලදී ගත හැකි වූ විට අපි {email} වෙත එක් වරක් ඊමේල් කරන්නෙමු.",
    submit: "මට දන්වන්න",
  },
  ta: {
    heading: "மீண்டும் கிடைக்கும்போது எனக்குத் தெரிவியுங்கள்",
    bad: "சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்.",
    done: "நன்றி. மீண்டும் வாங்கக் கிடைக்கும்போது {email} முகவரிக்கு ஒருமுறை மின்னஞ்சல் அனுப்புவோம்.",
    submit: "எனக்குத் தெரிவியுங்கள்",
  },
} as const;

/** No line wider than the screen: the page scrolls only down. */
async function fitsWidth(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `the page is ${scrollWidth}px wide at ${width}px`);
}

Deno.test("a shopper asks to be told when a sold-out book is back, in Sinhala and Tamil, on a phone and a wide screen", async () => {
  await withPreviewBrowser(async ({ base, shop, open }) => {
    const id = await idOf(base, "books", "Madol Doova");
    await shop.catalogue.updateBook(id, { stock: 0 });
    for (
      const [language, width] of [["si", 375], ["ta", 375], ["si", 1280], ["ta", 1280]] as const
    ) {
      const page = await open(width);
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      const words = WORDS[language];
      await page.goto(`${base}/${language}/books/${id}`);
      const form = page.locator(".stock-alert");
      await form.getByRole("heading", { name: words.heading }).waitFor();
      // The form hydrates when it comes into view (web/islands/names.ts).
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        document.querySelector(".stock-alert form")?.closest("[data-island]") !== null &&
        // Hydrated: React has attached its handlers to the island's root.
        Object.keys(document.querySelector("[data-island='StockAlert']") ?? {}).some((k) =>
          k.startsWith("__react")
        )
      );
      await fitsWidth(page, width);
      const email = `reader-${language}-${width}@example.lk`;
      await form.getByLabel(/ඊමේල් ලිපිනය|மின்னஞ்சல் முகவரி/).fill("not-an-address");
      await form.getByRole("button", { name: words.submit }).click();
      await form.getByRole("status").filter({ hasText: words.bad }).waitFor();
      assert.equal(await form.locator("input").getAttribute("aria-invalid"), "true");
      await shot(page, `${language}-invalid`);
      // The request is held until the spinner has been seen and shot.
      const sending = gate();
      await page.route("**/api/stock-alerts", async (route) => {
        await sending.wait();
        await route.continue();
      });
      await form.locator("input").fill(email);
      await form.getByRole("button", { name: words.submit }).click();
      await form.locator(".spinner").waitFor();
      assert.equal(await form.getByRole("button", { name: words.submit }).isDisabled(), true);
      await shot(page, `${language}-sending`);
      // The top of the page as the shopper sees it, for a close look at the form.
      await page.screenshot({ path: `${dir}${language}-sending-top-${width}.png` });
      sending.open();
      await form.getByRole("status").filter({ hasText: words.done.replace("{email}", email) })
        .waitFor();
      assert.equal(await form.locator("form").count(), 0, "the form gives way to the answer");
      await fitsWidth(page, width);
      await shot(page, `${language}-done`);
      await page.screenshot({ path: `${dir}${language}-done-top-${width}.png` });
      assert.deepEqual(problems, []);
      await page.context().close();
    }
    const waiting = await shop.stockAlerts.waiting();
    assert.equal(waiting[0].waiting, 4);
    const kept = await Promise.all([1, 2, 3, 4].map((n) => shop.stockAlerts.find(n)));
    assert.deepEqual(kept.map((r) => r?.language), ["si", "ta", "si", "ta"]);
  });
});

Deno.test("a sold-out stationery item's button opens the form, and the unsubscribe page stops the mails once", async () => {
  await withPreviewBrowser(async ({ base, shop, open }) => {
    const list = await (await fetch(`${base}/api/stationery?pageSize=1`)).json();
    const item = list.data[0];
    await shop.catalogue.updateStationery(item.id, { stock: 0 });
    const page = await open(375);
    await page.goto(`${base}/ta/stationery?q=${encodeURIComponent(item.title)}`);
    const notify = page.locator(".stationery-card .stock-alert-open");
    assert.equal(
      (await notify.textContent())?.replace(/\s+/g, " "),
      `கிடைக்கும்போது தெரிவியுங்கள்: ${item.title}`,
    );
    await notify.click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("input").fill("pens@example.lk");
    await dialog.getByRole("button", { name: WORDS.ta.submit }).click();
    await dialog.getByRole("status").filter({
      hasText: WORDS.ta.done.replace("{email}", "pens@example.lk"),
    }).waitFor();
    await fitsWidth(page, 375);
    await shot(page, "ta-stationery-done");
    const [request] = (await shop.stockAlerts.waiting()).filter((w) =>
      w.product.kind === "stationery"
    );
    assert.equal(request.waiting, 1);
    // The mail's unsubscribe link, signed as the preview shop signs it (its test secret).
    const signature = await new HmacOrderKeys(testSecret()).keyFor(unsubscribeSalt(1));
    const token = unsubscribeToken(1, signature);
    await page.goto(`${base}/si/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { name: "නැවත ලැබීමේ දැනුම්දීම් නවත්වන්න" }).waitFor();
    await shot(page, "si-unsubscribe");
    await page.getByRole("button", { name: "දායකත්වයෙන් ඉවත් වන්න" }).click();
    await page.getByRole("status").filter({
      hasText: "නිම විය: මෙම ලිපිනයට තවත් නැවත ලැබීමේ දැනුම්දීම් යවනු නොලැබේ.",
    }).waitFor();
    await shot(page, "si-unsubscribed");
    assert.deepEqual(await shop.stockAlerts.waiting(), []);
    // A second visit says the same, and a forged link is told it is not valid.
    await page.reload();
    await page.getByRole("button", { name: "දායකත්වයෙන් ඉවත් වන්න" }).click();
    await page.getByRole("status").filter({ hasText: "නිම විය" }).waitFor();
    await page.goto(`${base}/ta/stock-alerts/unsubscribe?token=1.${"A".repeat(43)}`);
    await page.getByRole("button", { name: "குழுவிலகு" }).click();
    await page.getByRole("status").filter({ hasText: "இந்த இணைப்பு செல்லாது" }).waitFor();
  });
});
