/**
 * The sales report in a real Chromium against the shop's real HTTP app (in-memory
 * adapters), over 30 days of seeded orders: the figures as the API answers them, charts
 * that are images with titles and tables beside them, presets and grains kept in the URL,
 * a CSV download, refused ranges, the empty state and the spinner; screenshots at 375 and
 * 1280 px in test-artifacts/admin/.
 */
import { downloadedText } from "../../../tests/support/page_checks.ts";
import { gate } from "../../../tests/support/eventually.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { alertText, ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";
import type { AdminShop } from "../testing/admin_shop.ts";
import { seedCatalogue } from "../testing/shop_seeds.ts";
import { aLine, aPlacement } from "../../../adapters/postgres/testing/builders.ts";
import { planPaymentChange } from "../../../domain/orders/payment.ts";
import { PAYMENT_METHODS } from "../../../domain/orders/model.ts";
import { paysOnline } from "../../../domain/orders/payment_policy.ts";
import { planTransition } from "../../../domain/orders/plans.ts";
import { colomboDate } from "../../../domain/orders/order_query.ts";
import { addDays } from "../../../domain/reports/range.ts";
import { formatRupees } from "../format.ts";

const DAY = 86_400_000;

/**
 * 45 days of orders (the last 30 days and half the 30 before them): every method, most
 * paid, some rejected, the old unpaid ones lapsed.
 */
async function seedOrders(shop: AdminShop): Promise<void> {
  await seedCatalogue(shop);
  const books = (await shop.catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  })).items.filter((book) => book.title.startsWith("Book "));
  const now = shop.clock.now().getTime();
  for (let d = 0; d < 45; d++) {
    const book = books[d % 9];
    const orderDate = new Date(now - d * DAY - 3_600_000).toISOString();
    const paymentMethod = PAYMENT_METHODS[d % PAYMENT_METHODS.length];
    const placed = await shop.orders.place(
      aPlacement([aLine(book, "book", 1 + (d % 2))], { paymentMethod, orderDate }),
    );
    if (placed.kind !== "placed") throw new Error(`order ${d}: ${placed.kind}`);
    const order = placed.order;
    if (d % 7 === 3) {
      const planned = planTransition(order, "rejected", { at: orderDate, actor: "admin" });
      if (planned.kind !== "ok") throw new Error("reject");
      await shop.orders.changeStatus(planned.plan);
    } else if (d % 4 !== 1) {
      const actor = paysOnline(paymentMethod) ? "system" : "admin";
      const at = new Date(Date.parse(orderDate) + 600_000).toISOString();
      const planned = planPaymentChange(order, { to: "paid", actor, at, note: null });
      if (planned.kind !== "ok") throw new Error("pay");
      await shop.orders.changePayment(planned.plan);
    }
  }
  await shop.orders.lapseDue(new Date(now).toISOString(), 100);
}

async function openReports(page: Page, url: string, query = ""): Promise<void> {
  await page.goto(`${url}/admin/reports${query}`);
  await page.getByRole("heading", { name: "Sales reports" }).waitFor();
  await page.locator(".report-body").waitFor();
}

/** No part of the page is wider than the screen. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px screen`);
  const charts = await page.locator(".chart svg").evaluateAll((svgs) =>
    svgs.map((svg) => svg.getBoundingClientRect().right)
  );
  assert.ok(charts.length >= 9, `${charts.length} charts`);
  for (const right of charts) assert.ok(right <= width, `a chart reaches ${right} px`);
}

Deno.test("admin sales reports", async (t) => {
  await withRig(async (rig) => {
    await t.step(
      "the last 30 days by day: the API's figures, charts with titles and tables",
      async () => {
        await withShop(rig, seedOrders, async (page, shop, url) => {
          await openReports(page, url);
          const today = colomboDate(shop.clock.now());
          const from = addDays(today, -29);
          assert.equal(
            new URL(page.url()).search,
            "",
            "the page opens on the last 30 days without a query",
          );
          const answer = await shop.asAdmin(
            `/api/reports/sales?from=${from}&to=${today}&grain=day`,
          );
          const report = (await answer.json()).data;
          assert.ok(report.totals.current.paid_orders > 10);
          const takings = page.locator(".report-card").filter({ hasText: "Takings" });
          await takings.getByText(formatRupees(report.totals.current.takings)).waitFor();
          const lapse = page.locator(".report-card").filter({ hasText: "Lapse rate" });
          await lapse.getByText(`${report.totals.current.lapsed} lapsed unpaid`).waitFor();
          assert.ok(report.totals.current.lapsed > 0, "old unpaid deposits lapsed");
          // Each chart is an image titled by what it shows.
          const title = await page.getByRole("img", { name: /Takings per day/ }).textContent();
          assert.match(title ?? "", /in this range/);
          await page.getByRole("img", { name: /Share of orders placed by payment method/ })
            .waitFor();
          // Its figures as a table: one row a day.
          await page.getByText("Table: Takings").click();
          const rows = page.getByRole("region", { name: "Takings and orders per day" })
            .locator("tbody tr");
          assert.equal(await rows.count(), 30);
          // The best sellers' table sorts by its headers.
          await page.getByText("Table: Best sellers").click();
          const best = page.getByRole("region", { name: "Best sellers" });
          const firstTitle = report.sellers.by_units.best[0].title;
          assert.equal(
            await best.locator("tbody tr").first().locator("td").first().textContent(),
            firstTitle,
          );
          await page.getByText("No cost price", { exact: false }).waitFor();
          await page.screenshot({ path: `${ARTIFACTS}reports-1280.png`, fullPage: true });
          await fitsWidth(page, 1280);
        }, { signedIn: true });
      },
    );

    await t.step("at 375 px every chart fits the screen", async () => {
      await withShop(rig, seedOrders, async (page, _shop, url) => {
        await openReports(page, url);
        await fitsWidth(page, 375);
        await page.screenshot({ path: `${ARTIFACTS}reports-375.png`, fullPage: true });
        await page.locator(".report-section").first().screenshot({
          path: `${ARTIFACTS}reports-375-takings.png`,
        });
      }, { signedIn: true, width: 375 });
    });

    await t.step("presets and grains are kept in the URL; a table downloads as CSV", async () => {
      await withShop(rig, seedOrders, async (page, _shop, url) => {
        await openReports(page, url);
        await page.getByRole("button", { name: "This year" }).click();
        await page.waitForURL(/from=\d{4}-01-01/);
        await page.getByLabel("Per", { exact: true }).selectOption("month");
        await page.waitForURL(/grain=month/);
        await page.getByRole("img", { name: /Takings per month/ }).waitFor();
        assert.equal(
          await page.getByRole("button", { name: "This year" }).getAttribute("aria-pressed"),
          "true",
        );
        const download = page.waitForEvent("download");
        await page.getByRole("button", { name: "CSV: Best sellers" }).click();
        const file = await download;
        assert.match(
          file.suggestedFilename(),
          /^report-products-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/,
        );
        const text = await downloadedText(file);
        assert.match(text, /^\uFEFFstore,id,title,category,language,units,sales\r\n/);
        assert.match(text, /Madol Doova|Book \d+/);
      }, { signedIn: true });
    });

    await t.step("a reversed range is refused on the page; a quiet range says so", async () => {
      await withShop(rig, seedOrders, async (page, _shop, url) => {
        await openReports(page, url, "?from=2020-01-01&to=2020-01-31&grain=week");
        await page.getByRole("status").filter({ hasText: "No orders were placed or paid" })
          .waitFor();
        await page.getByRole("heading", { name: "Stock on hand" }).waitFor();
        await page.getByLabel("From").fill("2020-02-15");
        await alertText(page, "The last day must not be before the first.");
        assert.match(page.url(), /from=2020-01-01/, "a refused range is not asked for");
      }, { signedIn: true });
    });

    await t.step("a spinner while the report loads, and the server's refusal said", async () => {
      await withShop(rig, seedOrders, async (page, _shop, url) => {
        // The report is held until its spinner has been seen.
        const loading = gate();
        await page.route("**/api/reports/sales?*", async (route) => {
          await loading.wait();
          await route.continue();
        });
        await page.goto(`${url}/admin/reports`);
        await page.getByRole("img", { name: "Loading the report" }).waitFor();
        loading.open();
        await page.locator(".report-summary").waitFor();
        await page.unroute("**/api/reports/sales?*");
        await page.route("**/api/reports/sales?*", (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({
              error: { code: "UNAVAILABLE", message: "The database is restarting" },
            }),
          }));
        await page.getByRole("button", { name: "Last month" }).click();
        await alertText(page, "Could not load the report");
      }, { signedIn: true });
    });
  });
});
