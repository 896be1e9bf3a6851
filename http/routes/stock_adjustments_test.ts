import assert from "node:assert/strict";
import { json, orderBody, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

Deno.test("POST /api/books/{id}/stock-adjustments takes damaged copies out, kept with who, when and why", async () => {
  const t = await testApp();
  const made = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}/stock-adjustments`,
      json("POST", { quantity: -3, reason: "damaged", note: "  rain through the roof " }),
    ),
    201,
  );
  assert.deepEqual(made.data, {
    adjustment: {
      id: made.data.adjustment.id,
      quantity: -3,
      reason: "damaged",
      note: "rain through the roof",
      stock_before: 5,
      stock_after: 2,
      by: "admin@pothgula.lk",
      at: t.clock.now().toISOString(),
    },
    stock: 2,
  });
  const book = await body(await t.app.request(`/api/books/${t.ids.book}`), 200);
  assert.equal(book.data.stock, 2);
  const trail = await body(await t.asAdmin(`/api/books/${t.ids.book}/stock-adjustments`), 200);
  assert.deepEqual(trail.data, [made.data.adjustment]);
});

Deno.test("POST /api/stationery/{id}/stock-adjustments adjusts a stationery item too", async () => {
  const t = await testApp();
  const made = await body(
    await t.asAdmin(
      `/api/stationery/${t.ids.pen}/stock-adjustments`,
      json("POST", { quantity: 2, reason: "found" }),
    ),
    201,
  );
  assert.equal(made.data.stock, 22);
  assert.equal(made.data.adjustment.note, null);
  const none = await body(await t.asAdmin(`/api/books/${t.ids.pen}/stock-adjustments`), 200);
  assert.deepEqual(none.data.filter((a: { reason: string }) => a.reason === "found"), []);
});

Deno.test("a stock adjustment never takes copies that orders hold, and says the rule", async () => {
  const t = await testApp();
  // 5 on the shelf; an unpaid order takes 2 of them.
  const placed = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  assert.equal(placed.status, 201, await placed.clone().text());
  const refused = await body(
    await t.asAdmin(
      `/api/books/${t.ids.book}/stock-adjustments`,
      json("POST", { quantity: -4, reason: "lost" }),
    ),
    409,
  );
  assert.equal(refused.error.code, "CONFLICT");
  assert.match(refused.error.message, /Only 3 copies of Book \d+ can be taken out/);
  assert.match(refused.error.message, /copies held by orders are not in it/);
  const trail = await body(await t.asAdmin(`/api/books/${t.ids.book}/stock-adjustments`), 200);
  assert.deepEqual(trail.data, []);
  assert.equal((await t.catalogue.findBook(t.ids.book))?.stock, 3);
});

Deno.test("a stock adjustment's body is checked: a reason's way, zero, unknown reasons, 404", async () => {
  const t = await testApp();
  const path = `/api/books/${t.ids.book}/stock-adjustments`;
  const wrongWay = await body(
    await t.asAdmin(path, json("POST", { quantity: 3, reason: "damaged" })),
    400,
  );
  assert.deepEqual(wrongWay.error.details, [{
    field: "quantity",
    message: "damaged copies leave the stock: give a negative quantity",
  }]);
  for (
    const bad of [
      { quantity: 0, reason: "recount" },
      { quantity: 1.5, reason: "recount" },
      { quantity: -1, reason: "stolen by pirates" },
      { quantity: -1, reason: "lost", note: "x".repeat(501) },
      { quantity: -1, reason: "lost", extra: 1 },
    ]
  ) {
    const refused = await body(await t.asAdmin(path, json("POST", bad)), 400);
    assert.equal(refused.error.code, "VALIDATION_FAILED", JSON.stringify(bad));
  }
  await body(
    await t.asAdmin(
      "/api/books/9999/stock-adjustments",
      json("POST", { quantity: -1, reason: "lost" }),
    ),
    404,
  );
  assert.equal((await t.catalogue.findBook(t.ids.book))?.stock, 5);
});

Deno.test("stock adjustments are the admin's: 401 without a token, 403 for a customer", async () => {
  const t = await testApp();
  const path = `/api/books/${t.ids.book}/stock-adjustments`;
  const init = json("POST", { quantity: -1, reason: "lost" });
  assert.equal((await t.app.request(path, init)).status, 401);
  const customer = await t.app.request(path, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${t.customerToken}` },
  });
  assert.equal(customer.status, 403);
  assert.equal((await t.app.request(path)).status, 401);
});
