/**
 * Orders and stock in a real Chromium against the shop's real HTTP app (in-memory
 * adapters; orders placed at the checkout's route), and every admin page at phone and
 * desktop widths (screenshots land in test-artifacts/admin/).
 */
import { downloadedText } from "../../tests/support/page_checks.ts";
import assert from "node:assert/strict";
import { ARTIFACTS, logIn, statusText, withRig, withShop } from "./testing/browser_rig.ts";
import type { AdminShop } from "./testing/admin_shop.ts";
import {
  bookId,
  markPaid,
  moveOrder,
  placeOrder,
  seedCatalogue,
  sendDepositSlip,
} from "./testing/shop_seeds.ts";

/** Two copies of the book with this title. */
async function twoOf(shop: AdminShop, title: string) {
  return [{ id: await bookId(shop, title), quantity: 2 }];
}

Deno.test("admin orders, stock and layout", async (t) => {
  await withRig(async (rig) => {
    await t.step(
      "an order opens from the table; Confirm and Reject ask first and take a courier or a reason",
      async () => {
        const seed = async (shop: AdminShop) => {
          await seedCatalogue(shop);
          // The completed order's items come to LKR 2,500.50.
          await shop.catalogue.updateBook(await bookId(shop, "Book 4"), { priceCents: 125_025 });
          const placed = [
            await placeOrder(shop, { books: await twoOf(shop, "Book 5") }),
            await placeOrder(shop, { books: await twoOf(shop, "Book 4") }),
            await placeOrder(shop, { books: await twoOf(shop, "Book 3") }),
            await placeOrder(shop, { books: await twoOf(shop, "Book 6") }),
          ];
          assert.deepEqual(placed.map((o) => o.id), [1, 2, 3, 4]);
          await moveOrder(shop, 2, "completed");
          await moveOrder(shop, 1, "rejected");
        };
        await withShop(rig, seed, async (page, shop, url) => {
          await logIn(page, url);
          await page.getByRole("link", { name: "Orders", exact: true }).click();
          await page.getByRole("heading", { name: "All Orders" }).waitFor();
          await page.locator("p.stat", { hasText: "LKR 2,500.50" }).waitFor();
          await page.getByText("Page 1 of 1 (4 in all)").waitFor();
          const low = page.getByRole("region", { name: /^Low stock/ });
          await low.getByRole("link", { name: "Gamperaliya" }).waitFor();
          await low.getByText("3 left").waitFor();
          assert.equal(await low.getByRole("link", { name: "Atlas pen, blue" }).count(), 0);
          await page.getByRole("link", { name: "#3", exact: true }).click();
          await page.getByRole("heading", { name: "Order #3" }).waitFor();
          assert.equal(new URL(page.url()).pathname, "/admin/orders/3");
          // Two copies at LKR 950, and LKR 400 for delivery by COD.
          await page.getByRole("cell", { name: "LKR 1,900.00" }).first().waitFor();
          await page.getByRole("row", { name: /^Order total/ }).getByText("LKR 2,300.00").waitFor();
          await page.getByRole("button", { name: "Confirm" }).click();
          const ask = page.getByRole("dialog", { name: "Confirm order" });
          await ask.getByText(/is mailed that it is on its way/).waitFor();
          await ask.getByRole("button", { name: "Cancel" }).click();
          assert.equal((await shop.orders.findById(3))?.status, "pending");
          await page.getByRole("button", { name: "Confirm" }).click();
          await ask.getByLabel("Courier (optional)").fill("Pronto Lanka");
          await ask.getByLabel("Tracking number (optional)").fill("PX-7781");
          const confirmSlip = page.waitForEvent("download");
          await ask.getByRole("button", { name: "Confirm" }).click();
          assert.equal((await confirmSlip).suggestedFilename(), "order-3.pdf");
          await statusText(page, "Order completed");
          const completed = await shop.orders.findById(3);
          assert.deepEqual(
            [completed?.status, completed?.courier, completed?.trackingNumber],
            ["completed", "Pronto Lanka", "PX-7781"],
          );
          const confirmed = shop.requests.find((r) => r.path === "/api/orders/status");
          assert.deepEqual(confirmed?.json, {
            id: 3,
            status: "completed",
            courier: "Pronto Lanka",
            trackingNumber: "PX-7781",
          });
          const slip = page.waitForEvent("download");
          await page.getByRole("button", { name: "Download order slip (PDF)" }).click();
          assert.equal((await slip).suggestedFilename(), "order-3.pdf");
          await page.goto(`${url}/admin/orders/4`);
          await page.getByRole("button", { name: "Reject" }).click();
          const rejectAsk = page.getByRole("dialog", { name: "Reject order" });
          await rejectAsk.getByLabel("Reason, told to the customer (optional)").fill(
            "Out of print",
          );
          await rejectAsk.getByRole("button", { name: "Reject" }).click();
          await statusText(page, "Order rejected");
          assert.equal((await shop.orders.findById(4))?.status, "rejected");
          const rejected = shop.requests.filter((r) => r.path === "/api/orders/status").at(-1);
          assert.deepEqual(rejected?.json, { id: 4, status: "rejected", reason: "Out of print" });
          assert.equal(await page.getByRole("button", { name: "Mark paid" }).count(), 0);
          await page.goto(`${url}/admin/orders/99`);
          await page.getByText("Could not load order #99").waitFor();
        });
      },
    );

    await t.step(
      "an order is found by phone and payment, noted, marked paid, and the list exported as filtered",
      async () => {
        // Kamal's Bank Deposit order with a slip to check, Dilani's COD order, a rejected one
        // on Dilani's phone, and Kamal's COD order, paid.
        const seed = async (shop: AdminShop) => {
          const book = [{ id: shop.ids.book, quantity: 1 }];
          const kamal = { name: "Kamal Silva", email: "kamal@example.lk", phone: "071 555 0101" };
          const withSlip = await placeOrder(shop, {
            books: book,
            ...kamal,
            paymentMethod: "Bank Deposit",
          });
          await sendDepositSlip(shop, withSlip);
          await placeOrder(shop, {
            books: book,
            name: "Dilani Jayasuriya",
            email: "dilani@example.lk",
            phone: "077 444 5566",
          });
          const rejected = await placeOrder(shop, { books: book, phone: "077 444 5566" });
          await moveOrder(shop, rejected.id, "rejected");
          const paid = await placeOrder(shop, { books: book, ...kamal });
          await markPaid(shop, paid.id);
          assert.deepEqual([withSlip.id, rejected.id, paid.id], [1, 3, 4]);
        };
        for (const width of [375, 1280]) {
          await withShop(rig, seed, async (page, shop, url) => {
            await logIn(page, url);
            await page.getByRole("link", { name: "Orders", exact: true }).click();
            await page.getByRole("heading", { name: "All Orders" }).waitFor();
            const summary = page.locator(".order-summary");
            await summary.locator("div", { hasText: "Awaiting payment" }).getByText("2").waitFor();
            await summary.locator("div", { hasText: "Deposit slips to check" }).getByText("1")
              .waitFor();
            await page.getByLabel("Find an order").fill("+94 71 5550101");
            await page.getByRole("link", { name: "#2", exact: true }).waitFor({
              state: "detached",
            });
            await page.getByRole("link", { name: "#4", exact: true }).waitFor();
            await page.getByLabel("Payment", { exact: true }).selectOption("proof_submitted");
            await page.getByRole("link", { name: "#4", exact: true }).waitFor({
              state: "detached",
            });
            await page.getByRole("link", { name: "#1", exact: true }).waitFor();
            const listUrl = new URL(page.url());
            assert.equal(listUrl.searchParams.get("q"), "+94 71 5550101");
            assert.equal(listUrl.searchParams.get("paymentStatus"), "proof_submitted");
            await page.screenshot({
              path: `${ARTIFACTS}orders-search-${width}.png`,
              fullPage: true,
            });
            const csv = page.waitForEvent("download");
            await page.getByRole("button", { name: "Export CSV" }).click();
            const exported = await csv;
            assert.equal(exported.suggestedFilename(), "orders.csv");
            const text = await downloadedText(exported);
            // One row per order line: the order's number first, its customer's name later on.
            assert.match(text, /^1,[^\r\n]*,Kamal Silva,/m);
            assert.doesNotMatch(text, /^4,/m, "the export takes the filters");
            const exportQuery = shop.requests.find((r) => r.path === "/api/orders/export")?.query;
            assert.equal(exportQuery?.q, "+94 71 5550101");
            assert.equal(exportQuery?.paymentStatus, "proof_submitted");

            // A reload keeps the filters.
            await page.reload();
            await page.getByRole("link", { name: "#1", exact: true }).waitFor();
            assert.equal(await page.getByLabel("Find an order").inputValue(), "+94 71 5550101");
            assert.equal(await page.getByRole("link", { name: "#4", exact: true }).count(), 0);

            await page.getByRole("link", { name: "#1", exact: true }).click();
            await page.getByRole("heading", { name: "Order #1" }).waitFor();
            await page.getByText("Deposit slip to check").waitFor();
            const proof = page.waitForEvent("download");
            await page.getByRole("button", { name: "Download deposit slip 1 (PDF)" }).click();
            // Named "1" as the page numbers it, whatever the shop's id of the upload.
            assert.equal((await proof).suggestedFilename(), "order-1-deposit-slip-1.pdf");
            // A slip to check is no payment: nothing offers to mark the order unpaid.
            assert.equal(await page.getByRole("button", { name: "Mark unpaid" }).count(), 0);
            await page.getByRole("button", { name: "Slip not valid" }).waitFor();
            await page.getByLabel("Add a note").fill("Slip matches the bank statement");
            await page.getByRole("button", { name: "Add note" }).click();
            await statusText(page, "Note added");
            await page.getByText("Slip matches the bank statement").waitFor();
            assert.equal(await page.getByLabel("Add a note").inputValue(), "");
            await page.getByRole("button", { name: "Mark paid" }).click();
            await statusText(page, "Payment recorded for order #1");
            await page.getByText("Marked paid by Admin").waitFor();
            assert.equal(await page.getByRole("button", { name: "Mark paid" }).count(), 0);
            await page.getByRole("button", { name: "Mark unpaid" }).waitFor();
            assert.equal((await shop.orders.findById(1))?.paymentStatus, "paid");
            await page.screenshot({
              path: `${ARTIFACTS}order-detail-${width}.png`,
              fullPage: true,
            });

            await page.getByRole("link", { name: "← Back to orders" }).click();
            await page.getByRole("heading", { name: "All Orders" }).waitFor();
            assert.equal(new URL(page.url()).searchParams.get("paymentStatus"), "proof_submitted");
            await page.getByText("No orders match").waitFor();
            const overflow = await page.evaluate(() =>
              document.documentElement.scrollWidth - document.documentElement.clientWidth
            );
            assert.equal(overflow, 0, `orders scroll sideways at ${width}px`);
          }, width);
        }
      },
    );

    await t.step("the list pages on the server and a reload keeps the page", async () => {
      const seed = async (shop: AdminShop) => {
        await shop.catalogue.updateBook(shop.ids.book, { stock: 100 });
        for (let i = 0; i < 25; i++) {
          await placeOrder(shop, { books: [{ id: shop.ids.book, quantity: 1 }] });
        }
      };
      await withShop(rig, seed, async (page, shop, url) => {
        await logIn(page, url);
        await page.goto(`${url}/admin/orders`);
        await page.getByText("Page 1 of 2 (25 in all)").waitFor();
        await page.getByRole("button", { name: "Next" }).click();
        await page.getByText("Page 2 of 2 (25 in all)").waitFor();
        await page.getByRole("link", { name: "#5", exact: true }).waitFor();
        assert.equal(await page.getByRole("link", { name: "#6", exact: true }).count(), 0);
        assert.equal(new URL(page.url()).searchParams.get("page"), "2");
        await page.reload();
        await page.getByText("Page 2 of 2 (25 in all)").waitFor();
        const asked = shop.requests.filter((r) => r.path === "/api/orders").at(-1);
        assert.equal(asked?.query.page, "2");
        assert.equal(asked?.query.pageSize, "20");
        await page.getByLabel("Status").selectOption("completed");
        await page.getByText("No orders match").waitFor();
        assert.equal(
          new URL(page.url()).searchParams.get("page"),
          null,
          "a filter starts at page 1",
        );
      });
    });

    await t.step("stock adds quantities with addStock and searches on the server", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        await logIn(page, url);
        await page.getByRole("link", { name: "Stock", exact: true }).click();
        await page.getByRole("heading", { name: "Stock Management" }).waitFor();
        await page.getByLabel("Search by title").fill("gamper");
        await page.getByRole("cell", { name: "Madol Doova", exact: true }).waitFor({
          state: "detached",
        });
        assert.ok(shop.requests.some((r) => r.path === "/api/books" && r.method === "GET"));
        await page.getByLabel("New quantity to add for Gamperaliya").fill("5");
        await page.getByLabel("Preorder date for Gamperaliya").fill("2027-01-15");
        await page.getByRole("button", { name: "Update Gamperaliya" }).click();
        await statusText(page, "Saved: 5 copies added to stock, expected 2027-01-15");
        const gamperaliya = shop.ids.preorderBook;
        const put = shop.requests.find((r) =>
          r.method === "PUT" && r.path === `/api/books/${gamperaliya}`
        );
        assert.deepEqual(put?.json, { addStock: 5, preorderDate: "2027-01-15" });
        const changed = await shop.catalogue.findBook(gamperaliya);
        assert.deepEqual([changed?.stock, changed?.preorderDate], [8, "2027-01-15"]);
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
        const seed = async (shop: AdminShop) => {
          await seedCatalogue(shop);
          const completed = await placeOrder(shop, { books: await twoOf(shop, "Book 3") });
          await placeOrder(shop, { books: await twoOf(shop, "Book 4") });
          await moveOrder(shop, completed.id, "completed");
        };
        await withShop(rig, seed, async (page, _shop, url) => {
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
  });
});
