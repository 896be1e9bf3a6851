/**
 * /api/fulfilment over the shop's memory ports: a mixed order (a book in stock, a
 * pre-order) packed in two parcels, the in-stock one handed over now and the pre-order's
 * kept back until its stock arrives; a COD parcel's cash collected and remitted, and the
 * owner's list of cash with couriers; bad input refused by field or by rule, nothing saved.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

async function place(t: TestApp, overrides: Record<string, unknown>) {
  return await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, overrides))),
    201,
  );
}

async function linesOf(t: TestApp, orderId: number): Promise<{ id: number; preorder: boolean }[]> {
  return (await body(await t.asAdmin(`/api/orders/${orderId}`), 200)).data.items;
}

Deno.test("a mixed order ships in two parcels: the in-stock one goes now, the pre-order's once its stock arrives", async () => {
  const t = await testApp();
  const placed = await place(t, {
    total: 2150,
    paymentMethod: "Bank Deposit",
    items: [
      { id: t.ids.book, quantity: 1, type: "book" },
      { id: t.ids.preorderBook, quantity: 1, type: "book" },
    ],
  });
  const [inStock, preorder] = await linesOf(t, placed.orderId);
  assert.deepEqual([inStock.preorder, preorder.preorder], [false, true]);
  const pack = (lineId: number, waybill: string) =>
    t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", {
        lines: [{ order_line_id: lineId, quantity: 1 }],
        courier_id: "koombiyo",
        waybill,
        cod_amount: 0,
      }),
    );
  const now = (await body(await pack(inStock.id, "KB100001"), 201)).data;
  const later = (await body(await pack(preorder.id, "KB100002"), 201)).data;
  // The same copy again: refused by its rule, nothing saved.
  const twice = await body(await pack(inStock.id, "KB100003"), 422);
  assert.equal(twice.error.details.reason, "too_many");
  assert.equal(
    (await body(await t.asAdmin(`/api/fulfilment/orders/${placed.orderId}/shipments`), 200)).data
      .length,
    2,
  );
  const move = (id: number, status: string) =>
    t.asAdmin(`/api/fulfilment/shipments/${id}/status`, json("PUT", { status }));
  assert.equal((await body(await move(now.id, "handed_over"), 200)).data.status, "handed_over");
  const kept = await body(await move(later.id, "handed_over"), 409);
  assert.equal(kept.error.details.reason, "stock_not_arrived");
  assert.match(kept.error.message, /has not arrived yet/);
  // The book arrives: it is no longer a pre-order in the catalogue.
  const arrived = await t.deps.catalogueAdmin.updateBook(t.ids.preorderBook, { preorder: false });
  assert.equal(arrived.kind, "ok");
  assert.equal((await body(await move(later.id, "handed_over"), 200)).data.status, "handed_over");
  // A delivered parcel moves no further.
  await body(await move(now.id, "delivered"), 200);
  assert.equal(
    (await body(await move(now.id, "returned"), 409)).error.details.reason,
    "illegal_move",
  );
});

Deno.test("a COD parcel collects what the order owes; its cash is collected then remitted, and the owner's list follows", async () => {
  const t = await testApp();
  const placed = await place(t, {});
  const [line] = await linesOf(t, placed.orderId);
  const pack = (cod: number) =>
    t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", {
        lines: [{ order_line_id: line.id, quantity: 2 }],
        courier_id: "domex",
        waybill: "DX-5001",
        cod_amount: cod,
      }),
    );
  const short = await body(await pack(placed.subtotal - 1), 422);
  assert.equal(short.error.details.reason, "cod_mismatch");
  const parcel = (await body(await pack(placed.subtotal), 201)).data;
  assert.equal(parcel.cod_amount, placed.subtotal);
  assert.equal(parcel.tracking_url, null, "no link without a template the owner set");
  const cod = (kind: string, amount: number) =>
    t.asAdmin(`/api/fulfilment/shipments/${parcel.id}/cod`, json("POST", { kind, amount }));
  assert.equal(
    (await body(await cod("remitted", placed.subtotal), 409)).error.details.reason,
    "not_collected",
  );
  assert.equal((await body(await cod("collected", 1), 409)).error.details.reason, "amount_differs");
  assert.equal(
    (await body(await cod("collected", placed.subtotal), 201)).data.held,
    placed.subtotal,
  );
  assert.equal(
    (await body(await cod("collected", placed.subtotal), 409)).error.details.reason,
    "already",
  );
  const list = (await body(await t.asAdmin("/api/fulfilment/cod"), 200)).data;
  assert.deepEqual(list.by_courier, [{ courier_id: "domex", held: placed.subtotal }]);
  assert.deepEqual(list.parcels.map((p: { shipment_id: number }) => p.shipment_id), [parcel.id]);
  await body(await cod("remitted", placed.subtotal), 201);
  const after = (await body(await t.asAdmin("/api/fulfilment/cod"), 200)).data;
  assert.deepEqual([after.parcels, after.by_courier], [[], []]);
  // The parcel stays on the owner's list with when it was collected and remitted.
  const [kept] = after.cod_parcels;
  assert.deepEqual(
    [kept.shipment_id, kept.order_id, kept.waybill, kept.held, kept.remitted],
    [parcel.id, placed.orderId, "DX-5001", 0, placed.subtotal],
  );
  assert.ok(kept.collected_at && kept.remitted_at, "both moments are kept");
});

Deno.test("an owner's courier is checked by field, and its tracking link is drawn from its template", async () => {
  const t = await testApp();
  const bad = await body(
    await t.asAdmin(
      "/api/fulfilment/couriers/kandy_runner",
      json("PUT", {
        name: "Kandy Runner",
        tracking_template: "http://x.lk/{waybill}",
        waybill_pattern: null,
      }),
    ),
    400,
  );
  assert.deepEqual(bad.error.details.map((p: { field: string }) => p.field), ["tracking_template"]);
  await body(
    await t.asAdmin(
      "/api/fulfilment/couriers/kandy_runner",
      json("PUT", {
        name: "Kandy Runner",
        tracking_template: "https://runner.example.lk/t/{waybill}",
        waybill_pattern: "KR[0-9]{4}",
      }),
    ),
    200,
  );
  const couriers = (await body(await t.asAdmin("/api/fulfilment/couriers"), 200)).data;
  assert.equal(couriers.length, 7);
  const placed = await place(t, {});
  const [line] = await linesOf(t, placed.orderId);
  const pack = (waybill: string) =>
    t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", {
        lines: [{ order_line_id: line.id, quantity: 2 }],
        courier_id: "kandy_runner",
        waybill,
        cod_amount: placed.subtotal,
      }),
    );
  assert.equal((await body(await pack("XX1234"), 422)).error.details.reason, "bad_waybill");
  const parcel = (await body(await pack("KR1234"), 201)).data;
  assert.equal(parcel.tracking_url, "https://runner.example.lk/t/KR1234");
  // Bad input names its field; an unknown order is 404.
  await body(
    await t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", { lines: "x" }),
    ),
    400,
  );
  await body(await t.asAdmin("/api/fulfilment/orders/9999/shipments"), 404);
  await body(
    await t.asAdmin("/api/fulfilment/shipments/9999/status", json("PUT", { status: "delivered" })),
    404,
  );
});

Deno.test("a COD order is completed when its last parcel is handed over: the dispatch mail goes with its courier and waybills", async () => {
  const t = await testApp();
  const placed = await place(t, {
    items: [{ id: t.ids.book, quantity: 2, type: "book" }],
  });
  const [line] = await linesOf(t, placed.orderId);
  const pack = (quantity: number, waybill: string, cod: number) =>
    t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", {
        lines: [{ order_line_id: line.id, quantity }],
        courier_id: "koombiyo",
        waybill,
        cod_amount: cod,
      }),
    );
  const first = (await body(await pack(1, "KB200001", 0), 201)).data;
  const second = (await body(await pack(1, "KB200002", placed.subtotal), 201)).data;
  const move = (id: number) =>
    t.asAdmin(`/api/fulfilment/shipments/${id}/status`, json("PUT", { status: "handed_over" }));
  const status = async () =>
    (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data;
  await body(await move(first.id), 200);
  assert.equal((await status()).status, "pending", "a copy still waits in the shop");
  const mailsBefore = t.orders.outbox.filter((m) => m.kind === "order_completed").length;
  await body(await move(second.id), 200);
  const order = await status();
  assert.deepEqual(
    [order.status, order.courier, order.tracking_number],
    ["completed", "Koombiyo", "KB200001, KB200002"],
  );
  assert.equal(
    t.orders.outbox.filter((m) => m.kind === "order_completed" && m.orderId === placed.orderId)
      .length,
    mailsBefore + 1,
  );
  // Delivered later, the completed order stays as it is and no second mail goes.
  await body(
    await t.asAdmin(
      `/api/fulfilment/shipments/${second.id}/status`,
      json("PUT", { status: "delivered" }),
    ),
    200,
  );
  assert.equal((await status()).status, "completed");
  assert.equal(t.orders.outbox.filter((m) => m.kind === "order_completed").length, mailsBefore + 1);
});

Deno.test("COD counts as received when the courier collects it: the order is paid then, and the report's takings count it", async () => {
  const t = await testApp();
  const placed = await place(t, {});
  const [line] = await linesOf(t, placed.orderId);
  const parcel = (await body(
    await t.asAdmin(
      `/api/fulfilment/orders/${placed.orderId}/shipments`,
      json("POST", {
        lines: [{ order_line_id: line.id, quantity: 2 }],
        courier_id: "domex",
        waybill: "DX-7001",
        cod_amount: placed.subtotal,
      }),
    ),
    201,
  )).data;
  await body(
    await t.asAdmin(
      `/api/fulfilment/shipments/${parcel.id}/status`,
      json("PUT", { status: "handed_over" }),
    ),
    200,
  );
  const today = async () =>
    (await body(await t.asAdmin("/api/reports/sales?from=2026-03-01&to=2026-03-01"), 200)).data
      .totals.current;
  assert.deepEqual(
    [(await today()).takings, (await today()).paid_orders],
    [0, 0],
    "handed over, nothing collected yet",
  );
  t.clock.advance(30 * 60_000);
  const collectedAt = t.clock.now().toISOString();
  await body(
    await t.asAdmin(
      `/api/fulfilment/shipments/${parcel.id}/cod`,
      json("POST", { kind: "collected", amount: placed.subtotal }),
    ),
    201,
  );
  const order = (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data;
  assert.equal(order.payment_status, "paid");
  assert.equal(
    order.events.findLast((e: { kind: string }) => e.kind === "paid").at,
    collectedAt,
    "received when the courier collected",
  );
  assert.deepEqual([(await today()).takings, (await today()).paid_orders], [placed.subtotal, 1]);
  // Remitted later: the same money, not counted twice.
  t.clock.advance(10 * 60_000);
  await body(
    await t.asAdmin(
      `/api/fulfilment/shipments/${parcel.id}/cod`,
      json("POST", { kind: "remitted", amount: placed.subtotal }),
    ),
    201,
  );
  assert.equal((await today()).takings, placed.subtotal);
});

Deno.test("an order holding a pre-order that has not arrived cannot be confirmed as handed over: 409 with a clear message, until its stock is in", async () => {
  const t = await testApp();
  const placed = await place(t, {
    total: 1200,
    paymentMethod: "Bank Deposit",
    items: [{ id: t.ids.preorderBook, quantity: 1, type: "book" }],
  });
  const confirm = () =>
    t.asAdmin("/api/orders/status", json("PUT", { id: placed.orderId, status: "completed" }));
  const refused = await body(await confirm(), 409);
  assert.equal(refused.error.details.reason, "stock_not_arrived");
  assert.match(refused.error.message, /has not arrived yet/);
  assert.equal(
    (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data.status,
    "pending",
    "nothing changed",
  );
  await t.deps.catalogueAdmin.updateBook(t.ids.preorderBook, { preorder: false });
  assert.equal((await body(await confirm(), 200)).data.status, "completed");
});
