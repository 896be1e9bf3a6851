/**
 * Where the shopper chooses how many, in a real Chromium at 375px (and 1280px for the
 * screenshots), in English and Sinhala over the preview server: the quantity popup and the
 * cart stop at the stock and at the copies one order may hold (MAX_LINE_QUANTITY, handed
 * over by the server, 20 here), turn + off there and say why, naming the item and the
 * number; a cart filled above either cannot go to checkout, and says which line; and the
 * shop's 409 at checkout names the item, what it has and what was asked. Screenshots go to
 * test-artifacts/limits/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { visit } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import {
  type PreviewShop,
  screenshotsIn,
  shotBothWidths,
  withPhonePage,
} from "./testing/preview_browser.ts";
import { type Cart, stationeryCartItem } from "../domain/cart/cart.ts";
import type { StationeryItem } from "../domain/catalogue/model.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("limits");
await loadCatalogue("si");

type Shop = PreviewShop;

function withShop(run: (page: Page, base: string, shop: Shop) => Promise<void>) {
  return withPhonePage(run);
}

function shots(page: Page, name: string, what?: Locator) {
  return shotBothWidths(page, SHOTS, name, what);
}

async function item(shop: Shop, title: string): Promise<StationeryItem> {
  const page = await shop.catalogue.listStationery({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 50,
  });
  return page.items.find((i) => i.title === title)!;
}

async function storeCart(page: Page, cart: Cart) {
  await page.evaluate(
    (json) => localStorage.setItem("cart", json),
    JSON.stringify(cart.map(storedLine)),
  );
}

/** Pens: 200 in stock, so the order's limit stops them. Paints: 6, so the stock does. */
const PEN = "Atlas Chooty pen, blue";
const PAINTS = "Water colour set, 12 colours";

for (const language of ["en", "si"] as const) {
  const { t } = i18nFor(language);
  const prefix = language === "en" ? "" : `/${language}`;

  Deno.test({
    name: `the popup and the cart stop at 20 copies and at the stock, and say why, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        // The popup: + goes to 20 of a pen with 200 in stock, then is off, and says why.
        await visit(page, `${base}${prefix}/stationery`);
        await page.locator("article", { hasText: PEN }).getByRole("button").click();
        const dialog = page.getByRole("dialog", { name: PEN });
        const more = dialog.getByRole("button", { name: t("cart.more") });
        for (let i = 0; i < 25 && await more.isEnabled(); i++) await more.click();
        assert.equal(await dialog.locator("input.quantity-input").inputValue(), "20");
        assert.equal(await more.isDisabled(), true, "+ is off at the limit");
        const limit = t("cart.lineLimit", { title: PEN, max: 20 });
        assert.equal(await dialog.locator(".quantity-top").innerText(), limit);
        await shots(page, `popup-limit-${language}`, dialog);
        await dialog.getByRole("button", { name: t("cart.add"), exact: true }).click();
        await dialog.getByText(t("cart.added", { quantity: 20, title: PEN })).waitFor();
        await dialog.getByText(t("cart.heldLimit", { held: 20, title: PEN, max: 20 })).waitFor();
        assert.equal(
          await dialog.getByRole("button", { name: t("cart.add"), exact: true }).isDisabled(),
          true,
        );

        // The cart: that line's + is off, with the reason beside it.
        await visit(page, `${base}${prefix}/cart`);
        const penLine = page.locator(".cart-line", { hasText: PEN });
        await penLine.waitFor();
        assert.equal(await penLine.locator("input.quantity-input").inputValue(), "20");
        assert.equal(
          await penLine.getByRole("button", { name: t("cart.more") }).isDisabled(),
          true,
        );
        assert.equal(await penLine.locator(".line-ceiling").innerText(), limit);
        await shots(page, `cart-at-limit-${language}`);

        // A cart filled above both (before the limit, or in another tab) says which line.
        const paints = await item(shop, PAINTS);
        const pen = await item(shop, PEN);
        await storeCart(page, [
          { ...stationeryCartItem(pen), quantity: 23 },
          { ...stationeryCartItem(paints), quantity: 6 },
        ]);
        await visit(page, `${base}${prefix}/cart`);
        await penLine.getByRole("alert").filter({ hasText: limit }).waitFor();
        const paintLine = page.locator(".cart-line", { hasText: PAINTS });
        assert.equal(
          await paintLine.getByRole("button", { name: t("cart.more") }).isDisabled(),
          true,
        );
        assert.equal(
          await paintLine.locator(".line-ceiling").innerText(),
          t("cart.onlyInStock", { title: PAINTS, stock: 6 }),
        );
        // Pressed once the cart has heard from the shop: the press meets its answer, the limit.
        const checkout = page.getByRole("button", { name: t("cart.checkout") });
        await page.locator('.cart-actions button[aria-busy="false"]').waitFor();
        await checkout.click();
        await page.locator(".notices").getByRole("alert").filter({ hasText: limit }).waitFor();
        assert.equal(new URL(page.url()).pathname, `${prefix}/cart`);
        await shots(page, `cart-over-limit-${language}`);
      });
    },
  });

  Deno.test({
    name:
      `checkout names the item, the stock and the copies asked when the shop has fewer, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        const paints = await item(shop, PAINTS);
        await page.goto(`${base}${prefix}/`);
        // Stored at an old price: the cart names the item and its new price.
        await storeCart(page, [{
          ...stationeryCartItem(paints),
          unitPriceCents: paints.priceCents - 10_000,
          quantity: 2,
        }]);
        await visit(page, `${base}${prefix}/cart`);
        await page.getByText(t("cart.updated")).waitFor();
        await page.getByText(
          t("checkout.priceNow", {
            title: PAINTS,
            price: i18nFor(language).lkr(paints.priceCents),
          }),
        ).waitFor();
        await shots(page, `cart-updated-${language}`);

        await visit(page, `${base}${prefix}/checkout`);
        await page.locator(".order-summary").waitFor();
        await fillCheckoutAddress(page, language);
        // Another shopper takes all but one while this one types.
        await shop.catalogue.updateStationery(paints.id, { stock: 1 });
        await page.getByRole("button", { name: t("checkout.place") }).click();
        const failure = page.locator(".checkout-side").getByRole("alert");
        await failure.getByText(
          t("cart.onlyInStockAsked", { title: PAINTS, available: 1, requested: 2 }),
        ).waitFor();
        await shots(page, `checkout-short-${language}`);
      });
    },
  });
}

Deno.test({
  name: "a press on checkout while the shop checks the cart is answered when the shop answers",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { t } = i18nFor("en");
    await withShop(async (page, base, shop) => {
      const pen = await item(shop, PEN);
      const paints = await item(shop, PAINTS);
      const checkout = page.getByRole("button", { name: t("cart.checkout") });
      const checking = page.locator(".notices").getByText(t("cart.checking"));
      // The shop's answers about the cart's lines wait until the test lets them through.
      let gate = Promise.withResolvers<void>();
      await page.route("**/api/stationery/*", async (route) => {
        await gate.promise;
        await route.continue();
      });

      // Over the limit: the press is answered with the line's reason once the shop answers.
      await page.goto(`${base}/`);
      await storeCart(page, [{ ...stationeryCartItem(pen), quantity: 23 }]);
      await visit(page, `${base}/cart`);
      await checking.waitFor();
      // The check turns beside the title and takes no room above the lines: nothing moves
      // under a finger when it starts or ends.
      const room = await page.locator(".cart > .notices").evaluate((notices) =>
        notices.getBoundingClientRect().height
      );
      assert.equal(room, 0, "the spinner pushes nothing down");
      await shots(page, "cart-checking");
      await checkout.click();
      assert.equal(await page.locator(".notices").getByRole("alert").count(), 0);
      gate.resolve();
      const limit = t("cart.lineLimit", { title: PEN, max: 20 });
      await page.locator(".notices").getByRole("alert").filter({ hasText: limit }).waitFor();
      await checking.waitFor({ state: "detached" });
      assert.equal(new URL(page.url()).pathname, "/cart");

      // Within every limit: the press goes on to checkout once the shop answers.
      gate = Promise.withResolvers<void>();
      await storeCart(page, [{ ...stationeryCartItem(paints), quantity: 2 }]);
      await visit(page, `${base}/cart`);
      await checking.waitFor();
      await checkout.click();
      assert.equal(new URL(page.url()).pathname, "/cart");
      gate.resolve();
      await page.waitForURL((url) => url.pathname === "/checkout");
    });
  },
});
