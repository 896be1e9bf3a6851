/**
 * After an order is placed, in a real Chromium at 375px (and 1280px for the screenshots),
 * in English and Sinhala over the preview server: the dialog is titled by how the order is
 * paid and leads to the order's own page, its confirmation from then on; on a phone it
 * offers WhatsApp as a link (a phone cannot scan a code on its own screen), on a computer
 * as the QR code of WHATSAPP_NUMBER too; a deposit slip sent on the order's page says so
 * beside the form, with its file name and what happens next, and lists it; the owner refuses
 * it with a reason, which the customer reads on the page in their language. An empty
 * checkout says so and leads back to the shops; the order look-up is linked from the
 * footer and from the log-in and account pages. Screenshots go to test-artifacts/placed/.
 * Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { hydrated, visit } from "../tests/e2e/harness.ts";
import { recordPayment } from "../domain/orders/change_payment.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import {
  type PreviewShop,
  screenshotsIn,
  shotBothWidths,
  withPhonePage,
} from "./testing/preview_browser.ts";
import { bookCartItem, type Cart } from "../domain/cart/cart.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";
import type { Locale } from "../domain/i18n/language.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("placed");
await loadCatalogue("si");

type Shop = PreviewShop;

/** The smallest PNG there is: one white pixel. */
const SLIP_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC",
  "base64",
);

function withShop(run: (page: Page, base: string, shop: Shop) => Promise<void>) {
  return withPhonePage(run, { console: true });
}

function shots(page: Page, name: string) {
  return shotBothWidths(page, SHOTS, name);
}

async function fillCart(page: Page, shop: Shop): Promise<void> {
  const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 20,
  });
  const book = books.items.find((b) => !b.preorder && b.stock >= 2)!;
  const cart: Cart = [{ ...bookCartItem(book), quantity: 2 }];
  await page.evaluate(
    (json) => localStorage.setItem("cart", json),
    JSON.stringify(cart.map(storedLine)),
  );
}

const NAMES: Record<Locale, string> = { en: "Nimal Perera", si: "නිමල් පෙරේරා", ta: "" };

async function checkOut(page: Page, base: string, language: Locale, method: "bank" | "cod") {
  const { t } = i18nFor(language);
  const prefix = language === "en" ? "" : `/${language}`;
  await visit(page, `${base}${prefix}/checkout`);
  await page.locator(".order-summary").waitFor();
  await fillCheckoutAddress(page, language, {
    name: NAMES[language],
    address: "12 Galle Road, Dehiwala",
  });
  await page.getByLabel(t(method === "bank" ? "checkout.bankDeposit" : "checkout.cod")).check();
  await page.getByRole("button", { name: t("checkout.place") }).click();
}

for (const language of ["en", "si"] as const) {
  const { t } = i18nFor(language);
  const prefix = language === "en" ? "" : `/${language}`;

  Deno.test({
    name: `an empty checkout leads back to the shops, and the look-up is linked, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base) => {
        await visit(page, `${base}${prefix}/checkout`);
        // It stays, says why there is nothing to check out, and offers both shops.
        const empty = page.getByRole("status").filter({ hasText: t("checkout.empty") });
        await empty.waitFor();
        assert.equal(new URL(page.url()).pathname, `${prefix}/checkout`);
        assert.equal(
          await empty.getByRole("link", { name: t("cart.browse") }).getAttribute("href"),
          prefix || "/",
        );
        assert.equal(
          await empty.getByRole("link", { name: t("cart.browseStationery") }).getAttribute("href"),
          `${prefix}/stationery`,
        );
        await shots(page, `checkout-empty-${language}`);

        // The look-up of an order is in the footer, and beside log-in and the account.
        const footer = page.locator("footer").getByRole("link", { name: t("footer.track") });
        assert.equal(await footer.getAttribute("href"), `${prefix}/track`);
        for (const path of ["/login", "/account"]) {
          await page.goto(`${base}${prefix}${path}`);
          await page.waitForURL(new RegExp(`${prefix}/login$`));
          const track = page.locator("main").getByRole("link", { name: t("footer.track") });
          assert.equal(await track.getAttribute("href"), `${prefix}/track`);
        }
      });
    },
  });

  Deno.test({
    name:
      `a Bank Deposit order's dialog leads to its page, where a slip sent says so beside the form, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        await page.goto(`${base}${prefix}/`);
        await fillCart(page, shop);
        await checkOut(page, base, language, "bank");
        const dialog = page.getByRole("dialog", { name: t("placed.titleBank") });
        await dialog.waitFor();
        // On a phone: WhatsApp as a link to the configured number, no code to scan.
        const whatsapp = dialog.getByRole("link", { name: t("placed.openWhatsapp") });
        assert.equal(await whatsapp.getAttribute("href"), "https://wa.me/94771234567");
        assert.ok(await whatsapp.isVisible());
        const qr = dialog.locator(".qr img");
        assert.equal(await qr.isVisible(), false, "no QR code on a phone");
        await page.screenshot({ path: `${SHOTS}dialog-bank-${language}-375.png` });
        await whatsapp.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}dialog-bank-end-${language}-375.png` });
        await dialog.screenshot({ path: `${SHOTS}dialog-bank-box-${language}-375.png` });
        // On a computer the code of that number is shown too, and loads.
        await page.setViewportSize({ width: 1280, height: 900 });
        await qr.waitFor({ state: "visible" });
        assert.equal(await qr.getAttribute("src"), "/qr/whatsapp-94771234567.svg");
        assert.ok(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0));
        await dialog.screenshot({ path: `${SHOTS}dialog-bank-box-${language}-1280.png` });
        await page.setViewportSize({ width: 375, height: 800 });

        // Closed, it leaves for the order's own page.
        await dialog.getByRole("button", { name: t("cart.close") }).click();
        await page.waitForURL(new RegExp(`${prefix}/orders/\\d+\\?key=`));
        await hydrated(page);
        await page.evaluate(() => Object.assign(globalThis, { samePage: true }));

        // A slip sent: said beside the form, with its name and what comes next, and listed.
        await page.getByLabel(t("proof.label")).setInputFiles({
          name: "deposit-slip.png",
          mimeType: "image/png",
          buffer: SLIP_PNG,
        });
        await page.getByRole("button", { name: t("proof.send") }).click();
        const notice = page.getByRole("status").filter({ hasText: "deposit-slip.png" });
        await notice.waitFor();
        assert.ok(
          (await notice.innerText()).includes(t("proof.next")),
          "the notice says what happens next",
        );
        assert.ok(await notice.isVisible());
        assert.ok(
          await notice.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight;
          }),
          "the notice is on the screen, not off it",
        );
        const slips = page.getByRole("list", { name: t("proof.sentList") });
        assert.equal(await slips.getByRole("listitem").count(), 1);
        assert.match(await slips.innerText(), /deposit-slip\.png/);
        assert.equal(
          await page.evaluate(() => (globalThis as { samePage?: boolean }).samePage),
          true,
          "the page was not reloaded under the shopper",
        );
        await page.screenshot({ path: `${SHOTS}slip-sent-${language}-375.png` });
        await shots(page, `order-slip-sent-${language}`);
        const [order] = await shop.orders.list();
        assert.equal(order.paymentStatus, "proof_submitted");

        // The owner refuses the slip with a reason: the customer reads it on the order's page,
        // in the page's language, with the new deadline to pay.
        const reason = "The slip shows LKR 900; the order is LKR 950";
        const refused = await recordPayment(
          {
            orders: shop.orders,
            slips: { render: () => Promise.resolve(new Uint8Array()) },
            clock: { now: () => new Date() },
          },
          { id: order.id, status: "unpaid", note: reason },
        );
        assert.equal(refused.kind, "changed");
        await page.reload();
        await hydrated(page);
        await page.getByText(t("order.eventSlipRefused")).first().waitFor();
        await page.getByText(reason).first().waitFor();
        const deadline = (await shop.orders.findById(order.id))?.expiresAt;
        assert.ok(deadline && Date.parse(deadline) > Date.now(), "a new deadline to pay");
        await shots(page, `order-slip-not-valid-${language}`);

        // A refused file says so as clearly, naming it.
        await page.getByLabel(t("proof.label")).setInputFiles({
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("not a slip"),
        });
        await page.getByRole("button", { name: t("proof.send") }).click();
        const refusal = page.getByRole("alert").filter({ hasText: "notes.txt" });
        await refusal.waitFor();
        assert.ok((await refusal.innerText()).includes(t("proof.wrongType")));
        await page.screenshot({ path: `${SHOTS}slip-refused-${language}-375.png` });
      });
    },
  });

  Deno.test({
    name:
      `a Cash on Delivery order's dialog is titled so and opens the order's page, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        await page.goto(`${base}${prefix}/`);
        await fillCart(page, shop);
        await checkOut(page, base, language, "cod");
        const dialog = page.getByRole("dialog", { name: t("placed.titleCod") });
        await dialog.waitFor();
        assert.equal(await dialog.getByRole("link", { name: t("placed.openWhatsapp") }).count(), 0);
        await page.screenshot({ path: `${SHOTS}dialog-cod-${language}-375.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: `${SHOTS}dialog-cod-${language}-1280.png` });
        await page.setViewportSize({ width: 375, height: 800 });
        await dialog.getByRole("link", { name: t("placed.viewOrder") }).click();
        await page.waitForURL(new RegExp(`${prefix}/orders/\\d+\\?key=`));
        await hydrated(page);
        const [order] = await shop.orders.list();
        await page.getByRole("heading", { name: t("order.title", { id: order.id }) }).waitFor();
      });
    },
  });
}
