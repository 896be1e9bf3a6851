/**
 * The shop's own words where a shopper reads about their order and their account, at 375px
 * in a real Chromium over the preview server, in English and Sinhala or Tamil: one name per
 * order status on the order page and in the account, the shop's words for a refused log in
 * and a wrong current password, Sinhala and Tamil names of provinces and districts in
 * checkout, and the short forms people type for a city. Screenshots go to
 * test-artifacts/shop-words/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { hydrated } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { type PreviewShop, screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";
import { i18nFor, loadCatalogue } from "./i18n/mod.ts";

await ensureBuilt();
await loadCatalogue("si");
await loadCatalogue("ta");

const { dir: SHOTS } = await screenshotsIn("shop-words");

function withShop(run: (page: Page, base: string, shop: PreviewShop) => Promise<void>) {
  return withPreviewBrowser(async ({ base, shop, open }) =>
    await run(await open(375, { timeout: 10_000 }), base, shop)
  );
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}${name}-375.png`, fullPage: true });
}

/** Places a COD order through the API, as checkout does; answers its page's path. */
async function placeOrder(base: string, shop: PreviewShop, language: string): Promise<string> {
  const listed = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 20,
  });
  const book = listed.items.find((b) => !b.preorder && b.stock > 1)!;
  const response = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": language },
    body: JSON.stringify({
      total: book.priceCents / 100,
      name: "Nimal Perera",
      address: "12 Galle Road",
      email: "nimal@example.lk",
      phone: "0771234567",
      postalCode: "10370",
      province: 1,
      district: 1,
      area: 1,
      paymentMethod: "COD",
      items: [{ id: book.id, quantity: 1, type: "book" }],
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  const placed = await response.json();
  const url = new URL(placed.orderUrl);
  return `${url.pathname}${url.search}`;
}

/**
 * A signed-in customer whose account holds that order: the session as the login page keeps
 * it, and the account's two calls answered with the order as the shop's API shows it (the
 * preview's own sessions run on a test clock).
 */
async function signedInWith(page: Page, base: string, orderPath: string) {
  const [, id] = /\/orders\/(\d+)/.exec(orderPath)!;
  const key = new URL(orderPath, base).searchParams.get("key");
  const view = (await (await fetch(`${base}/api/orders/${id}/view?key=${key}`)).json()).data;
  await page.route("**/api/account", (route) =>
    route.fulfill({
      json: { data: { id: 7, username: "Nimal", email: "nimal@example.lk", address: null } },
    }));
  await page.route(
    "**/api/account/orders",
    (route) => route.fulfill({ json: { data: [{ ...view, order_url: `${base}${orderPath}` }] } }),
  );
  await page.goto(`${base}/about`);
  await page.evaluate(() =>
    localStorage.setItem(
      "pothgula-session",
      JSON.stringify({ token: "t", expiresAt: "2099-01-01T00:00:00Z", role: "customer" }),
    )
  );
}

for (const language of ["en", "si"] as const) {
  const prefix = language === "en" ? "" : `/${language}`;
  Deno.test(`the account and the order's page name a pending order alike, in ${language}`, async () => {
    await withShop(async (page, base, shop) => {
      const orderPath = await placeOrder(base, shop, language);
      await page.goto(`${base}${prefix}${orderPath}`);
      const onPage = (await page.locator(".order-facts dd strong").first().innerText()).trim();
      await shot(page, `order-${language}`);

      await signedInWith(page, base, orderPath);
      await page.goto(`${base}${prefix}/account`);
      await hydrated(page);
      const inAccount = await page.locator(".account-order .order-status").innerText();
      assert.equal(inAccount.trim(), onPage);
      await shot(page, `account-${language}`);
    });
  });
}

Deno.test("a refused log in says so in the shop's words, in English and Sinhala", async () => {
  await withShop(async (page, base) => {
    for (const language of ["en", "si"] as const) {
      const { t } = i18nFor(language);
      await page.goto(`${base}${language === "en" ? "" : `/${language}`}/login`);
      await hydrated(page);
      await page.getByLabel(t("address.email")).fill("nobody@example.lk");
      await page.getByLabel(t("login.password")).fill("not the password");
      await page.getByRole("button", { name: t("login.submit") }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      const words = {
        en: "The e-mail address or password is wrong",
        si: "ඊමේල් ලිපිනය හෝ මුරපදය වැරදියි",
      }[language];
      assert.equal((await alert.innerText()).trim(), words);
      assert.ok(!/credentials/i.test(await page.locator("main").innerText()));
      await shot(page, `login-refused-${language}`);
    }
  });
});

Deno.test("a wrong current password is named as such, in English and Tamil", async () => {
  await withShop(async (page, base, shop) => {
    const orderPath = await placeOrder(base, shop, "en");
    await signedInWith(page, base, orderPath);
    // What the shop answers a wrong current password (http/auth/session_routes.ts).
    await page.route("**/api/auth/password", (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Current password is not right",
            details: [{ field: "currentPassword", message: "Current password is not right" }],
          },
        },
      }));
    for (const language of ["en", "ta"] as const) {
      const { t } = i18nFor(language);
      await page.goto(`${base}${language === "en" ? "" : `/${language}`}/account`);
      await hydrated(page);
      await page.getByLabel(t("account.currentPassword")).fill("a wrong guess");
      await page.getByLabel(t("account.newPassword")).fill("a new long password");
      await page.getByRole("button", { name: t("account.changePassword") }).click();
      const words = {
        en: "The current password is not right",
        ta: "தற்போதைய கடவுச்சொல் தவறு",
      }[language];
      const field = page.locator("#current-password-error");
      await field.waitFor();
      assert.equal((await field.innerText()).trim(), words);
      const alert = page.getByRole("alert").filter({ hasText: words });
      await alert.waitFor();
      assert.ok(!(await page.locator("main").innerText()).includes(t("form.checkField")));
      await page.locator("#current-password").scrollIntoViewIfNeeded();
      await shot(page, `password-wrong-${language}`);
    }
  });
});

/** A cart of one book, stored as the shop writes it. */
async function fillCart(page: Page, base: string, shop: PreviewShop) {
  const listed = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
    page: 1,
    pageSize: 20,
  });
  const book = listed.items.find((b) => !b.preorder && b.stock > 1)!;
  await page.goto(`${base}/about`);
  await page.evaluate(
    (line) => localStorage.setItem("cart", JSON.stringify([line])),
    {
      type: "book",
      id: book.id,
      title: book.title,
      unitPriceCents: book.priceCents,
      stock: book.stock,
      weightGrams: book.weightGrams,
      image: null,
      preorder: false,
      quantity: 1,
    },
  );
}

Deno.test("checkout lists provinces and districts by their Sinhala and Tamil names", async () => {
  await withShop(async (page, base, shop) => {
    await fillCart(page, base, shop);
    const names = {
      si: { province: "බස්නාහිර", district: "කොළඹ", provinces: ["බස්නාහිර", "මධ්‍යම", "දකුණු"] },
      ta: { province: "மேல்", district: "கொழும்பு", provinces: ["மேல்", "மத்திய", "தென்"] },
    };
    for (const language of ["si", "ta"] as const) {
      const { t } = i18nFor(language);
      await page.goto(`${base}/${language}/checkout`);
      await hydrated(page);
      const province = page.getByLabel(t("address.province"), { exact: true });
      // The form is drawn once the cart is read: wait for its list before reading it.
      await province.locator("option").nth(1).waitFor({ state: "attached" });
      assert.deepEqual(
        (await province.locator("option").allInnerTexts()).slice(1),
        names[language].provinces,
      );
      await province.selectOption({ label: names[language].province });
      const district = page.getByLabel(t("address.district"), { exact: true });
      await district.locator("option", { hasText: names[language].district }).waitFor({
        state: "attached",
      });
      await district.selectOption({ label: names[language].district });
      // The shop still records the place by its id: the city list follows the choice.
      await page.getByLabel(t("address.city"), { exact: true }).fill("Dehiwala");
      await page.waitForFunction(
        (el) => (el as HTMLInputElement).value === "10350",
        await page.getByLabel(t("address.postalCode"), { exact: true }).elementHandle(),
      );
      await page.locator(".checkout-form").screenshot({
        path: `${SHOTS}checkout-places-${language}-375.png`,
      });
    }
  });
});

Deno.test("checkout takes 'Mt Lavinia' for Mount Lavinia at 375px", async () => {
  await withShop(async (page, base, shop) => {
    await fillCart(page, base, shop);
    await page.goto(`${base}/checkout`);
    await hydrated(page);
    await page.getByLabel("Province").selectOption({ label: "Western" });
    await page.getByLabel("District").selectOption({ label: "Colombo" });
    await page.getByLabel("City").fill("Mt Lavinia");
    await page.getByText("Delivering to Mount Lavinia").waitFor();
    await page.waitForFunction(
      (el) => (el as HTMLInputElement).value === "10370",
      await page.getByLabel("Postal code").elementHandle(),
    );
    assert.equal(await page.locator(".field-error").count(), 0);
    await page.locator(".checkout-form").screenshot({
      path: `${SHOTS}checkout-mt-lavinia-375.png`,
    });
  });
});
