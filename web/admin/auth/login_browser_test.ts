/**
 * The admin's login, route guards and session in a real Chromium against an in-memory shop API.
 */
import assert from "node:assert/strict";
import { alertText, logIn, seedCatalogue, withRig, withShop } from "../testing/browser_rig.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, HAMMERED_PASSWORD } from "../testing/fake_shop_api.ts";

Deno.test("admin login and session", async (t) => {
  await withRig(async (rig) => {
    await t.step("a visitor to a guarded page is sent to the login page", async () => {
      await withShop(rig, () => {}, async (page, _api, url) => {
        await page.goto(`${url}/admin/orders`);
        await page.waitForURL(`${url}/admin`);
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
      });
    });

    await t.step("a failed login says 'Invalid credentials' or how long to wait", async () => {
      await withShop(rig, () => {}, async (page, _api, url) => {
        await page.goto(`${url}/admin/login`);
        await page.getByRole("button", { name: "Login" }).click();
        await page.getByText("Email is required").waitFor();
        await page.getByLabel("Email").fill(ADMIN_EMAIL);
        await page.getByLabel("Password").fill("wrong");
        await page.getByRole("button", { name: "Login" }).click();
        await alertText(page, "Invalid credentials");
        await page.getByLabel("Password").fill(HAMMERED_PASSWORD);
        await page.getByRole("button", { name: "Login" }).click();
        await alertText(page, "Too many attempts. Try again in 15 minutes");
      });
    });

    await t.step("login keeps the session across reloads and logout ends it", async () => {
      await withShop(rig, seedCatalogue, async (page, _api, url) => {
        await logIn(page, url);
        const stored = await page.evaluate(() => [
          localStorage.getItem("token"),
          localStorage.getItem("isAuthenticated"),
        ]);
        assert.deepEqual(stored, ["admin-token", "true"]);
        await page.goto(`${url}/admin`);
        await page.waitForURL(`${url}/admin/dashboard`);
        await page.getByRole("link", { name: "Orders" }).click();
        await page.waitForURL(`${url}/admin/orders`);
        await page.goBack();
        await page.waitForURL(`${url}/admin/dashboard`);
        await page.getByRole("button", { name: "Logout" }).click();
        await page.waitForURL(`${url}/admin`);
        const after = await page.evaluate(() => localStorage.getItem("token"));
        assert.equal(after, null);
        assert.ok(
          _api.requests.some((r) => r.method === "POST" && r.path === "/api/auth/logout"),
          "logout ends the token on the server too",
        );
      });
    });

    await t.step("the admin changes the password from the header", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        await page.locator("summary", { hasText: "Password" }).click();
        await page.getByLabel("Current password").fill("not it");
        await page.getByLabel("New password (8 to 200 characters)").fill("a new long secret");
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Current password is not right").first().waitFor();
        await page.getByLabel("Current password").fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Password changed: every other session was signed out").waitFor();
        const sent = api.requests.filter((r) => r.path === "/api/auth/password").at(-1);
        assert.deepEqual(sent?.json, {
          currentPassword: ADMIN_PASSWORD,
          newPassword: "a new long secret",
        });
      });
    });

    await t.step("any 401 ends the session and returns to /admin", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        api.revokeTokens = true;
        await page.getByRole("link", { name: "Orders" }).click();
        await page.waitForURL(`${url}/admin`);
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem("isAuthenticated")), null);
      });
    });
  });
});
