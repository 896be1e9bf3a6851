/**
 * A forgotten password in a real Chromium against the shop's real HTTP app: the admin asks
 * for a link from the login page and sets a new password on the admin area's reset page;
 * a link that expired or was used already says so, on that page and on the shop's own
 * (in English, Sinhala and Tamil), and asks for a new one. At 375px, with screenshots.
 */
import { eventually } from "../../../tests/support/eventually.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type AdminShop } from "../testing/admin_shop.ts";
import { json } from "../../../http/testing/fixture.ts";
import { hydrated } from "../../../tests/e2e/harness.ts";
import { i18nFor, loadCatalogue } from "../../i18n/mod.ts";
import { SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";
import { RESET_WORDS } from "./ResetPasswordPage.tsx";

for (const language of SHOP_LANGUAGES) await loadCatalogue(language);

const CUSTOMER = { username: "Nimali Perera", email: "nimali@example.lk", password: "long enough" };

/** The link of the last reset mail waiting in the outbox for `email`. */
async function lastResetLink(shop: AdminShop, email: string): Promise<URL> {
  const mail = await eventually(() =>
    shop.outbox.queuedAccountMail()
      .filter((m) => m.kind === "password_reset" && m.payload.to === email).at(-1), {
    what: `the reset mail for ${email}`,
  });
  return new URL(String(mail.payload.link));
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

Deno.test("a forgotten password, and a reset link that expired or was used", async (t) => {
  await withRig(async (rig) => {
    await t.step(
      "the admin asks for a link from the login page and sets a new password with it (375px)",
      async () => {
        await withShop(rig, () => {}, async (page, shop, url) => {
          await page.goto(`${url}/admin`);
          await page.getByRole("link", { name: "Forgot password?" }).click();
          await page.waitForURL(`${url}/admin/reset-password`);
          await page.getByRole("heading", { name: "Forgot password" }).waitFor();
          await page.getByLabel("Email").fill(ADMIN_EMAIL);
          await shoot(page, "reset-ask-375");
          await page.getByRole("button", { name: "Mail me a link" }).click();
          await page.getByRole("status").filter({ hasText: RESET_WORDS.sent }).waitFor();
          const link = await lastResetLink(shop, ADMIN_EMAIL);
          assert.equal(link.pathname, "/admin/reset-password", "the admin area's own page");

          await page.goto(`${url}${link.pathname}${link.search}`);
          await page.getByRole("heading", { name: "Set a new password" }).waitFor();
          await page.getByLabel("New password").fill("short");
          await page.getByRole("button", { name: "Set the new password" }).click();
          await page.getByText("The new password must be 8 to 200 characters").waitFor();
          await page.getByLabel("New password").fill("a brand new secret");
          await shoot(page, "reset-set-375");
          await page.getByRole("button", { name: "Set the new password" }).click();
          await page.getByRole("status").filter({ hasText: RESET_WORDS.done }).waitFor();
          await shoot(page, "reset-done-375");
          await page.getByRole("link", { name: "Log in" }).click();
          await page.waitForURL(`${url}/admin`);
          await page.getByLabel("Email").fill(ADMIN_EMAIL);
          await page.getByLabel("Password").fill("a brand new secret");
          await page.getByRole("button", { name: "Login" }).click();
          await page.waitForURL(`${url}/admin/dashboard`);
          const old = await shop.app.request(
            "/api/auth/login",
            json("POST", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          );
          assert.equal(old.status, 401, "the old password is gone");
          await old.body?.cancel();

          // The same link again: used, so the page says so and asks for a new one.
          await page.evaluate(() => localStorage.clear());
          await page.goto(`${url}${link.pathname}${link.search}`);
          await page.getByLabel("New password").fill("yet another secret");
          await page.getByRole("button", { name: "Set the new password" }).click();
          await page.getByRole("alert").filter({ hasText: RESET_WORDS.refused }).waitFor();
          await page.waitForURL(`${url}/admin/reset-password`);
          assert.equal(await page.getByLabel("Email").inputValue(), "");
          assert.equal(
            await page.getByText("Some details are not right").count(),
            0,
            "no word of fields to check",
          );
          await shoot(page, "reset-refused-375");
          await page.getByLabel("Email").fill(ADMIN_EMAIL);
          await page.getByRole("button", { name: "Mail me a link" }).click();
          await page.getByRole("status").filter({ hasText: RESET_WORDS.sent }).waitFor();
        }, 375);
      },
    );

    for (const language of SHOP_LANGUAGES) {
      await t.step(
        `the shop's reset page says a used link was used and asks for a new one (${language}, 375px)`,
        async () => {
          const { t: words, href } = i18nFor(language);
          await withShop(rig, () => {}, async (page, shop, url) => {
            const registered = await shop.app.request(
              "/api/auth/register",
              json("POST", CUSTOMER),
            );
            assert.equal(registered.status, 201);
            await registered.body?.cancel();
            const asked = await shop.app.request(
              "/api/auth/password-reset",
              json("POST", { email: CUSTOMER.email, language }),
            );
            assert.equal(asked.status, 202);
            const link = await lastResetLink(shop, CUSTOMER.email);
            assert.equal(link.pathname, href("/reset-password"));
            const token = link.searchParams.get("token")!;
            const used = await shop.app.request(
              "/api/auth/password-reset/confirm",
              json("POST", { token, password: "a first new one" }),
            );
            assert.equal(used.status, 204);

            await page.goto(`${url}${link.pathname}${link.search}`);
            await hydrated(page);
            await page.getByLabel(words("reset.newPassword")).fill("a second new one");
            await page.getByRole("button", { name: words("reset.set") }).click();
            await page.getByRole("alert").filter({ hasText: words("reset.linkRefused") }).waitFor();
            assert.equal(
              await page.getByText(words("error.VALIDATION_FAILED")).count(),
              0,
              "no word of marked fields that are not there",
            );
            await page.waitForURL(`${url}${href("/reset-password")}`);
            await shoot(page, `reset-shop-refused-${language}-375`);
            await page.getByLabel(words("address.email")).fill(CUSTOMER.email);
            await page.getByRole("button", { name: words("reset.ask") }).click();
            await page.getByRole("status").filter({ hasText: words("reset.sent") }).waitFor();
          }, 375);
        },
      );
    }
  });
});
