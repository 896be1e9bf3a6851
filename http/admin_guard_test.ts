import assert from "node:assert/strict";
import { ADMIN_ROUTES } from "./app.ts";
import { json, testApp } from "./testing/fixture.ts";

function concrete(path: string): string {
  return path.replace(/:\w+/g, "1");
}

Deno.test("the route table guards the admin routes", () => {
  const names = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`);
  for (
    const expected of [
      "POST /api/books",
      "PUT /api/books/:id",
      "DELETE /api/stationery/:id",
      "POST /api/categories",
      "GET /api/orders",
      "PUT /api/orders/status",
      "GET /api/orders/:id/slip",
      "GET /api/promotions",
      "POST /api/promotions/preview",
      "PUT /api/promotions/campaigns/:id",
      "DELETE /api/promotions/codes/:id",
    ]
  ) assert.ok(names.includes(expected), expected);
});

Deno.test("every admin route answers 401 without a token and 403 with a customer's", async () => {
  const t = await testApp();
  for (const route of ADMIN_ROUTES) {
    const path = concrete(route.path);
    const label = `${route.method} ${route.path}`;
    const anonymous = await t.app.request(path, { method: route.method });
    assert.equal(anonymous.status, 401, label);
    assert.equal((await anonymous.json()).error.code, "UNAUTHORIZED", label);

    const forged = await t.app.request(path, {
      method: route.method,
      headers: { Authorization: "Bearer aaa.bbb.ccc" },
    });
    assert.equal(forged.status, 401, label);
    await forged.body?.cancel();

    const customer = await t.app.request(path, {
      method: route.method,
      headers: { Authorization: `Bearer ${t.customerToken}` },
    });
    assert.equal(customer.status, 403, label);
    assert.equal((await customer.json()).error.code, "FORBIDDEN", label);
  }
});

Deno.test("an admin token passes the guard of every admin route", async () => {
  const t = await testApp();
  for (const route of ADMIN_ROUTES) {
    const response = await t.asAdmin(concrete(route.path), { method: route.method });
    await response.body?.cancel();
    assert.ok(![401, 403].includes(response.status), `${route.method} ${route.path}`);
  }
});

Deno.test("a registered customer's own login token is 403 on every admin route", async () => {
  const t = await testApp();
  const account = {
    username: "Sunil Fernando",
    email: "sunil@example.lk",
    password: "long enough",
  };
  const registered = await t.app.request("/api/auth/register", json("POST", account));
  assert.equal(registered.status, 201);
  await registered.body?.cancel();
  const login = await t.app.request(
    "/api/auth/login",
    json("POST", { email: account.email, password: account.password }),
  );
  const { token, role } = await login.json();
  assert.equal(role, "customer");
  for (const route of ADMIN_ROUTES) {
    const response = await t.app.request(concrete(route.path), {
      method: route.method,
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(response.status, 403, `${route.method} ${route.path}`);
    await response.body?.cancel();
  }
});
