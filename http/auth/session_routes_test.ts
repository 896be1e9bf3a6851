import assert from "node:assert/strict";
import { json, type TestApp, testApp } from "../testing/fixture.ts";

const OWNER = "owner@pothgula.lk";
const OWNER_PASSWORD = "kandy-lake-1864";

async function withOwner() {
  const t = await testApp();
  await t.deps.accounts.upsertAdmin(OWNER, await t.deps.hasher.hash(OWNER_PASSWORD));
  return t;
}

async function logIn(t: TestApp, email = OWNER, password = OWNER_PASSWORD): Promise<string> {
  const response = await t.app.request("/api/auth/login", json("POST", { email, password }));
  assert.equal(response.status, 200);
  return (await response.json()).token;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function ordersStatus(t: TestApp, token: string): Promise<number> {
  const response = await t.app.request("/api/orders", { headers: bearer(token) });
  await response.body?.cancel();
  return response.status;
}

Deno.test("POST /api/auth/logout answers 204 and the token stops working at once", async () => {
  const t = await withOwner();
  const token = await logIn(t);
  const other = await logIn(t);
  assert.equal(await ordersStatus(t, token), 200);
  const response = await t.app.request("/api/auth/logout", {
    method: "POST",
    headers: bearer(token),
  });
  assert.equal(response.status, 204);
  assert.equal(await ordersStatus(t, token), 401);
  assert.equal(await ordersStatus(t, other), 200, "another session of the admin stays");
  const again = await t.app.request("/api/auth/logout", { method: "POST", headers: bearer(token) });
  assert.equal(again.status, 401);
  await again.body?.cancel();
});

Deno.test("POST /api/auth/logout without a token answers 401", async () => {
  const t = await testApp();
  const response = await t.app.request("/api/auth/logout", { method: "POST" });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error.code, "UNAUTHORIZED");
});

Deno.test("a customer's token logs out as an admin's does", async () => {
  const t = await testApp();
  const headers = bearer(t.customerToken);
  const response = await t.app.request("/api/auth/logout", { method: "POST", headers });
  assert.equal(response.status, 204);
  const again = await t.app.request("/api/auth/logout", { method: "POST", headers });
  assert.equal(again.status, 401);
  await again.body?.cancel();
});

Deno.test("changing the password ends every earlier token and answers a new one", async () => {
  const t = await withOwner();
  const first = await logIn(t);
  const second = await logIn(t);
  const response = await t.app.request(
    "/api/auth/password",
    json(
      "POST",
      { currentPassword: OWNER_PASSWORD, newPassword: "galle-fort-1663" },
      bearer(first),
    ),
  );
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  const body = await response.json();
  assert.equal(body.role, "admin");
  assert.equal(await ordersStatus(t, first), 401);
  assert.equal(await ordersStatus(t, second), 401);
  assert.equal(await ordersStatus(t, body.token), 200);
  const old = await t.app.request(
    "/api/auth/login",
    json("POST", { email: OWNER, password: OWNER_PASSWORD }),
  );
  assert.equal(old.status, 401);
  await old.body?.cancel();
  assert.equal(await ordersStatus(t, await logIn(t, OWNER, "galle-fort-1663")), 200);
});

Deno.test("a wrong current password is refused naming the field, and nothing changes", async () => {
  const t = await withOwner();
  const token = await logIn(t);
  const response = await t.app.request(
    "/api/auth/password",
    json("POST", { currentPassword: "wrong-guess", newPassword: "galle-fort-1663" }, bearer(token)),
  );
  assert.equal(response.status, 400);
  const error = (await response.json()).error;
  assert.deepEqual(error.details, [
    { field: "currentPassword", message: "Current password is not right" },
  ]);
  assert.equal(await ordersStatus(t, token), 200);
});

Deno.test("POST /api/auth/password checks its body and its token", async () => {
  const t = await withOwner();
  const token = await logIn(t);
  const cases: [unknown, string, string][] = [
    [{ currentPassword: OWNER_PASSWORD }, "newPassword", "New password is required"],
    [
      { currentPassword: OWNER_PASSWORD, newPassword: "short" },
      "newPassword",
      "New password must be at least 8 characters",
    ],
    [{ newPassword: "galle-fort-1663" }, "currentPassword", "Current password is required"],
    [
      { currentPassword: OWNER_PASSWORD, newPassword: 12345678 },
      "newPassword",
      "New password must be text",
    ],
  ];
  for (const [body, field, message] of cases) {
    const response = await t.app.request("/api/auth/password", json("POST", body, bearer(token)));
    assert.equal(response.status, 400, JSON.stringify(body));
    const details = (await response.json()).error.details;
    assert.ok(
      details.some((d: { field: string; message: string }) =>
        d.field === field && d.message === message
      ),
      JSON.stringify(details),
    );
  }
  const anonymous = await t.app.request(
    "/api/auth/password",
    json("POST", { currentPassword: OWNER_PASSWORD, newPassword: "galle-fort-1663" }),
  );
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});
