import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { SalesReportSchema } from "../../contract/reports.ts";
import { REPORT_TABLES } from "../../contract/reports.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

/** Two orders on 1 March (COD, 2 copies each); the first paid the same day. */
async function twoOrders(t: TestApp): Promise<number[]> {
  const ids: number[] = [];
  for (const email of ["nimal@example.lk", "kumari@example.lk"]) {
    const placed = await body(
      await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { email }))),
      201,
    );
    ids.push(placed.orderId);
  }
  await body(
    await t.asAdmin(`/api/orders/${ids[0]}/payment`, json("PUT", { status: "paid" })),
    200,
  );
  return ids;
}

const MARCH = "from=2026-03-01&to=2026-03-31";

Deno.test("GET /api/reports/sales answers the report in rupees and percent, as its schema says", async () => {
  const t = await testApp();
  await twoOrders(t);
  const answer = await body(await t.asAdmin(`/api/reports/sales?${MARCH}&grain=week`), 200);
  const report = SalesReportSchema.parse(answer.data);
  assert.deepEqual(report.range, { from: "2026-03-01", to: "2026-03-31" });
  assert.deepEqual(report.previous_range, { from: "2026-01-29", to: "2026-02-28" });
  // 2 copies at LKR 950 and the COD fee of LKR 400 for 0.7 kg.
  assert.deepEqual(report.totals.current, {
    orders: 2,
    paid_orders: 1,
    takings: 2300,
    delivery_fees: 400,
    average_order: 2300,
    lapsed: 0,
    rejected: 0,
    lapse_rate: 0,
    rejection_rate: 0,
  });
  assert.equal(report.periods[0].takings, 2300, "1 March is a Sunday: a week of its own");
  assert.equal(report.periods.length, 6);
  const cod = report.payment_methods.find((m) => m.method === "COD");
  assert.equal(cod?.orders_share, 100);
  assert.deepEqual(
    report.sellers.by_units.best.map((p) => [p.title, p.units, p.sales]),
    [["Madol Doova", 4, 3800]],
  );
  assert.equal(report.stock.cost_recorded, false);
  assert.equal(report.idle.days, 90, "90 days unless asked");
});

Deno.test("a report's range may not be reversed, longer than five years or unreadable; its grain and spell are checked: 400", async () => {
  const t = await testApp();
  const bad = [
    ["from=2026-03-31&to=2026-03-01", "to", "must not be before from"],
    ["from=2021-03-01&to=2026-03-01", "to", "at most 5 years: end on 2026-02-28 at the latest"],
    ["from=2026-03-01&to=2026-03-31&grain=year", "grain", "must be one of day, week, month"],
    ["from=2026-02-30&to=2026-03-31", "from", "must be a real calendar date"],
    ["from=2026-03-01", "to", ""],
    ["to=2026-03-01", "from", ""],
    ["from=1%20March&to=2026-03-31", "from", "YYYY-MM-DD"],
    [`${MARCH}&idleDays=0`, "idleDays", "at least 1"],
    [`${MARCH}&idleDays=3651`, "idleDays", "at most 3650"],
    [`${MARCH}&idleDays=ten`, "idleDays", "whole number"],
  ];
  for (const [query, field, message] of bad) {
    for (const path of ["/api/reports/sales", "/api/reports/sales/periods"]) {
      const refused = await body(await t.asAdmin(`${path}?${query}`), 400);
      assert.equal(refused.error.code, "VALIDATION_FAILED", query);
      const problem = refused.error.details.find((d: { field: string }) => d.field === field);
      assert.ok(problem, `${query}: ${JSON.stringify(refused.error.details)}`);
      assert.ok(problem.message.includes(message), `${query}: ${problem.message}`);
    }
  }
  const table = await body(await t.asAdmin(`/api/reports/sales/orders?${MARCH}`), 400);
  assert.equal(table.error.details[0].field, "table");
  // Five years to the day before is the longest range.
  await body(await t.asAdmin("/api/reports/sales?from=2021-03-01&to=2026-02-28&grain=month"), 200);
});

Deno.test("the report is the owner's: no token 401, a customer's 403", async () => {
  const t = await testApp();
  for (const path of [`/api/reports/sales?${MARCH}`, `/api/reports/sales/products?${MARCH}`]) {
    assert.equal((await t.app.request(path)).status, 401);
    const customer = await t.app.request(path, {
      headers: { Authorization: `Bearer ${t.customerToken}` },
    });
    assert.equal(customer.status, 403);
  }
});

Deno.test("each table of the report is a CSV file with its header and rows", async () => {
  const t = await testApp();
  await twoOrders(t);
  const headers: Record<string, string> = {};
  for (const table of REPORT_TABLES) {
    const response = await t.asAdmin(`/api/reports/sales/${table}?${MARCH}&grain=month`);
    assert.equal(response.status, 200, table);
    assert.match(response.headers.get("Content-Type") ?? "", /^text\/csv/);
    assert.match(
      response.headers.get("Content-Disposition") ?? "",
      new RegExp(`report-${table}-2026-03-01-2026-03-31`),
    );
    const rows: string[][] = parse(await response.text(), { bom: true });
    headers[table] = rows[0].join(",");
    if (table === "periods") {
      assert.deepEqual(rows[1], [
        "2026-03-01",
        "2026-03-31",
        "2",
        "1",
        "2300.00",
        "2026-01-29",
        "2026-02-28",
        "0",
        "0",
        "0.00",
      ]);
    }
    if (table === "products") {
      assert.deepEqual(rows.slice(1), [[
        "book",
        String(t.ids.book),
        "Madol Doova",
        "Novels",
        "Sinhala",
        "4",
        "3800.00",
      ]]);
    }
    if (table === "payment-methods") {
      assert.deepEqual(rows.slice(1).map((r) => r[0]), [
        "Cash on Delivery",
        "Bank Deposit",
        "Card (PayHere)",
        "Koko (3 instalments)",
      ]);
    }
    if (table === "idle") {
      // Gamperaliya (3 in stock) and the pen never sold; Madol Doova did.
      assert.deepEqual(rows.slice(1).map((r) => r[2]).sort(), ["Atlas pen, blue", "Gamperaliya"]);
    }
  }
  assert.equal(headers.stock, "store,category,products,units,valueAtPrice");
});

Deno.test("gift vouchers are counted apart from takings: sold, redeemed and given back, and an order a voucher paid in part takes only the rest", async () => {
  const t = await testApp();
  const issued = await body(
    await t.asAdmin("/api/vouchers", json("POST", { amount: 1000, expiresOn: "2026-12-31" })),
    201,
  );
  const placed = await body(
    await t.app.request(
      "/api/orders",
      json("POST", {
        ...orderBody(t.ids.book),
        voucher: { code: issued.data.code, amount: 1000 },
      }),
    ),
    201,
  );
  await body(
    await t.asAdmin(`/api/orders/${placed.orderId}/payment`, json("PUT", { status: "paid" })),
    200,
  );
  const report = SalesReportSchema.parse(
    (await body(await t.asAdmin(`/api/reports/sales?${MARCH}`), 200)).data,
  );
  assert.equal(report.totals.current.takings, 1300, "LKR 2,300 less the voucher's 1,000");
  assert.deepEqual(report.vouchers.current, {
    sold: 1,
    sold_amount: 1000,
    redeemed: 1000,
    returned: 0,
  });
  assert.deepEqual(report.vouchers.previous, {
    sold: 0,
    sold_amount: 0,
    redeemed: 0,
    returned: 0,
  });
});
