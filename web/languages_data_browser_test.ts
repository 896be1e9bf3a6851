/**
 * The shop's data in Sinhala and Tamil, walked in a real Chromium over the preview server in
 * /si and /ta: a classic listed in Sinhala script is found by its Sinhala title and by its
 * Singlish spelling, a misspelt Sinhala title is offered the book listed in English letters,
 * the book's category is named in the page's language, Galle is picked in the checkout's
 * City field by typing ගාල්ල and காலி (its postcode filled), and the order's city, district
 * and province are in the shopper's language on the order's page, in its mail and on its
 * slip. Screenshots go to test-artifacts/languages/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { launchBrowser } from "../tests/support/browser.ts";
import { hydrated } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { previewShop } from "./dev/preview.ts";
import { bookCartItem } from "../domain/cart/cart.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";
import { aBook } from "../adapters/postgres/testing/builders.ts";
import { orderMail } from "../domain/notifications/order_mail.ts";
import { renderMail } from "../adapters/mail/render/mod.ts";
import { PdfmakeSlipRenderer } from "../adapters/pdf/pdfmake_slip_renderer.ts";

await ensureBuilt();

const SHOTS = new URL("../test-artifacts/languages/", import.meta.url).pathname;
await Deno.mkdir(SHOTS, { recursive: true });
await loadCatalogue("si");
await loadCatalogue("ta");

type Shop = Awaited<ReturnType<typeof previewShop>>;

async function withShop(run: (page: Page, base: string, shop: Shop) => Promise<void>) {
  const shop = await previewShop();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, shop.app.fetch);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } }))
      .newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await run(page, `http://127.0.0.1:${server.addr.port}`, shop);
    assert.deepEqual(problems, [], "no error in the page");
  } finally {
    await browser?.close();
    await server.shutdown();
  }
}

/** Text as it is compared: NFC, without the joiners a renderer may add or drop. */
function read(text: string): string {
  return text.normalize("NFC").replace(/[\u200C\u200D]/g, "").replace(/\s+/g, " ");
}

/** Galle's city, district and province as each language names them, and what is typed. */
const GALLE = {
  si: { city: "ගාල්ල", district: "ගාල්ල", province: "දකුණු", category: "සම්භාව්‍ය නවකතා" },
  ta: { city: "காலி", district: "காலி", province: "தென்", category: "செவ்வியல் நாவல்கள்" },
};

for (const language of ["si", "ta"] as const) {
  const { t } = i18nFor(language);
  Deno.test({
    name:
      `in /${language} a classic is found by its Sinhala title and its Singlish, Galle is typed in either script, and the order names its places in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        const words = GALLE[language];
        // A classic listed in its own script, in a category named in Sinhala and Tamil.
        const category = await shop.catalogue.createCategory("Classic Novels", {
          si: GALLE.si.category,
          ta: GALLE.ta.category,
        });
        assert.equal(category.kind, "ok");
        const created = await shop.catalogue.createBook(aBook(
          category.kind === "ok" ? category.value.id : 0,
          { title: "මඩොල් දූව", author: "මාර්ටින් වික්‍රමසිංහ", isbn13: "9789550099993" },
        ));
        assert.equal(created.kind, "ok");
        const book = created.kind === "ok" ? created.value : undefined;
        assert.ok(book);

        // Found by its Sinhala title, and by the Singlish its readers type.
        for (const q of ["මඩොල් දූව", "madol duwa"]) {
          await page.goto(`${base}/${language}?q=${encodeURIComponent(q)}`);
          await hydrated(page);
          await page.waitForFunction(
            (title) =>
              [...document.querySelectorAll(".book-card")].some((card) =>
                (card.textContent ?? "").normalize("NFC").includes(title)
              ),
            "මඩොල් දූව",
          );
        }
        await page.screenshot({ path: `${SHOTS}found-by-singlish-${language}-375.png` });
        // A misspelt Sinhala title is offered the book listed in English letters.
        await page.goto(`${base}/${language}?q=${encodeURIComponent("ගම්පෙරලය")}`);
        await hydrated(page);
        await page.getByText(t("help.didYouMean")).waitFor();
        await page.getByRole("link", { name: "Gamperaliya" }).waitFor();

        // The book's page names its category in the page's language.
        await page.goto(`${base}/${language}/books/${book.id}`);
        await hydrated(page);
        assert.ok(
          read(await page.locator(".breadcrumbs").innerText()).includes(read(words.category)),
        );

        // Checkout with the book: Galle picked by typing its name in either script.
        await page.evaluate(
          (json) => localStorage.setItem("cart", json),
          JSON.stringify([storedLine({ ...bookCartItem(book), quantity: 1 })]),
        );
        await page.goto(`${base}/${language}/checkout`);
        await hydrated(page);
        await page.locator(".order-summary").waitFor();
        const field = (key: Parameters<typeof t>[0]) => page.getByLabel(t(key), { exact: true });
        await field("address.name").fill(language === "si" ? "නිමල් පෙරේරා" : "கமலா இராசையா");
        await field("address.email").fill("nimal@example.lk");
        await field("address.phone").fill("077 123 4567");
        await field("address.address").fill(
          language === "si" ? "12, කොටුව පාර" : "12, கோட்டை வீதி",
        );
        await field("address.province").selectOption({ label: words.province });
        await field("address.district").selectOption({ label: words.district });
        const postcode = await field("address.postalCode").elementHandle();
        // The other script's name first, then the page's own (the one the order keeps typed).
        const typings = language === "si" ? ["காலி", "ගාල්ල"] : ["ගාල්ල", "காலி"];
        for (const typed of typings) {
          await field("address.city").fill("");
          await field("address.postalCode").fill("");
          await field("address.city").fill(typed);
          await page.waitForFunction((el) => (el as HTMLInputElement).value === "80000", postcode);
        }
        await page.getByLabel(t("checkout.bankDeposit")).check();
        await page.screenshot({
          path: `${SHOTS}checkout-galle-${language}-375.png`,
          fullPage: true,
        });
        await page.getByRole("button", { name: t("checkout.place") }).click();
        const dialog = page.getByRole("dialog", { name: t("placed.titleBank") });
        await dialog.getByRole("link", { name: t("placed.orderPage") }).click();

        // The order's page names the city, district and province in the page's language.
        await page.waitForURL(new RegExp(`/${language}/orders/\\d+\\?key=`));
        await hydrated(page);
        const url = new URL(page.url());
        const id = Number(url.pathname.split("/").at(-1));
        const placed = `${words.city}, ${words.district}, ${words.province} 80000`;
        assert.ok(read(await page.locator(".order-page").innerText()).includes(placed));
        await page.screenshot({ path: `${SHOTS}order-galle-${language}-375.png`, fullPage: true });

        // The order as kept: its mail and its slip name the places in the order's language.
        const order = await shop.orders.findById(id);
        assert.ok(order);
        assert.equal(order.locale, language);
        assert.ok(shop.orders.outbox.some((m) => m.orderId === id && m.kind === "order_placed"));
        const mail = renderMail(
          orderMail("order_placed", order, {
            shop: shop.shop,
            bank: shop.bank,
            orderKey: url.searchParams.get("key")!,
          }),
          shop.shop,
        );
        const slip = await new PdfmakeSlipRenderer(shop.shop).render(order);
        const pdf = await getDocumentProxy(slip.slice());
        const slipText = read((await extractText(pdf, { mergePages: true })).text);
        for (const [what, text] of [["mail", read(mail.text)], ["slip", slipText]]) {
          for (const name of [words.city, words.district, words.province]) {
            assert.ok(text.includes(name), `${what} names ${name}: ${text}`);
          }
          assert.ok(!text.includes("Southern") && !text.includes("Galle"), `${what}: ${text}`);
        }
      });
    },
  });
}
