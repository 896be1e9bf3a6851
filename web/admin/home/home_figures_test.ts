import assert from "node:assert/strict";
import { json, orderBody, testApp } from "../../../http/testing/fixture.ts";
import { filtersFromSearch } from "../orders/orders.ts";
import { figurePath, last30DaysSearch, ORDER_FIGURES, todayReportSearch } from "./home_figures.ts";

Deno.test("each order figure's link opens the Orders page on the very filters the figure counts", () => {
  for (const figure of ORDER_FIGURES) {
    const url = new URL(figurePath(figure), "http://shop.example");
    assert.equal(url.pathname, "/admin/orders");
    assert.deepEqual(filtersFromSearch(url.search), figure.filters, figure.key);
  }
});

Deno.test("the home's money is the report of today and its chart the last 30 days, in Colombo days", () => {
  // 20:00 UTC on 2 March is already 3 March in Sri Lanka.
  const now = new Date("2026-03-02T20:00:00Z");
  assert.equal(todayReportSearch(now), "?from=2026-03-03&to=2026-03-03&grain=day");
  assert.equal(last30DaysSearch(now), "?from=2026-02-02&to=2026-03-03&grain=day");
});

Deno.test("the home's order figures, counted by their lists, equal the Orders page's counts and the report's day", async () => {
  const t = await testApp();
  const place = async (method: string) => {
    const one = {
      total: 950,
      paymentMethod: method,
      items: [{ id: t.ids.book, quantity: 1, type: "book" }],
    };
    const response = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, one)));
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()).orderId as number;
  };
  const cod = await place("COD");
  await place("COD");
  const deposit = await place("Bank Deposit");
  await t.asAdmin(`/api/orders/${cod}/payment`, json("PUT", { status: "paid" }));
  await t.asAdmin("/api/orders/status", json("PUT", { id: deposit, status: "rejected" }));
  const count = async (key: string) => {
    const figure = ORDER_FIGURES.find((f) => f.key === key)!;
    const query = new URL(figurePath(figure), "http://x").search;
    return (await (await t.asAdmin(`/api/orders${query}&pageSize=1`)).json()).total as number;
  };
  const stats = (await (await t.asAdmin("/api/orders/stats")).json()).data;
  assert.equal(await count("to-confirm"), stats.pending);
  assert.equal(await count("slips"), stats.proofsToCheck);
  assert.equal(await count("to-pack-cod"), 2);
  const report =
    (await (await t.asAdmin(`/api/reports/sales${todayReportSearch(t.deps.clock.now())}`))
      .json()).data;
  assert.equal(stats.today.orders, report.totals.current.orders);
  assert.equal(stats.today.takings, report.totals.current.takings);
});
