/**
 * A mixed cart (a book in stock and a pre-order) over the shop's memory ports: the choice
 * of parcels priced by the shop (its second parcel's fee in the total), kept on the order
 * and refused where it does not fit; and the owner's view of the orders a pre-order's
 * arrival serves, and of whether an order waits for its pre-order.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

function mixedItems(t: TestApp) {
  return [
    { id: t.ids.book, quantity: 1, type: "book" },
    { id: t.ids.preorderBook, quantity: 1, type: "book" },
  ];
}

async function price(t: TestApp, extra: Record<string, unknown>, status = 200) {
  return await body(
    await t.app.request(
      "/api/cart/price",
      json("POST", { items: mixedItems(t), paymentMethod: "Bank Deposit", ...extra }),
    ),
    status,
  );
}

function placeMixed(t: TestApp, overrides: Record<string, unknown>) {
  return t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, {
        total: 2150,
        paymentMethod: "Bank Deposit",
        items: mixedItems(t),
        ...overrides,
      }),
    ),
  );
}

Deno.test("a mixed cart is priced together by default, and its second parcel's fee is in the total when split", async () => {
  const t = await testApp();
  const together = (await price(t, {})).data;
  assert.equal(together.mixed, true);
  assert.equal(together.parcels, "together");
  assert.ok(together.split_fee > 0, "sending in two parcels costs more delivery");
  assert.equal(together.breakdown.second_parcel_fee, 0);
  const split = (await price(t, { parcels: "split" })).data;
  assert.equal(split.parcels, "split");
  assert.equal(split.breakdown.second_parcel_fee, together.split_fee);
  assert.equal(split.total, together.total + together.split_fee);
  assert.equal(split.breakdown.total, split.total);
  // Without a payment method no fee is said, and none is added.
  const noMethod = await body(
    await t.app.request(
      "/api/cart/price",
      json("POST", { items: mixedItems(t), parcels: "split" }),
    ),
    200,
  );
  assert.equal(noMethod.data.split_fee, null);
  assert.equal(noMethod.data.breakdown.second_parcel_fee, 0);
});

Deno.test("a cart without both kinds of book shows no choice, and two parcels asked for it are refused with a clear 400", async () => {
  const t = await testApp();
  const plain = (await body(
    await t.app.request(
      "/api/cart/price",
      json("POST", {
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        paymentMethod: "COD",
      }),
    ),
    200,
  )).data;
  assert.deepEqual([plain.mixed, plain.split_fee, plain.breakdown.second_parcel_fee], [
    false,
    null,
    0,
  ]);
  const refused = await body(
    await t.app.request(
      "/api/cart/price",
      json("POST", {
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        paymentMethod: "COD",
        parcels: "split",
      }),
    ),
    400,
  );
  assert.equal(refused.error.details[0].field, "parcels");
  assert.match(refused.error.details[0].message, /books in stock and pre-ordered books/);
  const order = await body(
    await t.app.request(
      "/api/orders",
      json("POST", orderBody(t.ids.book, { parcels: { send: "split", fee: 0 } })),
    ),
    400,
  );
  assert.equal(order.error.details[0].field, "parcels");
  assert.equal((await t.deps.orders.list()).length, 0, "nothing was stored");
  // A choice that is not one is refused by the wire's schema.
  const bad = await body(await placeMixed(t, { parcels: { send: "later", fee: 0 } }), 400);
  assert.match(JSON.stringify(bad.error.details), /together, split/);
});

Deno.test("a mixed order sent in two parcels keeps its choice and fee; another fee or total is refused, nothing stored", async () => {
  const t = await testApp();
  const fee = (await price(t, {})).data.split_fee;
  const wrongFee = await body(
    await placeMixed(t, { parcels: { send: "split", fee: fee + 1 } }),
    409,
  );
  assert.equal(wrongFee.error.code, "PRICE_CHANGED");
  assert.match(wrongFee.error.message, /second parcel/);
  assert.equal(wrongFee.error.details.second_parcel_fee, fee);
  const wrongTotal = await body(
    await placeMixed(t, { total: 2000, parcels: { send: "split", fee } }),
    409,
  );
  assert.equal(wrongTotal.error.code, "PRICE_CHANGED");
  assert.equal((await t.deps.orders.list()).length, 0, "nothing was stored");

  const placed = await body(await placeMixed(t, { parcels: { send: "split", fee } }), 201);
  const order = (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data;
  assert.equal(order.parcels, "split");
  assert.equal(order.second_parcel_fee, fee);
  assert.equal(order.breakdown.second_parcel_fee, fee);
  assert.equal(order.breakdown.delivery_fee + fee, order.delivery_fee);
  const together = (await price(t, {})).data;
  assert.equal(order.breakdown.total, together.total + fee);
});

Deno.test("a pre-order's arrival lists the orders waiting for it, and says which wait whole", async () => {
  const t = await testApp();
  const fee = (await price(t, {})).data.split_fee;
  const split = await body(await placeMixed(t, { parcels: { send: "split", fee } }), 201);
  const together = await body(await placeMixed(t, {}), 201);
  // An order of the book in stock alone waits for nothing.
  await body(await t.app.request("/api/orders", json("POST", orderBody(t.ids.book))), 201);

  const listed = await body(
    await t.asAdmin(`/api/fulfilment/preorders/${t.ids.preorderBook}/orders`),
    200,
  );
  assert.equal(listed.data.preorder, true);
  assert.deepEqual(
    listed.data.orders.map((o: { order_id: number; copies: number; parcels: string }) => [
      o.order_id,
      o.copies,
      o.parcels,
    ]),
    [[split.orderId, 1, "split"], [together.orderId, 1, "together"]],
  );
  assert.equal(listed.data.orders[0].customer, "Nimal Perera");
  assert.equal(listed.data.orders[0].payment_status, "unpaid");

  const wait = async (id: number) =>
    (await body(await t.asAdmin(`/api/fulfilment/orders/${id}/preorder-wait`), 200)).data;
  assert.equal((await wait(split.orderId)).wait, "send_in_stock_now");
  assert.equal((await wait(together.orderId)).wait, "waits_for_preorder");
  await t.deps.catalogueAdmin.updateBook(t.ids.preorderBook, { preorder: false });
  assert.equal((await wait(together.orderId)).wait, "none");
});

Deno.test("the pre-order arrival's list is the staff's: guarded, its id parsed, an unknown book 404", async () => {
  const t = await testApp();
  const path = `/api/fulfilment/preorders/${t.ids.preorderBook}/orders`;
  assert.equal((await t.app.request(path)).status, 401);
  const bad = await body(await t.asAdmin("/api/fulfilment/preorders/abc/orders"), 400);
  assert.equal(bad.error.code, "VALIDATION_FAILED");
  await body(await t.asAdmin("/api/fulfilment/preorders/999999/orders"), 404);
  assert.equal((await t.app.request("/api/fulfilment/orders/1/preorder-wait")).status, 401);
});
