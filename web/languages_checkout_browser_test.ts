/**
 * Checkout, the order popup, the cart's notices, the order's page and the customer's pages
 * in Sinhala and Tamil in a real Chromium over the preview server: each island still speaks
 * the page's language once React has hydrated it (its checks, its notices, the words of a
 * failed call), with no hydration mismatch. Screenshots of the cart with three items and of
 * the filled checkout (375px and 1280px), the popup and the order's page go to
 * test-artifacts/languages/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { hydrated } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import { previewShop } from "./dev/preview.ts";
import { bookCartItem, type Cart, stationeryCartItem } from "../domain/cart/cart.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";

await ensureBuilt();

const SHOTS = new URL("../test-artifacts/languages/", import.meta.url).pathname;
await Deno.mkdir(SHOTS, { recursive: true });
await loadCatalogue("si");
await loadCatalogue("ta");

type Shop = Awaited<ReturnType<typeof previewShop>>;

async function withShop(
  run: (page: Page, base: string, shop: Shop, problems: string[]) => Promise<void>,
) {
  const shop = await previewShop();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, shop.app.fetch);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on("console", (message) => {
      // A refused call (a wrong password) is the page's business: it shows a notice.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(message.text());
      }
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await run(page, `http://127.0.0.1:${server.addr.port}`, shop, problems);
  } finally {
    await browser?.close();
    await server.shutdown();
  }
}

/** A cart of two books and a stationery item; the first book stored at an old price. */
async function cartOf(shop: Shop): Promise<Cart> {
  const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 20,
  });
  const items = await shop.catalogue.listStationery({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 5,
  });
  const [first, second] = books.items.filter((b) => !b.preorder && b.stock >= 2);
  return [
    { ...bookCartItem(first), unitPriceCents: first.priceCents + 5000, quantity: 1 },
    { ...bookCartItem(second), quantity: 2 },
    { ...stationeryCartItem(items.items[0]), quantity: 1 },
  ];
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** What a shopper types, in their own script. */
const NAMES = { si: "නිමල් පෙරේරා", ta: "கமலா இராசையா" };
const ADDRESSES = { si: "12, ගාලු පාර, දෙහිවල", ta: "12, காலி வீதி, தெஹிவளை" };

for (const language of ["si", "ta"] as const) {
  const { t } = i18nFor(language);
  Deno.test({
    name: `the cart, checkout, popup and order's page speak ${language} after hydration`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop, problems) => {
        await page.goto(`${base}/${language}`);
        const cart = await cartOf(shop);
        await page.evaluate(
          (json) => localStorage.setItem("cart", json),
          JSON.stringify(
            cart.map(storedLine),
          ),
        );

        // The cart says, in the language, that a price moved.
        await visit(page, `${base}/${language}/cart`);
        await page.getByText(t("cart.updated")).waitFor();
        assert.equal(await page.locator(".cart-line").count(), 3);
        await page.screenshot({ path: `${SHOTS}cart-3-items-${language}-375.png`, fullPage: true });
        await page.locator(".cart").screenshot({ path: `${SHOTS}cart-lines-${language}-375.png` });

        // Checkout: the form's checks, the summary and the buttons in the language.
        await page.getByRole("button", { name: t("cart.checkout") }).click();
        await page.waitForURL(new RegExp(`/${language}/checkout$`));
        await hydrated(page);
        await page.locator(".order-summary").waitFor();
        await page.getByRole("button", { name: t("checkout.place") }).click();
        await page.getByText(t("form.enterName")).waitFor();
        await page.getByText(t("form.chooseProvince")).waitFor();
        assert.equal(
          await page.locator("#summary-heading").innerText(),
          t("summary.title"),
        );
        await fillCheckoutAddress(page, language, {
          name: NAMES[language],
          address: ADDRESSES[language],
        });
        await page.getByLabel(t("checkout.bankDeposit")).check();
        assert.equal(await page.locator(".field-error").count(), 0);
        const summary = await page.locator(".order-summary").innerText();
        assert.ok(summary.includes(t("money.deliveryFee")), summary);
        assert.ok(summary.includes(t("summary.deliveryDays")), summary);
        await page.screenshot({ path: `${SHOTS}checkout-${language}-375.png`, fullPage: true });
        await page.locator(".checkout-form").screenshot({
          path: `${SHOTS}checkout-form-${language}-375.png`,
        });
        await page.locator(".checkout-side").screenshot({
          path: `${SHOTS}checkout-summary-${language}-375.png`,
        });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: `${SHOTS}checkout-${language}-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 800 });

        // The popup: the bank's words, the WhatsApp caption and the link to the order's page.
        await page.getByRole("button", { name: t("checkout.place") }).click();
        const dialog = page.getByRole("dialog", { name: t("placed.titleBank") });
        await dialog.waitFor();
        await dialog.getByText(t("bank.accountNumber")).waitFor();
        await dialog.getByText(
          t("placed.bankHint", { time: t("placed.days"), link: t("placed.slipPage") }),
        ).waitFor();
        await dialog.getByText(t("placed.whatsappSecond")).waitFor();
        await page.screenshot({ path: `${SHOTS}placed-${language}-375.png`, fullPage: true });
        await dialog.screenshot({ path: `${SHOTS}placed-dialog-${language}-375.png` });
        await dialog.getByRole("link", { name: t("placed.orderPage") }).click();

        // The order's page, in the language, and its slip upload after hydration.
        await page.waitForURL(new RegExp(`/${language}/orders/\\d+\\?key=`));
        await hydrated(page);
        await page.getByText(t("order.paymentUnpaid")).waitFor();
        await page.getByText(t("order.eventPlaced")).waitFor();
        await page.getByRole("button", { name: t("proof.send") }).click();
        await page.getByRole("alert").filter({ hasText: t("proof.choose") }).waitFor();
        await page.screenshot({ path: `${SHOTS}order-${language}-375.png`, fullPage: true });
        await page.locator(".order-page").screenshot({
          path: `${SHOTS}order-page-${language}-375.png`,
        });

        assert.deepEqual(problems, [], "no hydration mismatch or other error in the console");
      });
    },
  });

  Deno.test({
    name: `log in, registration, the account, a reset and the look-up speak ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, _shop, problems) => {
        await visit(page, `${base}/${language}/reset-password`);
        await page.getByRole("button", { name: t("reset.ask") }).click();
        await page.getByText(t("form.enterEmail")).waitFor();

        await visit(page, `${base}/${language}/track`);
        await page.getByRole("button", { name: t("track.submit") }).click();
        await page.getByText(t("track.enterOrder")).waitFor();
        await page.getByLabel(t("track.orderNumber")).fill("12");
        await page.getByLabel(t("track.email")).fill("nimal@example.lk");
        await page.getByRole("button", { name: t("track.submit") }).click();
        await page.getByText(t("track.sent")).waitFor();
        await page.screenshot({ path: `${SHOTS}track-${language}-375.png`, fullPage: true });

        // Without a session the account sends the shopper to log in, in the language.
        await page.goto(`${base}/${language}/account`);
        await page.waitForURL(new RegExp(`/${language}/login$`));
        await hydrated(page);
        await page.getByRole("button", { name: t("login.submit") }).click();
        await page.getByText(t("form.enterEmail")).waitFor();
        await page.getByLabel(t("address.email")).fill("nobody@example.lk");
        await page.getByLabel(t("login.password")).fill("not the password");
        await page.getByRole("button", { name: t("login.submit") }).click();
        await page.getByRole("alert").filter({ hasText: t("login.invalid") }).waitFor();
        await page.screenshot({ path: `${SHOTS}login-${language}-375.png`, fullPage: true });

        await page.getByRole("link", { name: t("login.create") }).click();
        await page.waitForURL(new RegExp(`/${language}/register$`));
        await hydrated(page);
        await page.getByRole("button", { name: t("register.submit") }).click();
        await page.getByText(t("form.choosePassword")).waitFor();
        await page.getByLabel(t("register.name")).fill("කමලා");
        await page.getByLabel(t("address.email")).fill(`kamala.${language}@example.lk`);
        await page.getByLabel(t("register.password")).fill("a long password");
        await page.screenshot({ path: `${SHOTS}register-${language}-375.png`, fullPage: true });
        await page.getByRole("button", { name: t("register.submit") }).click();
        // A new address is signed in at once and sent on to its account (which, on the
        // preview's test clock, finds the session expired and asks to log in again).
        await page.waitForURL(new RegExp(`/${language}/account$`));
        // Read from the browser's storage, whichever page is showing by now.
        const { origins } = await page.context().storageState();
        const stored = origins.flatMap((o) => o.localStorage)
          .find((item) => item.name === "pothgula-session");
        assert.match(stored?.value ?? "", /"role":"customer"/);
        await page.waitForURL(new RegExp(`/${language}/login$`));
        await hydrated(page);
        await page.evaluate(() => localStorage.removeItem("pothgula-session"));

        await visit(page, `${base}/${language}/login`);
        await page.getByLabel(t("address.email")).fill(`kamala.${language}@example.lk`);
        await page.getByLabel(t("login.password")).fill("a long password");
        await page.getByRole("button", { name: t("login.submit") }).click();
        // Logged in, the shopper goes on to the account in the same language. (The preview's
        // sessions run on a test clock, so the account itself is walked in tests/e2e/.)
        await page.waitForURL(new RegExp(`/${language}/account$`));

        assert.deepEqual(problems, [], "no hydration mismatch or other error in the console");
      });
    },
  });
}
