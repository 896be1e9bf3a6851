/**
 * A pre-ordered book, in a real Chromium at 375px (and 1280px for the screenshots), in
 * English, Sinhala and Tamil over the preview server: the book's page, its cart line, the
 * checkout and the dialog after it all say when it is expected in the same words ("Pre-order,
 * expected 15 December 2026"), never "3 - 4 weeks" beside a date, and its add-to-cart popup
 * never says "In stock"; the cart marks the line as a pre-order; the book's page, the
 * checkout and the terms name the methods that pay for a pre-order as the payment policy
 * table does, and each payment choice its delivery fee (Cash on Delivery what it adds); the
 * bank details open under their own words in each language. Screenshots go to
 * test-artifacts/preorder/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { visit } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { fillCheckoutAddress } from "./testing/checkout_address.ts";
import {
  type PreviewShop,
  screenshotsIn,
  shotBothWidths,
  withPhonePage,
} from "./testing/preview_browser.ts";
import { bookCartItem } from "../domain/cart/cart.ts";
import type { Book } from "../domain/catalogue/model.ts";
import { storedLine } from "./lib/cart_store.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";
import { methodDeliveries, preorderMethods } from "../domain/orders/preorder_policy.ts";
import type { PaymentMethod } from "../domain/orders/model.ts";
import { methodNames } from "./lib/policy_words.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("preorder");
await loadCatalogue("si");
await loadCatalogue("ta");

type Shop = PreviewShop;

function withShop(run: (page: Page, base: string, shop: Shop) => Promise<void>) {
  return withPhonePage(run);
}

function shots(page: Page, name: string) {
  return shotBothWidths(page, SHOTS, name);
}

async function preorderBook(shop: Shop): Promise<Book> {
  const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 50,
  });
  const book = books.items.find((b) => b.preorder && b.preorderDate && b.stock > 0);
  assert.ok(book, "the sample catalogue has a dated pre-order in stock");
  return book;
}

for (const language of ["en", "si", "ta"] as const) {
  const i18n = i18nFor(language);
  const { t } = i18n;
  const prefix = language === "en" ? "" : `/${language}`;

  Deno.test({
    name:
      `a pre-order says its expected date on its page, its cart line, the checkout and the dialog, in ${language}`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await withShop(async (page, base, shop) => {
        const book = await preorderBook(shop);
        const expected = t("product.preorderExpected", { date: i18n.date(book.preorderDate!) });
        // An undated pre-order's words ("sent when it arrives"), never beside a date.
        const weeks = t("summary.deliveryWeeks");

        // The book's page: the date, and the bank details under their own words.
        await visit(page, `${base}${prefix}/books/${book.id}`);
        await page.locator("main").getByText(expected).first().waitFor();
        const reveal = page.locator("details.bank-reveal summary");
        assert.equal(await reveal.innerText(), t("bank.show"));
        await reveal.click();
        await shots(page, `book-${language}`);
        const bookPage = await page.locator("main").innerText();

        // The add-to-cart popup says the same date, and never that the book is in stock.
        await page.locator(".purchase").getByRole("button", { name: t("cart.add") }).click();
        const popup = page.locator(".quantity-dialog");
        await popup.getByText(expected).waitFor();
        assert.ok(!(await popup.innerText()).includes(t("product.inStock")));
        await popup.getByRole("button", { name: t("cart.close") }).click();

        await page.evaluate(
          (json) => localStorage.setItem("cart", json),
          JSON.stringify([storedLine({ ...bookCartItem(book), quantity: 1 })]),
        );

        // The cart marks the line as a pre-order, with the same date.
        await visit(page, `${base}${prefix}/cart`);
        const line = page.locator(".cart-line", { hasText: book.title });
        assert.equal(await line.locator(".line-preorder").innerText(), expected);
        await shots(page, `cart-${language}`);

        // The checkout's summary says the date on the line, and no weeks beside it.
        await visit(page, `${base}${prefix}/checkout`);
        const summary = page.locator(".order-summary");
        await summary.getByText(expected).waitFor();
        assert.equal(await summary.getByText(expected).count(), 1);
        assert.ok(!(await summary.innerText()).includes(weeks), "no weeks beside the date");
        assert.ok(!(await summary.innerText()).includes(t("summary.deliveryWeeks")));
        await summary.getByText(
          t("summary.preorderExpected", { date: i18n.date(book.preorderDate!) }),
        ).waitFor();
        // The methods offered, the pre-order's among them named from the policy table, and
        // each choice's delivery fee for this parcel, Cash on Delivery's surcharge told.
        const offered = await page.locator('input[name="paymentMethod"]').evaluateAll((inputs) =>
          inputs.map((input) => (input as HTMLInputElement).value)
        ) as PaymentMethod[];
        const methods = page.locator(".payment-methods");
        await methods.getByText(
          t("checkout.preorderMethods", {
            methods: methodNames(i18n, preorderMethods(offered)),
          }),
        ).waitFor();
        for (const told of methodDeliveries(book.weightGrams, offered)) {
          const words = told.surchargeCents > 0
            ? t("checkout.methodSurcharge", {
              fee: i18n.lkr(told.feeCents),
              extra: i18n.lkr(told.surchargeCents),
            })
            : t("checkout.methodDelivery", { fee: i18n.lkr(told.feeCents) });
          const label = methods.locator("label", {
            has: page.locator(`input[value="${told.method}"]`),
          });
          assert.equal(await label.locator(".method-delivery").innerText(), words, told.method);
        }
        assert.ok(
          methodDeliveries(book.weightGrams, offered).some((d) =>
            d.method === "COD" && d.surchargeCents > 0
          ),
          "Cash on Delivery adds to delivery",
        );
        await fillCheckoutAddress(page, language);
        await shots(page, `checkout-${language}`);
        await page.getByRole("button", { name: t("checkout.place") }).click();

        // The dialog: the same date, and no weeks.
        const dialog = page.getByRole("dialog", { name: t("placed.titleBank") });
        await dialog.waitFor();
        assert.equal(await dialog.locator(".preorder-expected").innerText(), expected);
        assert.ok(!(await dialog.innerText()).includes(weeks), "no weeks in the dialog");
        await page.screenshot({ path: `${SHOTS}dialog-${language}-375.png` });
        await dialog.screenshot({ path: `${SHOTS}dialog-box-${language}-375.png` });

        // The book's page and the terms name the same methods for a pre-order as the checkout
        // offered, from the payment policy table.
        const paidBy = methodNames(i18n, preorderMethods(offered));
        assert.ok(
          bookPage.includes(t("cart.preorderMethods", { methods: paidBy })),
          `${language}: ${bookPage}`,
        );
        await visit(page, `${base}${prefix}/terms`);
        const terms = await page.locator("main").innerText();
        assert.ok(
          terms.includes(
            t("terms.prices", { methods: methodNames(i18n, offered), preorderMethods: paidBy }),
          ),
          `${language}: ${terms}`,
        );
        await shots(page, `terms-${language}`);
      });
    },
  });
}
