import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

const EMAIL = "nimali@example.lk";
const PASSWORD = "long enough";

async function signedInCustomer(t: TestApp, email = EMAIL): Promise<Record<string, string>> {
  const registered = await t.app.request(
    "/api/auth/register",
    json("POST", { username: "Nimali Perera", email, password: PASSWORD }),
  );
  assert.equal(registered.status, 201);
  await registered.body?.cancel();
  const login = await t.app.request("/api/auth/login", json("POST", { email, password: PASSWORD }));
  return { Authorization: `Bearer ${(await login.json()).token}` };
}

const ADDRESS = {
  name: "Nimali Perera",
  phone: "077 123 4567",
  address: "12 Galle Road\nDehiwala",
  postalCode: "10370",
  province: 1,
  district: 1,
  area: 1,
};

Deno.test("GET /api/account answers the customer's name, e-mail (not confirmed) and no address yet", async () => {
  const t = await testApp();
  const headers = await signedInCustomer(t);
  const response = await t.app.request("/api/account", { headers });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  const { data } = await response.json();
  assert.deepEqual(data, {
    id: data.id,
    username: "Nimali Perera",
    email: EMAIL,
    address: null,
    emailVerified: false,
  });
});

Deno.test("PUT /api/account/address keeps the default delivery address", async () => {
  const t = await testApp();
  const headers = await signedInCustomer(t);
  const saved = await t.app.request("/api/account/address", json("PUT", ADDRESS, headers));
  assert.equal(saved.status, 200);
  assert.deepEqual((await saved.json()).data, ADDRESS);
  const account = await (await t.app.request("/api/account", { headers })).json();
  assert.deepEqual(account.data.address, ADDRESS);
});

Deno.test("PUT /api/account/address answers 400 naming each bad field", async () => {
  const t = await testApp();
  const headers = await signedInCustomer(t);
  const cases: [Record<string, unknown>, string][] = [
    [{ ...ADDRESS, name: "" }, "name"],
    [{ ...ADDRESS, phone: "call me" }, "phone"],
    [{ ...ADDRESS, postalCode: "!" }, "postalCode"],
    [{ ...ADDRESS, area: "x" }, "area"],
    [{ ...ADDRESS, area: 999_999 }, "area"],
  ];
  for (const [body, field] of cases) {
    const response = await t.app.request("/api/account/address", json("PUT", body, headers));
    assert.equal(response.status, 400, JSON.stringify(body));
    const details = (await response.json()).error.details;
    assert.ok(details.some((d: { field: string }) => d.field === field), JSON.stringify(details));
  }
});

Deno.test("the account routes answer 401 without a token and 403 to an admin", async () => {
  const t = await testApp();
  const routes: [string, string][] = [
    ["GET", "/api/account"],
    ["PUT", "/api/account/address"],
    ["GET", "/api/account/orders"],
  ];
  for (const [method, path] of routes) {
    const anonymous = await t.app.request(path, { method });
    assert.equal(anonymous.status, 401, `${method} ${path}`);
    await anonymous.body?.cancel();
    const admin = await t.asAdmin(path, { method });
    assert.equal(admin.status, 403, `${method} ${path}`);
    await admin.body?.cancel();
  }
});

Deno.test("an order placed with a customer's token is theirs and shows in their account, newest first", async () => {
  const t = await testApp();
  const headers = await signedInCustomer(t);
  const other = await signedInCustomer(t, "kamal@example.lk");
  const first = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers));
  assert.equal(first.status, 201);
  const firstId = (await first.json()).orderId;
  t.clock.advance(60_000);
  const second = await t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, { items: [{ id: t.ids.book, quantity: 1, type: "book" }], total: 950 }),
      headers,
    ),
  );
  assert.equal(second.status, 201);
  const secondId = (await second.json()).orderId;
  const guest = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  assert.equal(guest.status, 201);
  const guestId = (await guest.json()).orderId;

  const mine = await (await t.app.request("/api/account/orders", { headers })).json();
  assert.deepEqual(mine.data.map((o: { id: number }) => o.id), [secondId, firstId]);
  assert.equal(mine.data[0].status, "pending");
  assert.equal(mine.data[1].subtotal, mine.data[1].total + mine.data[1].delivery_fee);
  assert.equal("email" in mine.data[0], false);
  // Each links to the order's page, its key opening it.
  for (const order of mine.data as { id: number; order_url: string }[]) {
    const link = new URL(order.order_url);
    assert.equal(link.pathname, `/orders/${order.id}`);
    const view = await t.app.request(
      `/api/orders/${order.id}/view?key=${link.searchParams.get("key")}`,
    );
    assert.equal(view.status, 200);
  }
  const theirs = await (await t.app.request("/api/account/orders", { headers: other })).json();
  assert.deepEqual(theirs.data, []);
  assert.equal((await t.orders.findById(guestId))?.userId, null);
  const me = await (await t.app.request("/api/account", { headers })).json();
  assert.equal((await t.orders.findById(firstId))?.userId, me.data.id);
});

Deno.test("POST /api/orders with a dead token is refused, not placed as a guest's", async () => {
  const t = await testApp();
  const headers = await signedInCustomer(t);
  await t.app.request("/api/auth/logout", { method: "POST", headers });
  const response = await t.app.request("/api/orders", json("POST", orderBody(t.ids.book), headers));
  assert.equal(response.status, 401);
  assert.match((await response.json()).error.message, /log in again, or check out as a guest/);
  assert.deepEqual(await t.orders.list(), []);
});
