import assert from "node:assert/strict";
import { loginPathFor, normalisePath, pageTask, resolveRoute, returnPath, TABS } from "./router.ts";
import { mayDo } from "../../domain/accounts/admin_roles.ts";

Deno.test("resolveRoute() shows the login page at /admin and /admin/login to a visitor", () => {
  assert.deepEqual(resolveRoute("/admin", false), { kind: "page", page: "login" });
  assert.deepEqual(resolveRoute("/admin/login", false), { kind: "page", page: "login" });
});

Deno.test("resolveRoute() forwards a logged-in admin from the login page to the dashboard", () => {
  assert.deepEqual(resolveRoute("/admin", true), { kind: "redirect", to: "/admin/dashboard" });
  assert.deepEqual(resolveRoute("/admin/login", true), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
});

Deno.test("resolveRoute() sends a visitor without a session from guarded pages to /admin, naming the page", () => {
  for (const path of ["/admin/dashboard", "/admin/orders", "/admin/stock"]) {
    assert.deepEqual(resolveRoute(path, false), {
      kind: "redirect",
      to: `/admin?next=${encodeURIComponent(path)}`,
    });
  }
  assert.deepEqual(resolveRoute("/admin/orders/", false, "?status=pending&page=2"), {
    kind: "redirect",
    to: "/admin?next=%2Fadmin%2Forders%3Fstatus%3Dpending%26page%3D2",
  });
});

Deno.test("resolveRoute() sends the admin back after login to the page the login page names", () => {
  assert.deepEqual(resolveRoute("/admin", true, "?next=%2Fadmin%2Forders%2F4"), {
    kind: "redirect",
    to: "/admin/orders/4",
  });
  assert.deepEqual(
    resolveRoute("/admin/login", true, `?next=${encodeURIComponent("/admin/orders?q=Nimal")}`),
    {
      kind: "redirect",
      to: "/admin/orders?q=Nimal",
    },
  );
  assert.deepEqual(resolveRoute("/admin", true, "?next=https%3A%2F%2Fevil.example%2F"), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
  // The login page still shows to a visitor, whatever it names.
  assert.deepEqual(resolveRoute("/admin", false, "?next=%2Fadmin%2Fstock"), {
    kind: "page",
    page: "login",
  });
});

Deno.test("returnPath() keeps only paths of the admin area's own pages on this site", () => {
  const kept: [string, string][] = [
    ["/admin/orders/4", "/admin/orders/4"],
    ["/admin/orders?status=pending&q=077", "/admin/orders?status=pending&q=077"],
    ["/admin/books/12/", "/admin/books/12/"],
    ["/admin/stock", "/admin/stock"],
  ];
  for (const [next, path] of kept) assert.equal(returnPath(next), path, next);
  const refused = [
    null,
    "",
    "https://evil.example/admin/orders",
    "//evil.example/admin/orders",
    "/\\evil.example/admin",
    "/\t/evil.example",
    "/admin/../orders",
    "/admin/%2e%2e/x",
    "/admin",
    "/admin/login",
    "/admin/nope",
    "/orders/4",
    "admin/orders",
    "javascript:alert(1)",
    "/admin/orders/4@evil.example",
  ];
  for (const next of refused) assert.equal(returnPath(next), undefined, String(next));
});

Deno.test("loginPathFor() and returnPath() bring a page and its query back unchanged", () => {
  const path = "/admin/orders?q=%2B94 77&status=pending";
  const next = new URL(loginPathFor("/admin/orders", "?q=%2B94 77&status=pending"), "http://x")
    .searchParams.get("next");
  assert.equal(next, path);
  assert.equal(returnPath(next), "/admin/orders?q=%2B94%2077&status=pending");
});

Deno.test("resolveRoute() shows each guarded page to a logged-in admin", () => {
  assert.deepEqual(resolveRoute("/admin/dashboard", true), { kind: "page", page: "dashboard" });
  assert.deepEqual(resolveRoute("/admin/orders/", true), { kind: "page", page: "orders" });
  assert.deepEqual(resolveRoute("/admin/stock", true), { kind: "page", page: "stock" });
});

Deno.test("resolveRoute() sends unknown admin paths to the login page or the dashboard", () => {
  assert.deepEqual(resolveRoute("/admin/nope", false), { kind: "redirect", to: "/admin" });
  assert.deepEqual(resolveRoute("/admin/nope", true), { kind: "redirect", to: "/admin/dashboard" });
});

Deno.test("normalisePath() drops trailing slashes but keeps the root", () => {
  assert.equal(normalisePath("/admin/stock//"), "/admin/stock");
  assert.equal(normalisePath("/"), "/");
});

Deno.test("resolveRoute() opens a product's edit page by its id, behind the login", () => {
  assert.deepEqual(resolveRoute("/admin/books/12", true), {
    kind: "page",
    page: "edit-book",
    id: 12,
  });
  assert.deepEqual(resolveRoute("/admin/stationery/3/", true), {
    kind: "page",
    page: "edit-stationery",
    id: 3,
  });
  assert.deepEqual(resolveRoute("/admin/books/12", false), {
    kind: "redirect",
    to: "/admin?next=%2Fadmin%2Fbooks%2F12",
  });
  assert.deepEqual(resolveRoute("/admin/books/0", true), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
  assert.deepEqual(resolveRoute("/admin/catalogue", true), { kind: "page", page: "catalogue" });
});

Deno.test("resolveRoute() opens one order's page by its id, behind the login", () => {
  assert.deepEqual(resolveRoute("/admin/orders/42", true), { kind: "page", page: "order", id: 42 });
  assert.deepEqual(resolveRoute("/admin/orders/42", false), {
    kind: "redirect",
    to: "/admin?next=%2Fadmin%2Forders%2F42",
  });
  assert.deepEqual(resolveRoute("/admin/orders/x", true), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
  assert.deepEqual(resolveRoute("/admin/orders", true), { kind: "page", page: "orders" });
});

Deno.test("resolveRoute() opens the forgotten-password page to anyone, and no login returns to it", () => {
  assert.deepEqual(resolveRoute("/admin/reset-password", false), {
    kind: "page",
    page: "reset-password",
  });
  assert.deepEqual(resolveRoute("/admin/reset-password", true, "?token=abc"), {
    kind: "page",
    page: "reset-password",
  });
  assert.equal(returnPath("/admin/reset-password?token=abc"), undefined);
});

Deno.test("resolveRoute() opens an invitation's page to anyone, and no login returns to it", () => {
  for (const signedIn of [false, true]) {
    assert.deepEqual(resolveRoute("/admin/invitation", signedIn, "?token=abc"), {
      kind: "page",
      page: "invitation",
    });
  }
  assert.equal(returnPath("/admin/invitation?token=abc"), undefined);
  assert.deepEqual(resolveRoute("/admin/staff", true), { kind: "page", page: "staff" });
});

Deno.test("each tab and page names the task it is for, so a role sees only its own", () => {
  assert.deepEqual(
    TABS.filter((tab) => mayDo("staff", tab.task)).map((tab) => tab.label),
    ["Dashboard", "Orders", "Stock", "Catalogue"],
  );
  assert.equal(TABS.filter((tab) => mayDo("owner", tab.task)).length, TABS.length);
  assert.equal(pageTask("order"), "orders");
  assert.equal(pageTask("edit-book"), "catalogue");
  assert.equal(pageTask("staff"), "staff");
  assert.equal(pageTask("vouchers"), "vouchers", "gift vouchers are the owner's");
  assert.deepEqual(resolveRoute("/admin/vouchers", true), { kind: "page", page: "vouchers" });
  assert.equal(pageTask("login"), undefined);
});
