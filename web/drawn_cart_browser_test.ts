/**
 * The cart page drawn by the server (http/pages/drawn_cart.ts), in a real Chromium at 375px
 * over the preview server: a cart the browser stored is mirrored in its cookie once the cart
 * page has drawn it; the next visit is drawn by the shop, fetching no React until the shopper
 * uses it; a press made before React is done once it answers; and when the shop's price moved,
 * the browser draws the cart again and says so. The checkout likewise: drawn with its summary,
 * filled (what is typed before React is kept) and placed at the total it showed. Screenshots go
 * to test-artifacts/drawn-cart/.
 * Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { visit } from "../tests/e2e/harness.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import {
  type PreviewShop,
  screenshotsIn,
  shotBothWidths,
  withPhonePage,
} from "./testing/preview_browser.ts";
import { bookCartItem, type Cart } from "../domain/cart/cart.ts";
import { CART_COOKIE } from "../domain/cart/cookie.ts";
import { withShownStock } from "../domain/catalogue/stock.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";

await ensureBuilt();
const { dir: SHOTS } = await screenshotsIn("drawn-cart");
await loadCatalogue("si");

/** Two books in stock, as the browser stores them. */
async function twoBooks(shop: PreviewShop): Promise<Cart> {
  const page = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 2,
  });
  return page.items.map((book, i) => ({
    ...bookCartItem(withShownStock(book, 20)),
    quantity: 2 - i,
  }));
}

/**
 * Stores `cart` as a page from before the cookie would have (localStorage only), then opens
 * the cart page at `path`, which draws it in the browser and mirrors it in the cookie.
 */
async function storeAndMirror(page: Page, base: string, cart: Cart, path: string) {
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    (json) => localStorage.setItem("cart", json),
    JSON.stringify(cart.map(storedLine)),
  );
  await visit(page, `${base}${path}`);
  await page.locator('.cart-sums[aria-busy="false"]').waitFor();
  assert.ok(await cookieOf(page), "the cart page mirrored the cart in its cookie");
}

const cartIsland = (page: Page) => page.locator('[data-island="Cart"]');
const total = (page: Page) => page.locator('[data-figure="total"] dd').innerText();
/** The path of every script the page fetches from now on, as it fetches them. */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}
const cookieOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === CART_COOKIE)?.value;

Deno.test({
  name:
    "a stored cart is drawn by the shop on the next visit, React only when it is used, and by the browser again when a price moved",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const { t } = i18nFor("si");
      const cart = await twoBooks(shop);
      // A cart stored before the shop drew carts: the browser draws it and mirrors it.
      await storeAndMirror(page, base, cart, "/si/cart");
      const browserTotal = await total(page);

      // The next visit: drawn by the shop, the same lines and total, no React fetched.
      const scripts = scriptsFetched(page);
      await page.goto(`${base}/si/cart`);
      await page.waitForLoadState("load");
      assert.equal(await cartIsland(page).getAttribute("data-hydration"), "waiting");
      assert.deepEqual(
        await page.locator(".cart-line .line-title").allInnerTexts(),
        cart.map((l) => l.title),
      );
      assert.equal(await total(page), browserTotal);
      assert.deepEqual(scripts.filter((s) => /react|hydrate_island|Cart-/.test(s)), []);
      await shotBothWidths(page, SHOTS, "drawn-si");
      assert.equal(await cartIsland(page).getAttribute("data-hydration"), "waiting");

      // + pressed before React: held, and done once React answers it.
      await page.getByRole("button", { name: t("cart.more") }).first().click();
      await page.locator('[data-island="Cart"][data-hydrated="true"]').waitFor();
      const quantity = page.locator("input.quantity-input").first();
      await page.waitForFunction(
        (el) => (el as HTMLInputElement).value === "3",
        await quantity.elementHandle(),
      );
      await page.waitForFunction(
        (before) => {
          const sums = document.querySelector(".cart-sums");
          const shown = document.querySelector('[data-figure="total"] dd')?.textContent;
          return sums?.getAttribute("aria-busy") === "false" && shown !== before;
        },
        browserTotal,
      );
      assert.match(await cookieOf(page) ?? "", new RegExp(`^b${cart[0].id}-3-`));

      // The shop's price moves: the browser draws the cart, and says the price now.
      await shop.catalogue.updateBook(cart[0].id, { priceCents: cart[0].unitPriceCents + 10_000 });
      await page.goto(`${base}/si/cart`);
      assert.equal(await cartIsland(page).getAttribute("data-hydration") !== "waiting", true);
      await page.getByText(t("cart.updated")).waitFor();
      await page.locator('[data-island="Cart"][data-hydrated="true"]').waitFor();
      // Mirrored again with what the browser now knows: the visit after is the shop's.
      await page.goto(`${base}/si/cart`);
      await page.waitForLoadState("load");
      assert.equal(await cartIsland(page).getAttribute("data-hydration"), "waiting");
      assert.equal(await page.getByText(t("cart.updated")).count(), 0);
    });
  },
});

Deno.test({
  name:
    "a checkout the shop drew shows its summary without React, keeps what is typed before React, and places the order at the total it showed",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const { lkr } = i18nFor("en");
      const cart = await twoBooks(shop);
      await storeAndMirror(page, base, cart, "/cart");

      const scripts = scriptsFetched(page);
      await page.goto(`${base}/checkout`);
      await page.waitForLoadState("load");
      const island = page.locator('[data-island="Checkout"]');
      assert.equal(await island.getAttribute("data-hydration"), "waiting");
      assert.deepEqual(scripts.filter((s) => /react|hydrate_island|Checkout-/.test(s)), []);
      // The mixed cart (a pre-order beside a book in stock) starts with Bank Deposit, priced.
      assert.equal(
        await page.locator('input[name="paymentMethod"]:checked').inputValue(),
        "Bank Deposit",
      );
      const shown = await total(page);
      assert.match(shown, /^LKR [\d,]+\.\d\d$/);
      await shotBothWidths(page, SHOTS, "drawn-checkout-en");

      // The name typed at once, before React is there: kept once React takes the form.
      await page.locator("#checkout-name").pressSequentially("Nimal Perera");
      await page.locator('[data-island="Checkout"][data-hydrated="true"]').waitFor();
      assert.equal(await page.locator("#checkout-name").inputValue(), "Nimal Perera");
      // The rest as a shopper in Dehiwala fills it (the name again, as typed).
      await fillCheckoutAddress(page, "en", { name: "Nimal Perera" });
      await page.locator("form:has(#checkout-name) button[type=submit]").click();
      await page.getByRole("dialog").waitFor();
      const placed = await shop.orders.list();
      assert.equal(placed.length, 1);
      assert.equal(placed[0].customer.name, "Nimal Perera");
      assert.equal(placed[0].paymentMethod, "Bank Deposit");
      // The order total the page showed: the items after savings, and delivery.
      assert.equal(lkr(placed[0].totalCents + placed[0].deliveryFeeCents), shown);
    }, { console: true });
  },
});

Deno.test({
  name:
    "a newcomer's cart and checkout are drawn empty without React, which starts when a cart is stored in another tab",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const { t } = i18nFor("si");
      const scripts = scriptsFetched(page);
      for (
        const [path, name, words] of [
          ["/si/checkout", "Checkout", "checkout.empty"],
          ["/si/cart", "Cart", "cart.empty"],
        ] as const
      ) {
        await page.goto(`${base}${path}`);
        await page.waitForLoadState("load");
        const island = page.locator(`[data-island="${name}"]`);
        assert.equal(await island.getAttribute("data-hydration"), "waiting", path);
        await island.getByText(t(words)).waitFor();
        assert.equal(await island.getByRole("link", { name: t("cart.browse") }).count(), 1);
        assert.deepEqual(scripts.filter((s) => /react|hydrate_island|Cart-|Checkout-/.test(s)), []);
      }
      await shotBothWidths(page, SHOTS, "empty-si");

      // A book put in the cart in another tab: this one takes React and draws it.
      const cart = await twoBooks(shop);
      const other = await page.context().newPage();
      await other.goto(`${base}/robots.txt`);
      await other.evaluate(
        (json) => localStorage.setItem("cart", json),
        JSON.stringify(cart.map(storedLine)),
      );
      await page.locator('[data-island="Cart"][data-hydrated="true"]').waitFor();
      await page.locator('.cart-sums[aria-busy="false"]').waitFor();
      assert.deepEqual(
        await page.locator(".cart-line .line-title").allInnerTexts(),
        cart.map((l) => l.title),
      );
      await other.close();
    }, { console: true });
  },
});
