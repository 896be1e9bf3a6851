/**
 * The admin island in a real Chromium against an in-memory shop API: login and guards,
 * catalogue forms and tables, orders and stock, and the layout at phone and desktop widths
 * (screenshots land in test-artifacts/admin/).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../tests/support/browser.ts";
import { type AdminBundle, buildAdminBundle, serveAdmin } from "./testing/admin_server.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  book,
  FakeShopApi,
  HAMMERED_PASSWORD,
  order,
} from "./testing/fake_shop_api.ts";

const ARTIFACTS = new URL("../../test-artifacts/admin/", import.meta.url).pathname;

interface Rig {
  browser: Browser;
  bundle: AdminBundle;
}

async function withShop(
  rig: Rig,
  seed: (api: FakeShopApi) => void,
  run: (page: Page, api: FakeShopApi, url: string) => Promise<void>,
  width = 1280,
) {
  const api = new FakeShopApi();
  seed(api);
  const server = serveAdmin(rig.bundle, api);
  const context = await rig.browser.newContext({
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  try {
    await run(page, api, server.url);
    assert.deepEqual(refused, [], "the page broke the shop's Content-Security-Policy");
  } finally {
    await context.close();
    await server.close();
  }
}

async function logIn(page: Page, url: string) {
  await page.goto(`${url}/admin`);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${url}/admin/dashboard`);
}

async function statusText(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

async function alertText(page: Page, text: string) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}

function seedCatalogue(api: FakeShopApi) {
  api.books = Array.from({ length: 23 }, (_, i) => book(i + 1));
  api.books[1] = book(2, { title: "Gamperaliya", preorder: 1, stock: 3 });
  api.stationery = [{
    id: 1,
    title: "Blue pen",
    price: 50,
    stock: 40,
    weight: 0.01,
    category_id: 1,
    category_name: "Pens",
    image: "/uploads/pen.png",
  }];
}

Deno.test("admin island", async (t) => {
  const rig: Rig = { browser: await launchBrowser(), bundle: await buildAdminBundle() };
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  try {
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

    await t.step("the category forms add names and show a taken name on the field", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        const form = page.getByRole("region", { name: "Add New Category" });
        await form.getByLabel("Name").fill("Poetry");
        await form.getByRole("button", { name: "Add" }).click();
        await statusText(page, "Category added successfully");
        assert.ok(api.categories.some((c) => c.name === "Poetry"));
        await form.getByLabel("Name").fill("Novels");
        await form.getByRole("button", { name: "Add" }).click();
        await form.getByText('A category named "Novels" already exists').waitFor();
        const stationery = page.getByRole("region", { name: "Add New Stationery Category" });
        await stationery.getByLabel("Name").fill("Erasers");
        await stationery.getByRole("button", { name: "Add" }).click();
        await statusText(page, "Stationery category added successfully");
      });
    });

    await t.step("Add New Book checks the fields, sends multipart and resets", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        const form = page.getByRole("region", { name: "Add New Book" });
        await form.getByRole("button", { name: "Add Book" }).click();
        await form.getByText("Title is required").waitFor();
        await form.getByText("At least one image is required").waitFor();
        await form.getByLabel("Title").fill("Madol Doova");
        await form.getByLabel("Author").fill("Martin Wickramasinghe");
        await form.getByLabel("Price (LKR)").fill("1250.50");
        await form.getByLabel("Stock").fill("12");
        await form.getByLabel("Category").selectOption({ label: "Children" });
        await form.getByLabel("ISBN-13").fill("978-0-306-40615-7");
        await form.getByLabel("Language").selectOption("English");
        await form.getByLabel("Binding").fill("Paperback");
        await form.getByLabel("Publisher").fill("Sarasa");
        await form.getByLabel("Publishing date").fill("2019-05-01");
        await form.getByLabel("Edition").fill("3");
        await form.getByLabel("Weight (kg)").fill("0.35");
        const png = { mimeType: "image/png", buffer: Buffer.from([137, 80, 78, 71]) };
        await form.getByLabel("Images (one or more)").setInputFiles([
          { name: "front.png", ...png },
          { name: "back.png", ...png },
        ]);
        await form.getByAltText("Preview of back.png").waitFor();
        await form.getByRole("button", { name: "Add Book" }).click();
        await statusText(page, "Book added successfully");
        const sent = api.requests.find((r) => r.method === "POST" && r.path === "/api/books");
        assert.equal(sent?.authorization, "Bearer admin-token");
        assert.equal(sent?.form?.isbn13, "9780306406157");
        assert.equal(sent?.form?.categoryId, "2");
        assert.equal(sent?.form?.price, "1250.50");
        assert.deepEqual(sent?.form?.images, [
          "file:front.png:image/png",
          "file:back.png:image/png",
        ]);
        assert.equal(await form.getByLabel("Title").inputValue(), "");
        await page.getByRole("region", { name: "Books" }).getByRole("button", { name: "Next" })
          .click();
        await page.getByRole("cell", { name: "Madol Doova", exact: true }).waitFor();
      });
    });

    await t.step("the books table updates a price and deletes after confirmation", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        await page.getByLabel("Price of Gamperaliya", { exact: true }).fill("1100");
        await page.getByRole("button", { name: "Update price of Gamperaliya" }).click();
        await statusText(page, "Book price updated successfully");
        assert.equal(api.books.find((b) => b.id === 2)?.price, 1100);
        await page.getByLabel("Price of Book 3", { exact: true }).fill("-5");
        await page.getByRole("button", { name: "Update price of Book 3" }).click();
        await alertText(page, "Failed to update book price");
        await page.getByRole("button", { name: "Delete Gamperaliya" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete book" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        assert.ok(api.books.some((b) => b.id === 2));
        await page.getByRole("button", { name: "Delete Gamperaliya" }).click();
        await dialog.getByRole("button", { name: "Delete" }).click();
        await statusText(page, "Book deleted successfully");
        assert.ok(!api.books.some((b) => b.id === 2));
        await page.getByRole("button", { name: "Update price of Blue pen" }).click();
        await statusText(page, "Stationery price updated successfully");
      });
    });

    await t.step("orders are grouped; Confirm downloads the slip, Reject asks first", async () => {
      const seed = (api: FakeShopApi) => {
        api.orders = [
          order(3),
          order(2, { status: "completed", user_id: 7, total: 2500.5 }),
          order(1, { status: "rejected" }),
        ];
      };
      await withShop(rig, seed, async (page, api, url) => {
        await logIn(page, url);
        await page.getByRole("link", { name: "Orders" }).click();
        await page.getByRole("heading", { name: "All Orders" }).waitFor();
        await page.locator("p.stat", { hasText: "LKR 2,500.50" }).waitFor();
        const pending = page.getByRole("article", { name: "Order #3" });
        await pending.getByText("Status: Pending").waitFor();
        assert.equal(await pending.getByText("Guest").count(), 1);
        await pending.getByText("LKR 2,300.00").waitFor();
        const downloading = page.waitForEvent("download");
        await pending.getByRole("button", { name: "Confirm" }).click();
        const download = await downloading;
        assert.equal(download.suggestedFilename(), "order-3.pdf");
        await statusText(page, "Order completed");
        assert.equal(api.orders[0].status, "completed");
        await page.getByRole("article", { name: "Order #3" }).getByRole("button", {
          name: "Download slip",
        }).waitFor();
        api.orders.push(order(4));
        await page.reload();
        await page.getByRole("article", { name: "Order #4" }).getByRole("button", {
          name: "Reject",
        })
          .click();
        await page.getByRole("dialog", { name: "Reject order" }).getByRole("button", {
          name: "Reject",
        }).click();
        await statusText(page, "Order rejected");
        assert.equal(api.orders.find((o) => o.id === 4)?.status, "rejected");
      });
    });

    await t.step("stock adds quantities with addStock and searches on the server", async () => {
      await withShop(rig, seedCatalogue, async (page, api, url) => {
        await logIn(page, url);
        await page.getByRole("link", { name: "Stock" }).click();
        await page.getByRole("heading", { name: "Stock Management" }).waitFor();
        await page.getByLabel("Search by title").fill("gamper");
        await page.getByRole("cell", { name: "Book 1", exact: true }).waitFor({
          state: "detached",
        });
        assert.ok(api.requests.some((r) => r.path === "/api/books" && r.method === "GET"));
        await page.getByLabel("New quantity to add for Gamperaliya").fill("5");
        await page.getByLabel("Preorder date for Gamperaliya").fill("2027-01-15");
        await page.getByRole("button", { name: "Update Gamperaliya" }).click();
        await statusText(page, "Stock updated successfully");
        const put = api.requests.find((r) => r.method === "PUT" && r.path === "/api/books/2");
        assert.deepEqual(put?.json, { addStock: 5, preorderDate: "2027-01-15" });
        await page.getByRole("row").filter({ hasText: "Gamperaliya" }).getByRole("cell", {
          name: "8",
          exact: true,
        }).waitFor();
        assert.equal(
          await page.getByLabel("New quantity to add for Gamperaliya").inputValue(),
          "",
        );
      });
    });

    for (const width of [375, 1280]) {
      await t.step(`every admin page fits a ${width}px screen`, async () => {
        const seed = (api: FakeShopApi) => {
          seedCatalogue(api);
          api.orders = [order(2), order(1, { status: "completed" })];
        };
        await withShop(rig, seed, async (page, _api, url) => {
          await page.goto(`${url}/admin`);
          await page.getByRole("heading", { name: "Admin Login" }).waitFor();
          await page.screenshot({ path: `${ARTIFACTS}login-${width}.png`, fullPage: true });
          await logIn(page, url);
          for (const name of ["dashboard", "orders", "stock"]) {
            await page.goto(`${url}/admin/${name}`);
            await page.locator(".loading").first().waitFor({ state: "detached" });
            await page.waitForLoadState("networkidle");
            await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
            const overflow = await page.evaluate(() =>
              document.documentElement.scrollWidth - document.documentElement.clientWidth
            );
            assert.equal(overflow, 0, `${name} scrolls sideways at ${width}px`);
          }
        }, width);
      });
    }
  } finally {
    await rig.browser.close();
    await Deno.remove(rig.bundle.dir, { recursive: true });
  }
});
