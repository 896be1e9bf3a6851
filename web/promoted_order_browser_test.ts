/**
 * An order placed under a campaign, a free-delivery offer and a code, on the customer's
 * order page (en and si) and on the admin's order page, in a real Chromium at 375px and
 * 1280px: each line's usual price struck and its savings by source, the code, free delivery and
 * the Savings; the page keeps within a phone's width. Screenshots go to
 * test-artifacts/promotions/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { visit } from "../tests/e2e/harness.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { screenshotsIn, shotBothWidths, withPhonePage } from "./testing/preview_browser.ts";
import { logIn, withRig, withShop } from "./admin/testing/browser_rig.ts";
import type { AdminShop } from "./admin/testing/admin_shop.ts";
import { json, orderBody } from "../http/testing/fixture.ts";
import { priceCart } from "../domain/promotions/price_cart.ts";
import type { OrderRepository } from "../domain/ports.ts";
import type { PromotionStore } from "../domain/promotions/ports.ts";
import { centsToRupees } from "../domain/money.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("promotions");

const OPEN = { startsAt: null, endsAt: null };

/** The Book Fair on books, free delivery over LKR 1,000 and the code SCHOOL10 (LKR 100 off). */
async function addPromotions(promotions: PromotionStore): Promise<void> {
  await promotions.addCampaign({
    name: "Book Fair 2026",
    names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: OPEN,
    paused: false,
  });
  await promotions.addOffer({
    name: "Free delivery over LKR 1,000",
    names: { si: "රු. 1,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
    minItemsCents: 100_000,
    benefit: { kind: "free_delivery" },
    window: OPEN,
    paused: false,
  });
  const code = await promotions.addCode({
    code: "SCHOOL10",
    benefit: { kind: "amount", cents: 10_000 },
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: OPEN,
    paused: false,
    maxUses: null,
    maxUsesPerCustomer: null,
  });
  assert.equal(code.kind, "ok");
}

/** The checkout's body for two copies of `bookId` and a pen, priced as the shop prices it. */
async function promotedBody(
  orders: OrderRepository,
  promotions: PromotionStore,
  items: { type: "book" | "stationery"; id: number; quantity: number }[],
  locale: string,
) {
  const priced = await priceCart(
    { orders, promotions, clock: { now: () => new Date() } },
    { items, paymentMethod: "COD", code: "school10" },
  );
  assert.ok(priced.kind === "priced");
  return orderBody(items[0].id, {
    items,
    code: "school10",
    total: centsToRupees(priced.promoted.totalCents),
    locale,
  });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide}px`);
}

Deno.test("the customer's order page shows what promotions gave, in en and si, at 375 and 1280px", async () => {
  await withPhonePage(async (page, base, shop) => {
    await addPromotions(shop.promotions);
    const books = await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, {
      page: 1,
      pageSize: 20,
    });
    const book = books.items.find((b) => !b.preorder && b.stock >= 2)!;
    const pens = await shop.catalogue.listStationery({ inStock: true, outOfStock: false }, {
      page: 1,
      pageSize: 5,
    });
    const items = [
      { type: "book" as const, id: book.id, quantity: 2 },
      { type: "stationery" as const, id: pens.items[0].id, quantity: 1 },
    ];
    for (const language of ["en", "si"] as const) {
      const response = await fetch(`${base}/api/orders`, {
        ...json("POST", await promotedBody(shop.orders, shop.promotions, items, language)),
        headers: { "Content-Type": "application/json", "Accept-Language": language },
      });
      assert.equal(response.status, 201, await response.clone().text());
      const placed = await response.json();
      assert.ok(placed.saved > 0);
      const url = new URL(placed.orderUrl);
      const prefix = language === "en" ? "" : "/si";
      await visit(page, `${base}${prefix}${url.pathname}${url.search}`);
      const lines = page.locator(".order-lines");
      const totals = page.locator(".order-page .totals");
      if (language === "en") {
        await lines.getByText("Book Fair 2026 − LKR").waitFor();
        await totals.getByText("Code SCHOOL10").waitFor();
        await totals.getByText("Free delivery: Free delivery over LKR 1,000").waitFor();
        await page.locator(".order-page .saved").getByText(/^Savings: LKR /).waitFor();
      } else {
        await lines.getByText("පොත් ප්‍රදර්ශනය 2026 − LKR").waitFor();
        await totals.getByText("වට්ටම් කේතය SCHOOL10").waitFor();
        await page.locator(".order-page .saved").getByText(/^ඉතිරි කළ මුදල: LKR /).waitFor();
      }
      await noSidewaysScroll(page);
      await shotBothWidths(page, SHOTS, `order-page-${language}`);
    }
  });
});

async function seedPromotedOrder(shop: AdminShop): Promise<void> {
  await addPromotions(shop.deps.promotions!);
  const items = [
    { type: "book" as const, id: shop.ids.book, quantity: 2 },
    { type: "stationery" as const, id: shop.ids.pen, quantity: 3 },
  ];
  const response = await shop.app.request(
    "/api/orders",
    json("POST", await promotedBody(shop.deps.orders, shop.deps.promotions!, items, "en")),
  );
  assert.equal(response.status, 201, await response.text());
}

Deno.test("the admin's order page shows each line's campaign, the code, free delivery and the saving, at 375 and 1280px", async () => {
  await withRig(async (rig) => {
    for (const width of [375, 1280]) {
      await withShop(rig, seedPromotedOrder, async (page, _shop, url) => {
        await logIn(page, url);
        await page.goto(`${url}/admin/orders/1`);
        await page.getByRole("heading", { name: "Order #1" }).waitFor();
        const lines = page.locator("table.order-lines");
        await lines.getByText("Book Fair 2026 −LKR 380.00").waitFor();
        const totals = lines.locator("tfoot");
        await totals.getByText("Code SCHOOL10", { exact: true }).waitFor();
        await totals.getByText("Free delivery: Free delivery over LKR 1,000").waitFor();
        await totals.getByText(/^Savings: LKR /).waitFor();
        await noSidewaysScroll(page);
        await page.screenshot({ path: `${SHOTS}admin-order-${width}.png`, fullPage: true });
      }, { width });
    }
  });
});
