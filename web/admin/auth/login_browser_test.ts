/**
 * The admin's login, route guards and session in a real Chromium against the shop's real
 * HTTP app (in-memory adapters) and its admin account.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { alertText, logIn, withRig, withShop } from "../testing/browser_rig.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type AdminShop } from "../testing/admin_shop.ts";
import { bookId, placeOrder, seedCatalogue } from "../testing/shop_seeds.ts";
import { json } from "../../../http/testing/fixture.ts";

/** Whether the shop still takes this token (an admin-only read). */
async function shopTakes(shop: AdminShop, token: string): Promise<boolean> {
  const response = await shop.app.request("/api/orders/stats", {
    headers: { Authorization: `Bearer ${token}` },
  });
  await response.body?.cancel();
  return response.status === 200;
}

/** Fills in the admin's e-mail and password on the login page shown and logs in. */
async function logInHere(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  assert.equal(await submitLogin(page), 200);
}

/** Clicks Login and waits for the shop's answer; its status. */
async function submitLogin(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/login");
  await page.getByRole("button", { name: "Login" }).click();
  return (await answer).status();
}

Deno.test("admin login and session", async (t) => {
  await withRig(async (rig) => {
    await t.step("a visitor to a guarded page is sent to the login page", async () => {
      await withShop(rig, () => {}, async (page, _shop, url) => {
        await page.goto(`${url}/admin/orders`);
        await page.waitForURL(`${url}/admin?next=%2Fadmin%2Forders`);
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
      });
    });

    await t.step(
      "an order's page opened signed out (the new-order mail's button) opens after the login, at 375px",
      async () => {
        const seed = async (shop: AdminShop) => {
          await seedCatalogue(shop);
          const books = [{ id: await bookId(shop, "Book 4"), quantity: 1 }];
          await placeOrder(shop, { books });
          await placeOrder(shop, { books });
          await placeOrder(shop, { books });
          await placeOrder(shop, { books, name: "Kamala Silva" });
        };
        await withShop(rig, seed, async (page, _shop, url) => {
          await page.goto(`${url}/admin/orders/4`);
          await page.waitForURL(`${url}/admin?next=%2Fadmin%2Forders%2F4`);
          await page.getByLabel("Email").fill(ADMIN_EMAIL);
          await page.getByLabel("Password").fill(ADMIN_PASSWORD);
          assert.equal(await submitLogin(page), 200);
          await page.waitForURL(`${url}/admin/orders/4`);
          await page.getByRole("heading", { name: "Order #4" }).waitFor();
          await page.getByText("Kamala Silva").first().waitFor();
        }, 375);
      },
    );

    await t.step("a list's filters come back after the login too", async () => {
      await withShop(rig, seedCatalogue, async (page, _shop, url) => {
        await page.goto(`${url}/admin/orders?status=pending&q=077`);
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
        await logInHere(page);
        // The same filters, in whatever order the orders page writes them.
        await page.waitForURL((at) =>
          at.pathname === "/admin/orders" && at.searchParams.get("status") === "pending" &&
          at.searchParams.get("q") === "077"
        );
        await page.getByRole("heading", { name: "All Orders" }).waitFor();
        assert.equal(await page.getByLabel("Find an order").inputValue(), "077");
      }, 375);
    });

    await t.step(
      "a login link naming another site or no admin page lands on the dashboard",
      async () => {
        await withShop(rig, () => {}, async (page, _shop, url) => {
          for (
            const next of [
              "https://evil.example/admin/orders",
              "//evil.example/admin",
              "/admin/../",
            ]
          ) {
            await page.goto(`${url}/admin?next=${encodeURIComponent(next)}`);
            await page.getByRole("heading", { name: "Admin Login" }).waitFor();
            await logInHere(page);
            await page.waitForURL(`${url}/admin/dashboard`);
            await page.evaluate(() => localStorage.clear());
          }
        }, 375);
      },
    );

    await t.step(
      "a failed login says 'Invalid credentials', and after five how long to wait",
      async () => {
        await withShop(rig, () => {}, async (page, _shop, url) => {
          await page.goto(`${url}/admin/login`);
          await page.getByRole("button", { name: "Login" }).click();
          await page.getByText("Email is required").waitFor();
          await page.getByLabel("Email").fill(ADMIN_EMAIL);
          await page.getByLabel("Password").fill("wrong");
          // The shop counts five failed logins for an account from one address in 15 minutes.
          for (let attempt = 1; attempt <= 5; attempt++) {
            assert.equal(await submitLogin(page), 401, `attempt ${attempt}`);
            await alertText(page, "Invalid credentials");
          }
          assert.equal(await submitLogin(page), 429);
          await alertText(page, "Too many attempts. Try again in 15 minutes");
        });
      },
    );

    await t.step("login keeps the session across reloads and logout ends it", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        const token = await logIn(page, url);
        const stored = await page.evaluate(() => [
          localStorage.getItem("token"),
          localStorage.getItem("isAuthenticated"),
        ]);
        assert.deepEqual(stored, [token, "true"]);
        assert.ok(await shopTakes(shop, token));
        await page.goto(`${url}/admin`);
        await page.waitForURL(`${url}/admin/dashboard`);
        await page.getByRole("link", { name: "Orders", exact: true }).click();
        await page.waitForURL(`${url}/admin/orders`);
        await page.goBack();
        await page.waitForURL(`${url}/admin/dashboard`);
        await page.getByRole("button", { name: "Logout" }).click();
        await page.waitForURL(`${url}/admin`);
        const after = await page.evaluate(() => localStorage.getItem("token"));
        assert.equal(after, null);
        assert.equal(
          await shopTakes(shop, token),
          false,
          "logout ends the token on the server too",
        );
      });
    });

    await t.step("the admin changes the password from the header", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        const first = await logIn(page, url);
        await page.locator("summary", { hasText: "Password" }).click();
        await page.getByLabel("Current password").fill("not it");
        await page.getByLabel("New password (8 to 200 characters)").fill("a new long secret");
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Current password is not right").first().waitFor();
        await page.getByLabel("Current password").fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Password changed: every other session was signed out").waitFor();
        const sent = shop.requests.filter((r) => r.path === "/api/auth/password").at(-1);
        assert.deepEqual(sent?.json, {
          currentPassword: ADMIN_PASSWORD,
          newPassword: "a new long secret",
        });
        assert.equal(await shopTakes(shop, first), false, "the old token ended");
        const kept = await page.evaluate(() => localStorage.getItem("token"));
        assert.ok(kept && await shopTakes(shop, kept), "the page goes on with the new token");
        const login = (password: string) =>
          shop.app.request("/api/auth/login", json("POST", { email: ADMIN_EMAIL, password }));
        assert.equal((await login("a new long secret")).status, 200);
        assert.equal((await login(ADMIN_PASSWORD)).status, 401);
      });
    });

    await t.step("any 401 ends the session and returns to /admin", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        await logIn(page, url);
        // The home has read its figures (no spinner left), so the 401 below is the click's own.
        await page.getByRole("link", { name: "Orders to confirm" }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll(".spinner").length === 0);
        // Every session of the admin ends on the server, as when the password changed elsewhere.
        await shop.tokens.endAll("admin", shop.admin.id);
        await page.getByRole("link", { name: "Orders", exact: true }).click();
        await page.waitForURL(`${url}/admin`);
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem("isAuthenticated")), null);
      });
    });
  });
});
