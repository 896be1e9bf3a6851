/**
 * The role matrix over the whole route table (contract/routes/mod.ts): every route is
 * called with no token, a customer's, a staff member's and an owner's. An admin route
 * answers a stranger 401, a customer 403, and each role what the roles' policy says of the
 * route's task (domain/accounts/admin_roles.ts): 403 with the owner's words, or past the
 * guard (whatever the handler then makes of an empty request). A few are pinned by hand
 * below, so that the test does not only repeat the policy back to itself.
 */
import assert from "node:assert/strict";
import { ROUTES } from "./app.ts";
import type { RouteSpec } from "../contract/route.ts";
import { mayDo } from "../domain/accounts/admin_roles.ts";
import { testApp } from "./testing/fixture.ts";

const PARAMS: Record<string, string> = {
  id: "999999",
  proofId: "1",
  table: "periods",
  key: "missing.png",
};

function pathOf(route: RouteSpec): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "1");
}

const WHO = ["stranger", "customer", "staff", "owner"] as const;
type Who = typeof WHO[number];

async function world() {
  const t = await testApp();
  const tokens = t.deps.tokens;
  const reader = await t.deps.accounts.createCustomer({
    username: "Nimali",
    email: "reader@example.lk",
    passwordHash: "unused",
  });
  if (reader.kind !== "created") throw new Error("no customer");
  // A token of its own for every call: logging out or changing a password ends one.
  const issue: Record<Who, () => Promise<string | undefined>> = {
    stranger: () => Promise.resolve(undefined),
    customer: async () =>
      (await tokens.issue({ id: reader.account.id, email: "reader@example.lk", role: "customer" }))
        .token,
    staff: async () =>
      (await tokens.issueAdminToken({ id: 50, email: "packer@pothgula.lk", role: "staff" }))
        .token,
    owner: async () =>
      (await tokens.issueAdminToken({ id: 1, email: "admin@pothgula.lk", role: "owner" })).token,
  };
  async function call(route: RouteSpec, who: Who): Promise<{ status: number; message?: string }> {
    const headers = new Headers();
    const token = await issue[who]();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const withBody = route.method === "POST" || route.method === "PUT";
    if (withBody) headers.set("Content-Type", "application/json");
    const response = await t.app.request(pathOf(route), {
      method: route.method,
      headers,
      body: withBody ? "{}" : undefined,
    });
    const type = response.headers.get("Content-Type") ?? "";
    if (!type.includes("application/json")) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const body = await response.json().catch(() => ({}));
    return { status: response.status, message: body?.error?.message };
  }
  return { t, call };
}

Deno.test("every route of the table answers each of stranger, customer, staff and owner as the roles' policy says", async () => {
  const { call } = await world();
  let admitted = 0, refused = 0;
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path}`;
    const answers = Object.fromEntries(
      await Promise.all(WHO.map(async (who) => [who, await call(route, who)] as const)),
    ) as Record<Who, { status: number; message?: string }>;
    if (!route.admin) {
      // No admin role is asked for here: a signed-in route wants a token (a customer's
      // for a customer's route), whichever the admin's role.
      for (const who of WHO) {
        const status = answers[who].status;
        if (!route.signedIn) assert.ok(status !== 401 && status !== 403, `${name} as ${who}`);
        else if (who === "stranger") assert.equal(status, 401, name);
        else if (route.signedIn === "customer" && who !== "customer") {
          assert.equal(status, 403, `${name} as ${who}`);
        } else assert.ok(status !== 401 && status !== 403, `${name} as ${who}: ${status}`);
      }
      continue;
    }
    assert.equal(answers.stranger.status, 401, `${name} as a stranger`);
    assert.equal(answers.customer.status, 403, `${name} as a customer`);
    assert.equal(answers.customer.message, "Administrator rights required", name);
    for (const role of ["staff", "owner"] as const) {
      const { status, message } = answers[role];
      if (mayDo(role, route.admin)) {
        assert.ok(status !== 401 && status !== 403, `${name} as ${role}: ${status} ${message}`);
        admitted++;
      } else {
        assert.equal(status, 403, `${name} as ${role}`);
        assert.match(message ?? "", /^Only the shop's owner may do this: /, name);
        refused++;
      }
    }
  }
  // Both sides of the matrix were reached: staff are refused some routes and admitted to others.
  assert.ok(refused > 20 && admitted > 40, `${refused} refused, ${admitted} admitted`);
});

Deno.test("a staff token is refused the owner's routes and admitted to the order desk and stock, by hand", async () => {
  const { t, call } = await world();
  const at = (method: string, path: string) => {
    const route = ROUTES.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`${method} ${path} is not in the table`);
    return route;
  };
  const refused = [
    ["PUT", "/api/books/price/:id", "edit prices"],
    ["PUT", "/api/books/:id", "edit prices"],
    ["POST", "/api/books", "edit prices"],
    ["DELETE", "/api/categories/:id", "edit prices"],
    ["POST", "/api/promotions/codes", "campaigns, order offers and discount codes"],
    ["GET", "/api/promotions", "campaigns"],
    ["GET", "/api/reports/sales", "the sales reports"],
    ["GET", "/api/orders/export", "export customer data"],
    ["GET", "/api/staff", "invite, remove and reset staff"],
    ["POST", "/api/staff", "invite"],
    ["POST", "/api/vouchers", "issue gift vouchers"],
    ["GET", "/api/vouchers/:id", "issue gift vouchers"],
  ] as const;
  for (const [method, path, words] of refused) {
    const answer = await call(at(method, path), "staff");
    assert.equal(answer.status, 403, `${method} ${path}`);
    assert.ok(answer.message?.includes(words), `${method} ${path}: ${answer.message}`);
  }
  // Past the guard: an empty request is judged by the route itself (not found, bad input).
  const admitted = [
    ["GET", "/api/orders", 200],
    ["GET", "/api/orders/stats", 200],
    ["GET", "/api/orders/:id", 404],
    ["PUT", "/api/orders/status", 400],
    ["PUT", "/api/orders/:id/payment", 400],
    ["POST", "/api/orders/:id/notes", 400],
    ["GET", "/api/orders/:id/slip", 404],
    ["POST", "/api/books/:id/stock-adjustments", 400],
    ["GET", "/api/stationery/:id/stock-adjustments", 200],
    ["GET", "/api/books/archived", 200],
  ] as const;
  for (const [method, path, status] of admitted) {
    assert.equal((await call(at(method, path), "staff")).status, status, `${method} ${path}`);
  }
  // The owner is admitted everywhere, the Staff page too.
  assert.equal((await call(at("GET", "/api/staff"), "owner")).status, 200);
  assert.equal((await call(at("GET", "/api/reports/sales"), "owner")).status, 400);
  // Gift vouchers: the owner issues them (an empty one names its fields); anyone checks a balance.
  assert.equal((await call(at("POST", "/api/vouchers"), "owner")).status, 400);
  assert.equal((await call(at("GET", "/api/vouchers"), "owner")).status, 200);
  for (const who of ["stranger", "customer", "staff"] as const) {
    assert.equal((await call(at("POST", "/api/vouchers/balance"), who)).status, 400, who);
  }
  // A real stock adjustment by staff goes through, and is theirs.
  const staffToken = (await t.deps.tokens.issueAdminToken({
    id: 50,
    email: "packer@pothgula.lk",
    role: "staff",
  })).token;
  const adjusted = await t.app.request(`/api/books/${t.ids.book}/stock-adjustments`, {
    method: "POST",
    headers: { Authorization: `Bearer ${staffToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ quantity: -1, reason: "damaged" }),
  });
  assert.equal(adjusted.status, 201);
  assert.equal((await adjusted.json()).data.adjustment.by, "packer@pothgula.lk");
});
