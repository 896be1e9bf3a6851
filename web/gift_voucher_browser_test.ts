/**
 * A gift voucher at checkout, in Sinhala on a 375px phone, in a real Chromium over the
 * preview server: the voucher typed at checkout is answered with what it pays, the totals
 * show it below the order total and what is still to pay, the order is placed with it (the
 * courier collects the rest), the placed dialog says the same, and the balance page tells
 * what is left on it. Screenshots go to test-artifacts/gift-voucher/. Fails (never skips)
 * without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { hydrated } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import { screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";
import { bookCartItem, type Cart } from "../domain/cart/cart.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";
import {
  expiryInstant,
  lastFour,
  newVoucherCode,
  VOUCHER_CODE_BYTES,
} from "../domain/vouchers/rules.ts";
import { voucherCodeHash } from "../domain/vouchers/lookup.ts";

await ensureBuilt();
await loadCatalogue("si");
const { shot } = await screenshotsIn("gift-voucher");

/** The cents of the amount beside a total's label ("LKR 1,234.50"). */
async function amountBeside(page: Page, scope: string, label: string): Promise<number> {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  const text = await page.locator(`${scope} .totals div`, {
    has: page.locator("dt", { hasText: exactly }),
  }).locator("dd").innerText();
  return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

Deno.test({
  name:
    "a gift voucher at checkout in Sinhala: it pays part of the order, the rest is collected, and its balance shows what is left",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { t, lkr } = i18nFor("si");
    await withPreviewBrowser(async ({ base, shop, open }) => {
      // A voucher of LKR 1,000, issued as the owner's route issues one.
      let code: string | undefined;
      while (!code) {
        code = newVoucherCode(crypto.getRandomValues(new Uint8Array(VOUCHER_CODE_BYTES)));
      }
      const voucher = await shop.vouchers.issue({
        amountCents: 100_000,
        expiresOn: "2099-12-31",
        expiresAt: expiryInstant("2099-12-31")!,
        recipient: null,
        message: null,
        codeHash: await voucherCodeHash(code),
        last4: lastFour(code),
      }, new Date());
      const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
        page: 1,
        pageSize: 20,
      });
      const [book] = books.items.filter((b) => !b.preorder && b.stock >= 2);
      const cart: Cart = [{ ...bookCartItem(book), quantity: 2 }];

      const page = await open(375, { timeout: 15_000 });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      await page.goto(`${base}/si`);
      await page.evaluate(
        (json) => localStorage.setItem("cart", json),
        JSON.stringify(cart.map(storedLine)),
      );
      await page.goto(`${base}/si/checkout`);
      await hydrated(page);
      await page.locator(".order-summary").waitFor();
      await fillCheckoutAddress(page, "si");
      await page.getByLabel(t("checkout.cod")).check();
      await page.getByLabel(t("voucher.codeLabel"), { exact: true })
        .fill(code.toLowerCase().replaceAll("-", " "));
      await page.getByRole("button", { name: t("voucher.apply"), exact: true }).click();
      const name = `…${voucher.last4}`;
      await page.getByText(
        t("voucher.applied", { code: name, pays: lkr(100_000), balance: lkr(100_000) }),
      ).waitFor();
      await page.waitForFunction(() =>
        !document.querySelector(".checkout-side button[type=submit]")?.hasAttribute("disabled")
      );
      // A tender, not a discount: the order total keeps its prices, the voucher pays below it.
      const total = await amountBeside(page, ".order-summary", t("money.total"));
      const fee = await amountBeside(page, ".order-summary", t("money.deliveryFee"));
      assert.equal(total, book.priceCents * 2 + fee);
      assert.equal(
        await amountBeside(page, ".order-summary", t("money.voucher", { name })),
        100_000,
      );
      assert.equal(await amountBeside(page, ".order-summary", t("money.due")), total - 100_000);
      await shot(page, "checkout-voucher-si");

      await page.getByRole("button", { name: t("checkout.place") }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByText(t("money.voucher", { name })).waitFor();
      assert.ok((await dialog.innerText()).includes(lkr(total - 100_000)));
      await shot(page, "placed-voucher-si");
      const [placed] = await shop.orders.list();
      assert.deepEqual(placed.vouchers, [
        { voucherId: voucher.id, last4: voucher.last4, cents: 100_000 },
      ]);
      assert.equal(placed.totalCents, book.priceCents * 2, "the items keep their prices");

      // The balance page: nothing left on it now.
      await page.goto(`${base}/si/gift-voucher`);
      await hydrated(page);
      await page.getByLabel(t("voucher.codeLabel")).fill(code);
      await page.getByRole("button", { name: t("voucher.check") }).click();
      await page.getByText(
        t("voucher.refusedCode", { reason: t("voucher.refused.used_up") }),
      ).waitFor();
      await shot(page, "balance-used-up-si");
      assert.deepEqual(problems, []);
    });
  },
});
