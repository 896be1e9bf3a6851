/**
 * A mixed cart (a book in stock and a pre-ordered one) at checkout, in a real Chromium at
 * 375px (and 1280px for the screenshots) over the preview server: the checkout asks how to
 * send it, together by default; choosing "send what is here now and the rest when it
 * arrives" shows the second parcel's fee beside the choice, in LKR as everywhere, and the
 * order summary's total grows by it; the order placed keeps the choice and the fee. A cart
 * of books in stock alone shows no choice. Screenshots go to test-artifacts/mixed-cart/.
 * Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
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
import { methodSecondParcelFee } from "../domain/orders/payment_policy.ts";
import { eventually } from "../tests/support/eventually.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("mixed-cart");
await loadCatalogue("en");
const i18n = i18nFor("en");
const { t } = i18n;

/** A dated pre-order in stock and a book in stock that is not one, from the sample catalogue. */
async function mixedBooks(shop: PreviewShop): Promise<{ now: Book; later: Book }> {
  const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 50,
  });
  const later = books.items.find((b) => b.preorder && b.stock > 0);
  const now = books.items.find((b) => !b.preorder && b.stock > 2);
  assert.ok(later && now, "the sample catalogue has a pre-order and a book in stock");
  return { now, later };
}

/** The summary's row of a figure, as the shopper reads its amount. */
function figure(page: import("playwright-core").Page, name: string) {
  return page.locator(`.order-summary [data-figure="${name}"] dd`);
}

Deno.test({
  name:
    "a mixed cart chooses to send what is here now, sees the second parcel's fee beside the choice and in the total, at 375px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const { now, later } = await mixedBooks(shop);
      const lines = [
        { ...bookCartItem(now), quantity: 1 },
        { ...bookCartItem(later), quantity: 1 },
      ];
      await visit(page, `${base}/`);
      await page.evaluate(
        (json) => localStorage.setItem("cart", json),
        JSON.stringify(lines.map(storedLine)),
      );
      await visit(page, `${base}/checkout`);
      const choice = page.locator("fieldset.parcels-choice");
      await choice.waitFor();
      assert.equal(await choice.locator("legend").innerText(), t("checkout.parcels"));
      // Together by default: one parcel, no second parcel's fee.
      const together = choice.getByRole("radio", { name: t("checkout.parcelsTogether") });
      assert.equal(await together.isChecked(), true);
      const method = await page.locator('input[name="paymentMethod"]:checked').getAttribute(
        "value",
      );
      assert.equal(method, "Bank Deposit", "a pre-order is paid by Bank Deposit here");
      const fee = methodSecondParcelFee(
        lines.map((l) => ({ weightGrams: l.weightGrams, quantity: 1, preorder: l.preorder })),
        "Bank Deposit",
      );
      assert.ok(fee > 0, "two parcels cost more delivery than one");
      const feeWords = t("checkout.parcelsSplitFee", { fee: i18n.lkr(fee) });
      assert.equal(await choice.locator(".method-delivery").innerText(), feeWords);
      const totalBefore = await figure(page, "total").innerText();
      assert.equal(await page.locator('.order-summary [data-figure="secondParcel"]').count(), 0);
      await shotBothWidths(page, SHOTS, "together");

      // Send what is here now: the second parcel's row, and the total grows by its fee.
      await choice.getByText(t("checkout.parcelsSplit")).click();
      const split = choice.getByRole("radio", { name: t("checkout.parcelsSplit"), exact: false });
      assert.equal(await split.isChecked(), true);
      await figure(page, "secondParcel").waitFor();
      assert.equal(await figure(page, "secondParcel").innerText(), i18n.lkr(fee));
      assert.equal(
        await page.locator('.order-summary [data-figure="secondParcel"] dt').innerText(),
        t("money.secondParcel"),
      );
      const rupees = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
      await eventually(async () => {
        assert.equal(
          rupees(await figure(page, "total").innerText()),
          rupees(totalBefore) + fee,
        );
        return true;
      }, { what: "the total with the second parcel's fee" });
      // Nothing runs off the side of a phone.
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
      await shotBothWidths(page, SHOTS, "split");

      await fillCheckoutAddress(page, "en");
      await page.getByRole("button", { name: t("checkout.place") }).click();
      const dialog = page.getByRole("dialog", { name: t("placed.titleBank") });
      await dialog.waitFor();
      const [placed] = await shop.orders.list();
      assert.deepEqual([placed.parcels, placed.secondParcelFeeCents], ["split", fee]);
      await page.screenshot({ path: `${SHOTS}placed-375.png` });
    });
  },
});

Deno.test({
  name: "a cart of books in stock alone shows no choice of parcels",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withPhonePage(async (page, base, shop) => {
      const { now } = await mixedBooks(shop);
      await visit(page, `${base}/`);
      await page.evaluate(
        (json) => localStorage.setItem("cart", json),
        JSON.stringify([storedLine({ ...bookCartItem(now), quantity: 1 })]),
      );
      await visit(page, `${base}/checkout`);
      await figure(page, "total").waitFor();
      assert.equal(await page.locator("fieldset.parcels-choice").count(), 0);
      assert.equal(await page.locator('.order-summary [data-figure="secondParcel"]').count(), 0);
    });
  },
});
