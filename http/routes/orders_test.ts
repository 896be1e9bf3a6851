import { colomboDate } from "../../domain/orders/order_query.ts";
import assert from "node:assert/strict";
import { json, orderBody, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

async function stockOf(t: Awaited<ReturnType<typeof testApp>>, id: number): Promise<number> {
  return (await t.catalogue.findBook(id))!.stock;
}

Deno.test("GET /api/orders/bank-details answers the configured account", async () => {
  const t = await testApp();
  assert.deepEqual(await body(await t.app.request("/api/orders/bank-details"), 200), {
    data: {
      bank_name: "Bank of Ceylon",
      bank_branch: "Mount Lavinia",
      account_name: "Pothgula",
      account_number: "0081234567",
      whatsapp_number: "+94 77 123 4567",
    },
  });
});

Deno.test("POST /api/orders places a COD order: 201 with the shop's totals, stock taken", async () => {
  const t = await testApp();
  const placed = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book))),
    201,
  );
  assert.match(placed.orderUrl, /^http:\/\/localhost:8000\/orders\/1\?key=[A-Za-z0-9_-]{43}$/);
  assert.deepEqual({ ...placed, orderUrl: undefined, breakdown: undefined }, {
    orderId: 1,
    total: 1900,
    deliveryFee: 400,
    subtotal: 2300,
    saved: 0,
    status: "pending",
    orderUrl: undefined,
    breakdown: undefined,
  });
  const b = placed.breakdown;
  assert.deepEqual([b.items, b.saving, b.delivery_fee, b.total, b.to_pay], [
    1900,
    0,
    400,
    2300,
    2300,
  ]);
  assert.equal(await stockOf(t, t.ids.book), 3);
});

Deno.test("POST /api/orders charges the Bank Deposit tier and sells a pre-order book that way", async () => {
  const t = await testApp();
  const placed = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.preorderBook, {
          total: 1200,
          paymentMethod: "Bank Deposit",
          items: [{ id: String(t.ids.preorderBook), quantity: 1, type: "book" }],
        }),
      ),
    ),
    201,
  );
  assert.deepEqual([placed.total, placed.deliveryFee, placed.subtotal], [1200, 250, 1450]);
});

Deno.test("POST /api/orders answers 422 for a pre-order book under COD", async () => {
  const t = await testApp();
  const refused = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.preorderBook, {
          total: 1200,
          items: [{ id: t.ids.preorderBook, quantity: 1, type: "book" }],
        }),
      ),
    ),
    422,
  );
  assert.equal(refused.error.code, "PREORDER_NEEDS_BANK_DEPOSIT");
  assert.equal(await stockOf(t, t.ids.preorderBook), 3);
});

Deno.test("POST /api/orders answers 409 PRICE_CHANGED with current prices and takes no stock", async () => {
  const t = await testApp();
  const refused = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { total: 2 }))),
    409,
  );
  assert.equal(refused.error.code, "PRICE_CHANGED");
  assert.deepEqual(refused.error.details, [
    { type: "book", id: t.ids.book, title: "Madol Doova", price: 950, usual_price: 950 },
  ]);
  assert.equal(await stockOf(t, t.ids.book), 5);
});

Deno.test("POST /api/orders answers 409 INSUFFICIENT_STOCK naming the lines", async () => {
  const t = await testApp();
  const refused = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 5700,
          items: [{ id: t.ids.book, quantity: 6, type: "book" }],
        }),
      ),
    ),
    409,
  );
  assert.equal(refused.error.code, "INSUFFICIENT_STOCK");
  assert.deepEqual(refused.error.details, [
    { type: "book", id: t.ids.book, title: "Madol Doova", requested: 6, available: 5 },
  ]);
});

Deno.test("POST /api/orders answers 422 for an area outside the district and for unknown items", async () => {
  const t = await testApp();
  const elsewhere = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { area: 3 }))),
    422,
  );
  assert.equal(elsewhere.error.code, "BAD_DESTINATION");
  assert.equal(elsewhere.error.details[0].field, "area");
  const wrongProvince = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { province: 2 }))),
    422,
  );
  assert.equal(wrongProvince.error.details[0].field, "district");
  const unknown = await body(
    await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book, { items: [{ id: 9999, quantity: 1, type: "book" }] })),
    ),
    422,
  );
  assert.equal(unknown.error.code, "UNKNOWN_ITEMS");
});

Deno.test("POST /api/orders refuses bad quantities, types and more than 100 lines with 400", async () => {
  const t = await testApp();
  for (
    const items of [
      [{ id: t.ids.book, quantity: 0, type: "book" }],
      [{ id: t.ids.book, quantity: -1, type: "book" }],
      [{ id: t.ids.book, quantity: 1.5, type: "book" }],
      [{ id: t.ids.book, quantity: 1, type: "magazine" }],
      [],
      Array.from({ length: 101 }, () => ({ id: t.ids.book, quantity: 1, type: "book" })),
    ]
  ) {
    const refused = await body(
      await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { items }))),
      400,
    );
    assert.equal(refused.error.code, "VALIDATION_FAILED", JSON.stringify(items).slice(0, 80));
  }
  const badEmail = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { email: "nope" }))),
    400,
  );
  assert.deepEqual(badEmail.error.details.map((d: { field: string }) => d.field), ["email"]);
});

Deno.test("POST /api/orders replays the first answer for the same Idempotency-Key and body", async () => {
  const t = await testApp();
  const headers = { "Idempotency-Key": "checkout-7f3a" };
  const first = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers)),
    201,
  );
  const again = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers));
  assert.deepEqual(await body(again, 201), first);
  assert.equal(again.headers.get("Idempotent-Replayed"), "true");
  assert.equal(await stockOf(t, t.ids.book), 3);
  const other = await body(
    await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book, { name: "Someone Else" }), headers),
    ),
    422,
  );
  assert.equal(other.error.code, "IDEMPOTENCY_MISMATCH");
  const tooLong = await body(
    await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book), { "Idempotency-Key": "k".repeat(201) }),
    ),
    400,
  );
  assert.equal(tooLong.error.details[0].field, "idempotency-key");
});

Deno.test("POST /api/orders replayed after the order was rejected answers its status now", async () => {
  const t = await testApp();
  const headers = { "Idempotency-Key": "checkout-9c1e" };
  const first = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers)),
    201,
  );
  assert.equal(first.status, "pending");
  await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: first.orderId, status: "rejected" })),
    200,
  );
  const again = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers));
  assert.equal(again.headers.get("Idempotent-Replayed"), "true");
  // The order as it is now: cancelled, so its breakdown owes nothing.
  assert.deepEqual(await body(again, 201), {
    ...first,
    status: "rejected",
    breakdown: { ...first.breakdown, owes: false, to_pay: 0 },
  });
});

Deno.test("GET /api/orders lists orders newest first, filtered by status", async () => {
  const t = await testApp();
  await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  t.clock.advance(60_000);
  await t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, { total: 950, items: [{ id: t.ids.book, quantity: 1, type: "book" }] }),
    ),
  );
  const all = await body(await t.asAdmin("/api/orders"), 200);
  assert.deepEqual(all.data.map((o: { id: number }) => o.id), [2, 1]);
  const order = all.data[1];
  assert.deepEqual(
    [
      order.status,
      order.name,
      order.province_name,
      order.area_name,
      order.total,
      order.delivery_fee,
    ],
    ["pending", "Nimal Perera", "Western", "Mount Lavinia", 1900, 400],
  );
  assert.deepEqual(order.items, [{
    id: order.items[0].id,
    type: "book",
    book_id: t.ids.book,
    title: "Madol Doova",
    isbn13: "9789550000029",
    quantity: 2,
    list_price: 950,
    price: 950,
    saving: 0,
    adjustments: [],
    line_total: 1900,
    preorder: false,
    preorder_date: null,
  }]);
  assert.deepEqual(order.adjustments, []);
  assert.deepEqual([all.page, all.pageSize, all.total], [1, 20, 2]);
  assert.deepEqual((await body(await t.asAdmin("/api/orders?status=completed"), 200)).data, []);
  await body(await t.asAdmin("/api/orders?status=shipped"), 400);
});

Deno.test("PUT /api/orders/status completes a pending order with a slip, then answers 409", async () => {
  const t = await testApp();
  await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  const done = await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "completed" })),
    200,
  );
  assert.equal(done.data.status, "completed");
  assert.equal(t.slips.rendered[0].status, "completed");
  const again = await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "rejected" })),
    409,
  );
  assert.equal(again.error.code, "INVALID_STATE");
  await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: 99, status: "rejected" })),
    404,
  );
  await body(await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "pending" })), 400);

  const slip = await t.asAdmin("/api/orders/1/slip");
  assert.equal(slip.status, 200);
  assert.equal(slip.headers.get("Content-Type"), "application/pdf");
  assert.match(new TextDecoder().decode(await slip.arrayBuffer()), /^%PDF-/);
});

Deno.test("PUT /api/orders/status rejects a pending order and returns its stock once", async () => {
  const t = await testApp();
  await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  assert.equal(await stockOf(t, t.ids.book), 3);
  await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "rejected" })),
    200,
  );
  assert.equal(await stockOf(t, t.ids.book), 5);
  await body(
    await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "rejected" })),
    409,
  );
  assert.equal(await stockOf(t, t.ids.book), 5);
});

Deno.test("GET /api/orders/{id}/slip answers 404 for an order without one", async () => {
  const t = await testApp();
  await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  const missing = await body(await t.asAdmin("/api/orders/1/slip"), 404);
  assert.equal(missing.error.code, "NOT_FOUND");
});

Deno.test("GET /api/orders/stats counts orders and sums completed items in rupees", async () => {
  const t = await testApp();
  await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  await t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, { total: 950, items: [{ id: t.ids.book, quantity: 1, type: "book" }] }),
    ),
  );
  await t.asAdmin("/api/orders/status", json("PUT", { id: 1, status: "completed" }));
  const stats = await body(await t.asAdmin("/api/orders/stats"), 200);
  assert.deepEqual(stats, {
    data: {
      completedItemsTotal: 1900,
      pending: 1,
      completed: 1,
      rejected: 0,
      awaitingPayment: 1,
      proofsToCheck: 0,
      today: { orders: 2, subtotal: 1900 + 400 + 950 + 400, paidOrders: 0, takings: 0 },
    },
  });
});

Deno.test("GET /api/orders/stats counts as today's takings the payments received today, never orders placed", async () => {
  const t = await testApp();
  const place = async (quantity: number) => {
    const response = await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 950 * quantity,
          items: [{ id: t.ids.book, quantity, type: "book" }],
        }),
      ),
    );
    assert.equal(response.status, 201);
    return (await response.json()).orderId as number;
  };
  const today = async () => (await body(await t.asAdmin("/api/orders/stats"), 200)).data.today;
  const first = await place(1);
  const second = await place(2);
  await place(1);
  assert.deepEqual(await today(), {
    orders: 3,
    subtotal: 950 + 400 + 1900 + 400 + 950 + 400,
    paidOrders: 0,
    takings: 0,
  });
  await t.asAdmin(`/api/orders/${first}/payment`, json("PUT", { status: "paid" }));
  await t.asAdmin(`/api/orders/${second}/payment`, json("PUT", { status: "paid" }));
  assert.deepEqual(await today(), {
    orders: 3,
    subtotal: 950 + 400 + 1900 + 400 + 950 + 400,
    paidOrders: 2,
    takings: 950 + 400 + 1900 + 400,
  });
  // A rejected order was still placed today, as the report counts it.
  // A payment undone is not taken; a paid order rejected gives its money back.
  await t.asAdmin(`/api/orders/${first}/payment`, json("PUT", { status: "unpaid" }));
  await t.asAdmin("/api/orders/status", json("PUT", { id: second, status: "rejected" }));
  const after = await today();
  assert.deepEqual([after.paidOrders, after.takings], [0, 0]);
});

Deno.test("the Orders page's today is the report's today: a rejected order still counts as placed, and the takings agree", async () => {
  const t = await testApp();
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const one = { total: 950, items: [{ id: t.ids.book, quantity: 1, type: "book" }] };
    const response = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, one)));
    assert.equal(response.status, 201);
    ids.push((await response.json()).orderId);
  }
  await t.asAdmin(`/api/orders/${ids[0]}/payment`, json("PUT", { status: "paid" }));
  await t.asAdmin("/api/orders/status", json("PUT", { id: ids[2], status: "rejected" }));
  const today = (await body(await t.asAdmin("/api/orders/stats"), 200)).data.today;
  const day = colomboDate(t.deps.clock.now());
  const report = (await body(
    await t.asAdmin(`/api/reports/sales?from=${day}&to=${day}`),
    200,
  )).data.totals.current;
  assert.deepEqual(
    [today.orders, today.paidOrders, today.takings],
    [report.orders, report.paid_orders, report.takings],
  );
  assert.deepEqual([today.orders, report.rejected], [3, 1]);
});

Deno.test("POST /api/orders under a campaign and a code answers what was saved, and the order keeps both", async () => {
  const t = await testApp();
  const open = { startsAt: null, endsAt: null };
  await t.promotions.addCampaign({
    name: "Book Fair 2026",
    names: { si: "පොත් ප්‍රදර්ශනය 2026" },
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: open,
    paused: false,
  });
  const code = await t.promotions.addCode({
    code: "SCHOOL10",
    benefit: { kind: "amount", cents: 10_000 },
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: open,
    paused: false,
    maxUses: null,
    maxUsesPerCustomer: null,
  });
  assert.equal(code.kind, "ok");
  // Two copies at LKR 950: LKR 380 off in the Book Fair, LKR 100 off by the code.
  const placed = await body(
    await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book, { total: 1420, code: "school10" })),
    ),
    201,
  );
  assert.deepEqual([placed.total, placed.deliveryFee, placed.subtotal, placed.saved], [
    1420,
    400,
    1820,
    480,
  ]);
  const order = (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data;
  assert.deepEqual(
    [order.items[0].list_price, order.items[0].price, order.items[0].saving],
    [950, 950, 480],
  );
  assert.deepEqual(order.items[0].adjustments[0].name_si, "පොත් ප්‍රදර්ශනය 2026");
  assert.deepEqual(order.adjustments.map((p: { kind: string; name: string }) => [p.kind, p.name]), [
    ["code", "SCHOOL10"],
  ]);
  assert.deepEqual(
    order.breakdown.savings.map((s: { kind: string; amount: number }) => [s.kind, s.amount]),
    [["campaign", 380], ["code", 100]],
  );
  assert.deepEqual([order.breakdown.items, order.breakdown.total], [1900, 1820]);
  const csv = await (await t.asAdmin("/api/orders/export")).text();
  assert.match(csv, /Book Fair 2026/);
  assert.match(csv, /SCHOOL10/);
});
