/**
 * The customer's order page renders the order's breakdown: each line's usual price struck
 * and named for screen readers above the price paid, every saving by its source in the
 * page's language (English when it has none there), then Items, the savings, free
 * delivery, the order total and the Savings; the notes still follow the payment status. A page of an order without
 * promotions shows none of it. Rendered on the server by the web build.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import type { Order } from "../../domain/orders/model.ts";
import {
  promotedOrder,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../domain/notifications/testing/samples.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

async function pageText(order: Order): Promise<string> {
  const pages = pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    customerOrder: (id, key) =>
      Promise.resolve(id === order.id && key === "k" ? customerOrderView(order) : undefined),
  });
  const prefix = order.locale === "en" ? "" : `/${order.locale}`;
  const response = await pages.request(`${prefix}/orders/${order.id}?key=k`);
  assert.equal(response.status, 200);
  const page = (await response.text()).replaceAll("<!-- -->", "");
  const main = /<main[^>]*>(.*?)<\/main>/s.exec(page)?.[1] ?? page;
  return main.replace(/<script.*?<\/script>/gs, "").replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'").replace(/\s+/g, " ");
}

Deno.test("the order page shows each line's usual price, every saving by its source and its price paid, then the breakdown's rows", async () => {
  const text = await pageText(promotedOrder());
  for (
    const expected of [
      "To pay LKR 2,851.50",
      "Madol Doova LKR 1,250.00 each Sale price − LKR 500.00 Book Fair 2026 − LKR 400.00 " +
      "Code SCHOOL10 − LKR 60.00 2 Usual price: LKR 2,500.00 Price paid: LKR 1,540.00",
      "Items LKR 3,851.50 Sale price − LKR 500.00 Book Fair 2026 − LKR 400.00 " +
      "Code SCHOOL10 − LKR 100.00 Free delivery: Free delivery over LKR 2,000 LKR 0.00 " +
      "Order total LKR 2,851.50 Savings: LKR 1,000.00",
    ]
  ) {
    assert.ok(text.includes(expected), `${expected} in ${text}`);
  }
});

Deno.test("a Sinhala order page names every figure, the campaign and the offer in Sinhala, paid or cancelled", async () => {
  const paid = await pageText(promotedOrder({
    locale: "si",
    status: "completed",
    paymentStatus: "paid",
  }));
  for (
    const expected of [
      "සාමාන්‍ය මිල: LKR 2,500.00 ගෙවන මිල: LKR 1,540.00",
      "භාණ්ඩ LKR 3,851.50 විශේෂ මිල − LKR 500.00",
      "පොත් ප්‍රදර්ශනය 2026 − LKR 400.00",
      "වට්ටම් කේතය SCHOOL10 − LKR 100.00",
      "නොමිලේ බෙදාහැරීම: රු. 2,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම",
      "ඇණවුමේ මුළු මුදල LKR 2,851.50 ගෙවූ මුදල − LKR 2,851.50 ගෙවිය යුතු මුදල LKR 0.00",
      "ඉතිරි කළ මුදල: LKR 1,000.00",
    ]
  ) {
    assert.ok(paid.includes(expected), `${expected} in ${paid}`);
  }
  const cancelled = await pageText(promotedOrder({ locale: "si", status: "rejected" }));
  assert.ok(cancelled.includes("ඇණවුමේ මුළු මුදල LKR 2,851.50"), cancelled);
  assert.ok(!cancelled.includes("ගෙවිය යුතු මුදල LKR 2,851.50"), cancelled);
});

Deno.test("an order page without promotions shows no struck price, code or saving", async () => {
  const text = await pageText(sampleOrder());
  assert.ok(text.includes("LKR 1,250.00 each"), text);
  assert.ok(
    text.includes("Items LKR 3,851.50 Delivery fee LKR 500.00 Order total LKR 4,351.50"),
    text,
  );
  for (const absent of ["Usual price", "Savings", "Code ", "Free delivery"]) {
    assert.ok(!text.includes(absent), `${absent} in ${text}`);
  }
});
