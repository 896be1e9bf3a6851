/**
 * A customer's account end to end, in Chromium against the real server (embedded PGlite,
 * demo catalogue, mail to a real SMTP peer): order as a guest, register from the header's
 * Account link with the same address, confirm it through the mailed link and find the guest
 * order in the account (and a welcome mail); log in, save a default address, check out with
 * the form prefilled, find the order in the account and open its page from there; then a
 * forgotten password reset through the mailed link, read as a customer reads it. Screenshots of each page at 375px and 1280px go to test-artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { resizeTo, screenshot, sidewaysOverflow } from "../support/page_checks.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import {
  assertNoScriptErrors,
  DESKTOP,
  type E2e,
  hydrated,
  openPage,
  PHONE,
  visit,
} from "./harness.ts";
import { addBook, findBook, valueBeside } from "./shopping.ts";
import { fillDelivery } from "./checkout.ts";

const EMAIL = "sunil.fernando@example.lk";
const PASSWORD = "kandy lake 1864";

async function chooseDehiwala(page: Page): Promise<void> {
  await page.getByLabel("Province").selectOption({ label: "Western" });
  const district = page.getByLabel("District");
  await district.locator("option", { hasText: "Colombo" }).waitFor({ state: "attached" });
  await district.selectOption({ label: "Colombo" });
  await page.getByLabel("City").fill("Dehiwala");
  await page.waitForFunction(
    (el) => /^\d{5}$/.test((el as HTMLInputElement).value),
    await page.getByLabel("Postal code").elementHandle(),
  );
}

async function shots(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await resizeTo(page, viewport);
    await screenshot(page, name);
    if (viewport === PHONE) {
      assert.ok(await sidewaysOverflow(page) <= 0, `${name} scrolls sideways at 375px`);
    }
  }
}

Deno.test({
  name:
    "order as a guest, register, confirm the address and find the guest order; log in, check out prefilled, reset the password",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    try {
      [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
      const e2e = { shop } as E2e;
      const { page, errors, context } = await openPage(browser);
      const base = shop.url;

      // A guest orders first, typing the address with capitals.
      const guestBook = await findBook(e2e, "inStock=1&outOfStock=0&sort=price&order=asc");
      await addBook(page, base, guestBook, 1);
      await visit(page, `${base}/checkout`);
      await fillDelivery(page, {
        name: "Sunil Fernando",
        email: "Sunil.Fernando@Example.LK",
        phone: "077 123 4567",
        address: "12 Galle Road",
      });
      await page.getByRole("button", { name: "Place Order" }).click();
      const placedDialog = page.getByRole("dialog", { name: /^Order placed: / });
      await placedDialog.waitFor();
      const guestOrderId = Number(
        (await valueBeside(placedDialog, "Order ID").innerText()).replace("#", ""),
      );
      assert.ok(guestOrderId > 0);
      await placedDialog.getByRole("button", { name: "Close" }).click();
      await page.waitForURL(new RegExp(`/orders/${guestOrderId}\\?key=`));

      // The header links to the account; without one it leads to log in, then to register.
      await visit(page, `${base}/`);
      await page.getByRole("link", { name: "Account" }).click();
      await page.waitForURL(/\/login$/);
      await hydrated(page);
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.waitForURL(/\/register$/);
      await hydrated(page);
      // The rules are shown before anything is sent.
      await page.getByText("A password of 8 to 200 characters").waitFor();
      await page.getByLabel("Your name").fill("Sunil Fernando");
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password (8 to 200 characters)").fill(PASSWORD);
      await shots(page, "register-typed");
      await page.getByRole("button", { name: "Register" }).click();
      // A new address is signed in at once, and lands in its account.
      await page.waitForURL(/\/account$/);
      await hydrated(page);
      await page.getByText("Logged in as Sunil Fernando").waitFor();
      // Not confirmed yet: the guest order stays out of the account.
      const confirmSection = page.getByRole("region", { name: "Confirm your e-mail address" });
      await confirmSection.waitFor();
      await page.getByText("No orders yet").waitFor();
      await shots(page, "account-unconfirmed");

      // The confirmation mail, read as the customer reads it, opens a page that asks first.
      const confirmation = (await shop.smtp.waitFor((all) =>
        all.some((m) =>
          m.envelopeTo.includes(EMAIL) && /confirm your e-mail/.test(m.subject)
        )
      )).find((m) => /confirm your e-mail/.test(m.subject));
      assert.ok(confirmation);
      assert.match(confirmation.text, /within 24 hours/);
      const verifyLink = /(http\S+\/verify-email\?token=[\w-]+)/.exec(confirmation.text)?.[1];
      assert.ok(verifyLink, confirmation.text);
      await visit(page, verifyLink.replace(/^http:\/\/[^/]+/, base));
      await shots(page, "verify-email");
      await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
      await page.getByText("One earlier order is now in your account.").waitFor();
      const welcome = await shop.smtp.waitFor((all) =>
        all.some((m) => m.envelopeTo.includes(EMAIL) && /^Welcome to /.test(m.subject))
      );
      assert.match(
        welcome.find((m) => /^Welcome to /.test(m.subject))!.text,
        /The order you placed earlier with this address is now in your account/,
      );
      await page.getByRole("link", { name: "Go to your account" }).click();
      await page.waitForURL(/\/account$/);
      await hydrated(page);
      const joined = page.locator(`#order-${guestOrderId}`);
      await joined.waitFor();
      assert.match(await joined.innerText(), new RegExp(`${guestBook.title} × 1`));
      assert.equal(await confirmSection.count(), 0, "a confirmed address is not asked again");
      // The link works once.
      await visit(page, verifyLink.replace(/^http:\/\/[^/]+/, base));
      await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
      await page.getByText("This link has expired, was already used or is not valid").waitFor();
      await visit(page, `${base}/account`);
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${base}/`);

      await visit(page, `${base}/login`);
      await hydrated(page);
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password").fill(PASSWORD);
      await shots(page, "login-typed");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/account$/);
      await hydrated(page);
      await page.locator(`#order-${guestOrderId}`).waitFor();
      await page.getByText("Logged in as Sunil Fernando").waitFor();

      // A mistyped phone is named when the address is saved, and its message goes as the
      // customer corrects it, before saving again.
      await page.getByLabel("Phone").fill("12");
      await page.getByRole("button", { name: "Save address" }).click();
      await page.locator('#checkout-phone[aria-invalid="true"]').waitFor();
      await page.locator('#checkout-address[aria-invalid="true"]').waitFor();
      await shots(page, "account-address-refused");

      // A default delivery address, saved in the account.
      await page.getByLabel("Phone").fill("077 123 4567");
      await page.locator("#checkout-phone:not([aria-invalid])").waitFor();
      // A field not touched keeps its message.
      await page.locator('#checkout-address[aria-invalid="true"]').waitFor();
      await page.getByLabel("Address").fill("12 Galle Road");
      await chooseDehiwala(page);
      await page.getByRole("button", { name: "Save address" }).click();
      await page.getByText("Saved: checkout will start with this address").waitFor();

      // Checkout starts from it.
      const book = await findBook(e2e, "inStock=1&outOfStock=0&sort=price&order=asc");
      await addBook(page, base, book, 1);
      await visit(page, `${base}/checkout`);
      await page.getByText("Logged in as Sunil Fernando").waitFor();
      await page.waitForFunction(() =>
        (document.getElementById("checkout-city") as HTMLInputElement | null)?.value === "Dehiwala"
      );
      assert.equal(await page.getByLabel("Name").inputValue(), "Sunil Fernando");
      assert.equal(await page.getByLabel("Email").inputValue(), EMAIL);
      assert.equal(await page.getByLabel("Address").inputValue(), "12 Galle Road");
      await shots(page, "checkout-prefilled");
      await page.getByRole("button", { name: "Place Order" }).click();
      const dialog = page.getByRole("dialog", { name: /^Order placed: / });
      await dialog.waitFor();
      const orderId = Number((await valueBeside(dialog, "Order ID").innerText()).replace("#", ""));
      assert.ok(orderId > 0);

      // The order is in the account, with its status named as its own page names it.
      await visit(page, `${base}/account`);
      const listed = page.locator(`#order-${orderId}`);
      await listed.waitFor();
      assert.match(await listed.innerText(), /Being prepared/);
      assert.match(await listed.innerText(), new RegExp(`${book.title} × 1`));
      await shots(page, "account-with-order");
      // It opens the order's own page, its key in the link.
      await listed.getByRole("link", { name: `Order #${orderId}` }).click();
      await page.waitForURL(new RegExp(`/orders/${orderId}\\?key=[\\w-]+$`));
      await hydrated(page);
      await page.getByRole("heading", { name: `Order #${orderId}` }).waitFor();
      await page.goBack();
      await page.waitForURL(/\/account$/);
      await hydrated(page);

      // Logging out ends the token: the account page sends the shopper to log in.
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${base}/`);
      await page.goto(`${base}/account`);
      await page.waitForURL(/\/login$/);

      // A forgotten password: the mail's link, as the customer reads it, sets a new one.
      await visit(page, `${base}/reset-password`);
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByRole("button", { name: "Mail me a link" }).click();
      await page.getByText("If an account has this address, a link is on its way").waitFor();
      await shots(page, "reset-requested");
      const [mail] = await shop.smtp.waitFor((all) =>
        all.some((m) => m.envelopeTo.includes(EMAIL) && /new password/.test(m.subject))
      ).then((all) => all.filter((m) => /new password/.test(m.subject)));
      assert.match(mail.text, /within one hour/);
      const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
      assert.ok(link, mail.text);
      await visit(page, link.replace(/^http:\/\/[^/]+/, base));
      await page.getByLabel("New password").fill("galle fort 1663");
      await page.getByRole("button", { name: "Set the new password" }).click();
      await page.getByText("Your new password is set").waitFor();
      await visit(page, `${base}/login`);
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password").fill("galle fort 1663");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/account$/);

      assertNoScriptErrors(errors);
      await context.close();
    } finally {
      await browser?.close();
      await shop?.stop();
    }
  },
});
