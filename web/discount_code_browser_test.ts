/**
 * A discount code in the cart and at checkout, in Sinhala and in Tamil on a 375px phone, in
 * a real Chromium over the preview server: the cart is priced by the shop (each book's Book
 * Fair saving named in the page's language), a code applied says what it saves and the total
 * falls by it, a code that needs a larger order and one that does not exist say why, and the
 * order is placed with the code at the price the shop gave. When pricing fails the cart says
 * so and can try again. Screenshots of the cart with the code typed and applied, and of
 * checkout, at 375px and 1280px go to test-artifacts/discount-code/. Fails (never skips)
 * without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { hydrated } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import { type PreviewShop, screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";
import { bookCartItem, type Cart, stationeryCartItem } from "../domain/cart/cart.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";
import type { NewCampaign } from "../domain/promotions/ports.ts";

await ensureBuilt();
await loadCatalogue("si");
await loadCatalogue("ta");
const { shot } = await screenshotsIn("discount-code");

const FAIR: NewCampaign = {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: null, endsAt: null },
  paused: false,
};

/** The Book Fair on books, SCHOOL10 (LKR 200 off) and BIGORDER (LKR 500 off over LKR 50,000). */
async function seedPromotions(shop: PreviewShop): Promise<void> {
  await shop.promotions.addCampaign(FAIR);
  const code = {
    benefit: { kind: "amount" as const, cents: 20_000 },
    minItemsCents: 0,
    scope: { kind: "shop" as const },
    window: { startsAt: null, endsAt: null },
    paused: false,
    maxUses: 100,
    maxUsesPerCustomer: null,
  };
  await shop.promotions.addCode({ ...code, code: "SCHOOL10" });
  await shop.promotions.addCode({
    ...code,
    code: "BIGORDER",
    benefit: { kind: "amount", cents: 50_000 },
    minItemsCents: 5_000_000,
  });
}

/** Two books (one of two copies) and a stationery item, in stock and not pre-ordered. */
async function cartOf(shop: PreviewShop): Promise<Cart> {
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
    { ...bookCartItem(first), quantity: 1 },
    { ...bookCartItem(second), quantity: 2 },
    { ...stationeryCartItem(items.items[0]), quantity: 1 },
  ];
}

async function fillCart(page: Page, base: string, language: string, cart: Cart) {
  await page.goto(`${base}/${language}`);
  await page.evaluate(
    (json) => localStorage.setItem("cart", json),
    JSON.stringify(cart.map(storedLine)),
  );
}

/** The cents of the amount beside a total's label ("LKR 1,234.50"). */
async function amountBeside(page: Page, scope: string, label: string): Promise<number> {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  const text = await page.locator(`${scope} .totals div`, {
    has: page.locator("dt", { hasText: exactly }),
  }).locator("dd").innerText();
  const digits = text.replace(/[^\d.]/g, "");
  return Math.round(Number(digits) * 100);
}

/** Types `code` in the discount code's field (found by its label in the page's language). */
async function typeCode(page: Page, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
}

for (const language of ["si", "ta"] as const) {
  const i18n = i18nFor(language);
  const { t, lkr } = i18n;
  Deno.test({
    name:
      `a discount code in the ${language} cart and checkout: applied, refused with its reason, and ordered with`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withPreviewBrowser(async ({ base, shop, open }) => {
        await seedPromotions(shop);
        const page = await open(375, { timeout: 15_000 });
        const problems: string[] = [];
        page.on("pageerror", (error) => problems.push(error.message));
        const cart = await cartOf(shop);
        await fillCart(page, base, language, cart);

        await page.goto(`${base}/${language}/cart`);
        await hydrated(page);
        // Each book names the Book Fair in the page's language, with what it saves.
        const first = cart[0];
        const fairSaving = Math.round(first.unitPriceCents * 0.2);
        await page.getByText(
          `${FAIR.names[language]!} ${t("money.minus", { amount: lkr(fairSaving) })}`,
        ).waitFor();
        assert.equal(await page.locator(".line-saving").count(), 2, "both books, not the pen");
        assert.equal(await page.locator(".usual-price").count(), 2);
        const usual = cart.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        // Items at usual prices, and the total before delivery after the Book Fair's savings.
        assert.equal(await amountBeside(page, ".cart", t("money.items")), usual);
        const before = await amountBeside(page, ".cart", t("money.totalBeforeDelivery"));
        assert.ok(before < usual, `${before} < ${usual}`);

        // The code typed, then applied: the answer and a total LKR 200 lower.
        const label = t("promo.codeLabel");
        await typeCode(page, label, "school10");
        await shot(page, `cart-code-typed-${language}`);
        await page.getByRole("button", { name: t("promo.apply"), exact: true }).click();
        const applied = t("promo.applied", { code: "SCHOOL10", amount: lkr(20_000) });
        await page.getByText(applied).waitFor();
        await page.locator(".cart-sums[aria-busy=false]").waitFor();
        assert.equal(
          await amountBeside(page, ".cart", t("money.totalBeforeDelivery")),
          before - 20_000,
        );
        assert.equal(
          await amountBeside(page, ".cart", t("money.code", { name: "SCHOOL10" })),
          20_000,
        );
        await shot(page, `cart-code-applied-${language}`);
        await page.setViewportSize({ width: 1280, height: 900 });
        await shot(page, `cart-code-applied-${language}`);
        await page.setViewportSize({ width: 375, height: 800 });

        // A code that needs a larger order says the minimum and what is missing.
        await page.getByRole("button", { name: new RegExp(t("promo.remove")) }).click();
        await typeCode(page, label, "BIGORDER");
        await page.getByRole("button", { name: t("promo.apply"), exact: true }).click();
        const minimum = await page.locator(".discount-answer.is-refused").innerText();
        assert.ok(minimum.includes("BIGORDER"), minimum);
        assert.ok(minimum.includes(lkr(5_000_000)), minimum);
        assert.equal(await amountBeside(page, ".cart", t("money.totalBeforeDelivery")), before);
        // One that does not exist says so.
        await page.getByRole("button", { name: new RegExp(t("promo.remove")) }).click();
        await typeCode(page, label, "NOSUCH1");
        await page.getByRole("button", { name: t("promo.apply"), exact: true }).click();
        await page.getByText(
          t("promo.refused", { code: "NOSUCH1", reason: t("promo.reason.unknown") }),
        ).waitFor();
        await shot(page, `cart-code-refused-${language}`);
        // A malformed one is said before the shop is asked.
        await page.getByRole("button", { name: new RegExp(t("promo.remove")) }).click();
        await typeCode(page, label, "ab");
        await page.getByRole("button", { name: t("promo.apply"), exact: true }).click();
        await page.getByText(t("promo.badFormat")).waitFor();

        // SCHOOL10 again, kept with the cart into checkout.
        await typeCode(page, label, "School10");
        await page.getByLabel(label, { exact: true }).press("Enter");
        await page.getByText(applied).waitFor();
        await page.getByRole("button", { name: t("cart.checkout") }).click();
        await page.waitForURL(new RegExp(`/${language}/checkout$`));
        await hydrated(page);
        await fillCheckoutAddress(page, language);
        await page.getByLabel(t("checkout.bankDeposit")).check();
        await page.locator(".order-summary").getByText(applied).waitFor();
        await page.waitForFunction(() =>
          !document.querySelector(".checkout-side button[type=submit]")?.hasAttribute("disabled")
        );
        const toPay = await amountBeside(page, ".order-summary", t("money.total"));
        const fee = await amountBeside(page, ".order-summary", t("money.deliveryFee"));
        assert.equal(toPay, before - 20_000 + fee);
        await shot(page, `checkout-code-${language}`);
        await page.setViewportSize({ width: 1280, height: 900 });
        await shot(page, `checkout-code-${language}`);
        await page.setViewportSize({ width: 375, height: 800 });

        await page.getByRole("button", { name: t("checkout.place") }).click();
        await page.getByRole("dialog").waitFor();
        const placed = await shop.orders.list();
        assert.equal(placed.length, 1);
        assert.equal(placed[0].totalCents, before - 20_000);
        assert.equal((await shop.promotions.findCode("SCHOOL10"))?.usesLeft, 99);
        assert.equal(
          await page.evaluate(() => localStorage.getItem("cart-code")),
          null,
          "the code leaves with the order",
        );
        assert.deepEqual(problems, []);
      });
    },
  });
}

Deno.test({
  name:
    "when the cart cannot be priced it says so, keeps the usual prices, and Try again prices it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPreviewBrowser(async ({ base, shop, open }) => {
      await seedPromotions(shop);
      const { t } = i18nFor("en");
      const page = await open(375, { timeout: 15_000 });
      const cart = await cartOf(shop);
      await fillCart(page, base, "", cart);
      await page.route("**/api/cart/price", (route) => route.abort());
      await page.goto(`${base}/cart`);
      await hydrated(page);
      await page.getByText(t("promo.priceFailed", { reason: t("error.network") })).waitFor();
      const usual = cart.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      assert.equal(await amountBeside(page, ".cart", t("money.totalBeforeDelivery")), usual);
      await shot(page, "cart-pricing-failed-en");
      await page.unroute("**/api/cart/price");
      await page.getByRole("button", { name: t("promo.retry") }).click();
      await page.getByText(/Book Fair 2026: 20% off − LKR/).first().waitFor();
      assert.equal(await page.locator(".pricing-failed").count(), 0);
      assert.ok(await amountBeside(page, ".cart", t("money.totalBeforeDelivery")) < usual);
    });
  },
});
