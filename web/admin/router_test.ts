import assert from "node:assert/strict";
import { normalisePath, resolveRoute } from "./router.ts";

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

Deno.test("resolveRoute() sends a visitor without a session from guarded pages to /admin", () => {
  for (const path of ["/admin/dashboard", "/admin/orders", "/admin/stock"]) {
    assert.deepEqual(resolveRoute(path, false), { kind: "redirect", to: "/admin" });
  }
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
  assert.deepEqual(resolveRoute("/admin/books/12", false), { kind: "redirect", to: "/admin" });
  assert.deepEqual(resolveRoute("/admin/books/0", true), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
  assert.deepEqual(resolveRoute("/admin/catalogue", true), { kind: "page", page: "catalogue" });
});

Deno.test("resolveRoute() opens one order's page by its id, behind the login", () => {
  assert.deepEqual(resolveRoute("/admin/orders/42", true), { kind: "page", page: "order", id: 42 });
  assert.deepEqual(resolveRoute("/admin/orders/42", false), { kind: "redirect", to: "/admin" });
  assert.deepEqual(resolveRoute("/admin/orders/x", true), {
    kind: "redirect",
    to: "/admin/dashboard",
  });
  assert.deepEqual(resolveRoute("/admin/orders", true), { kind: "page", page: "orders" });
});
