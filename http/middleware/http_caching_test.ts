import assert from "node:assert/strict";
import {
  adminRouteMatcher,
  ifNoneMatchMatches,
  isPrivatePath,
  mustNotStore,
  PROCESS_CACHE_SECONDS,
  PUBLIC_CACHE_CONTROL,
  SHARED_MAX_AGE_SECONDS,
  STALE_LIMIT_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
} from "./http_caching.ts";
import { ROUTES } from "../../contract/routes/mod.ts";
import { json, orderBody, testApp } from "../testing/fixture.ts";

const isAdminRoute = adminRouteMatcher(ROUTES);

Deno.test("isPrivatePath() keeps customer, order, checkout and admin paths private, also behind a language", () => {
  for (
    const path of [
      "/api/orders",
      "/api/orders/bank-details",
      "/api/auth/login",
      "/api/account/orders",
      "/admin",
      "/admin/books/7",
      "/checkout",
      "/cart",
      "/account",
      "/orders/12",
      "/si/cart",
      "/ta/account/orders",
    ]
  ) assert.equal(isPrivatePath(path), true, path);
  for (const path of ["/", "/si", "/books/7", "/ta/books/7", "/stationery", "/api/books"]) {
    assert.equal(isPrivatePath(path), false, path);
  }
});

Deno.test("adminRouteMatcher() knows the admin rows of the route table, GET ones too", () => {
  assert.equal(isAdminRoute("GET", "/api/books/export"), true);
  assert.equal(isAdminRoute("GET", "/api/stationery/archived"), true);
  assert.equal(isAdminRoute("PUT", "/api/books/price/12"), true);
  assert.equal(isAdminRoute("GET", "/api/books/12"), false);
  assert.equal(isAdminRoute("GET", "/api/books"), false);
  assert.equal(isAdminRoute("GET", "/api/categories"), false);
});

Deno.test("mustNotStore() keeps every write and every request with credentials private", () => {
  assert.equal(
    mustNotStore({ method: "POST", path: "/api/books", authorized: false }, { isAdminRoute }),
    true,
  );
  assert.equal(
    mustNotStore({ method: "GET", path: "/api/books", authorized: true }, { isAdminRoute }),
    true,
  );
  assert.equal(
    mustNotStore({ method: "GET", path: "/api/books", authorized: false }, { isAdminRoute }),
    false,
  );
  assert.equal(
    mustNotStore({ method: "HEAD", path: "/books/3", authorized: false }, { isAdminRoute }),
    false,
  );
});

Deno.test("ifNoneMatchMatches() compares weakly, takes lists and a star", () => {
  assert.equal(ifNoneMatchMatches('"a"', '"a"'), true);
  assert.equal(ifNoneMatchMatches('W/"a"', '"a"'), true);
  assert.equal(ifNoneMatchMatches('"x", W/"a"', '"a"'), true);
  assert.equal(ifNoneMatchMatches("*", '"a"'), true);
  assert.equal(ifNoneMatchMatches('"b"', '"a"'), false);
  assert.equal(ifNoneMatchMatches('"a', '"a"'), false);
});

Deno.test("the public policy and the process cache together stay within the documented limit", () => {
  assert.ok(
    SHARED_MAX_AGE_SECONDS + STALE_WHILE_REVALIDATE_SECONDS + PROCESS_CACHE_SECONDS <=
      STALE_LIMIT_SECONDS,
  );
  assert.match(PUBLIC_CACHE_CONTROL, /^public, /);
  assert.match(PUBLIC_CACHE_CONTROL, new RegExp(`s-maxage=${SHARED_MAX_AGE_SECONDS}\\b`));
  assert.match(
    PUBLIC_CACHE_CONTROL,
    new RegExp(`stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}\\b`),
  );
});

Deno.test("a catalogue read is public with an ETag, and the same ETag again is answered 304 with no body", async () => {
  const t = await testApp();
  for (const path of ["/api/books?page=1", `/api/books/${t.ids.book}`, "/api/categories"]) {
    const first = await t.app.request(path);
    assert.equal(first.status, 200, path);
    assert.equal(first.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL, path);
    const etag = first.headers.get("ETag");
    assert.match(etag ?? "", /^"[A-Za-z0-9_-]{24}"$/, path);
    await first.arrayBuffer();
    const again = await t.app.request(path, { headers: { "If-None-Match": etag! } });
    assert.equal(again.status, 304, path);
    assert.equal(again.headers.get("ETag"), etag);
    assert.equal(again.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL);
    assert.ok(again.headers.get("X-Request-Id"));
    assert.equal(await again.text(), "");
    const other = await t.app.request(path, { headers: { "If-None-Match": '"other"' } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get("ETag"), etag);
    await other.arrayBuffer();
  }
});

Deno.test("a price change gives the product a new ETag: the old one is answered in full", async () => {
  const t = await testApp();
  const path = `/api/books/${t.ids.book}`;
  const before = await t.app.request(path);
  const etag = before.headers.get("ETag")!;
  await before.arrayBuffer();
  const changed = await t.asAdmin(`/api/books/price/${t.ids.book}`, json("PUT", { price: 19.99 }));
  assert.equal(changed.status, 200);
  assert.equal(changed.headers.get("Cache-Control"), "no-store");
  await changed.arrayBuffer();
  const after = await t.app.request(path, { headers: { "If-None-Match": etag } });
  assert.equal(after.status, 200);
  assert.notEqual(after.headers.get("ETag"), etag);
  assert.equal((await after.json()).data.price, 19.99);
});

Deno.test("admin, order and auth answers say no-store, whoever asks and whatever the status", async () => {
  const t = await testApp();
  const answers = [
    await t.asAdmin("/api/orders"),
    await t.asAdmin("/api/orders/stats"),
    await t.asAdmin("/api/books/export"),
    await t.app.request("/api/books/export"),
    await t.app.request("/api/books/archived"),
    await t.app.request("/api/orders/bank-details"),
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book))),
    await t.app.request("/api/auth/login", json("POST", { email: "a@b.lk", password: "x" })),
    await t.asAdmin(`/api/books/${t.ids.book}`),
    await t.app.request("/admin/orders"),
    await t.app.request("/si/account"),
  ];
  for (const answer of answers) {
    assert.equal(answer.headers.get("Cache-Control"), "no-store", answer.url);
    assert.equal(answer.headers.get("ETag"), null);
    await answer.arrayBuffer();
  }
});

Deno.test("an answer that is not a 200 is not kept by a shared cache", async () => {
  const t = await testApp();
  const missing = await t.app.request("/api/books/99999");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("Cache-Control"), "no-cache");
  const bad = await t.app.request("/api/books?page=0");
  assert.equal(bad.status, 400);
  assert.equal(bad.headers.get("Cache-Control"), "no-cache");
  await missing.arrayBuffer();
  await bad.arrayBuffer();
});

Deno.test("an uploaded image keeps its own immutable policy", async () => {
  const t = await testApp();
  const key = await t.images.put(new Uint8Array([1, 2, 3]), "image/png");
  const image = await t.app.request(key);
  assert.equal(image.status, 200);
  assert.equal(image.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
  await image.arrayBuffer();
});

Deno.test("the OpenAPI document names the ETag and the 304 of public reads, and only theirs", async () => {
  const t = await testApp();
  const document = await (await t.app.request("/api/openapi.json")).json();
  const books = document.paths["/api/books"].get.responses;
  assert.ok(books["200"].headers.ETag);
  assert.ok(books["304"]);
  assert.equal(document.paths["/api/orders"].get.responses["304"], undefined);
  assert.equal(document.paths["/api/books/export"].get.responses["304"], undefined);
  assert.equal(document.paths["/uploads/{key}"].get.responses["304"], undefined);
});

Deno.test("a HEAD is public and carries its GET's tag, never one over an empty body", async () => {
  const t = await testApp();
  const get = await t.app.request("/api/categories");
  await get.body?.cancel();
  const head = await t.app.request("/api/categories", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL);
  assert.ok(get.headers.get("ETag"));
  assert.equal(head.headers.get("ETag"), get.headers.get("ETag"));
  const again = await t.app.request("/api/categories", {
    method: "HEAD",
    headers: { "If-None-Match": get.headers.get("ETag")! },
  });
  assert.equal(again.status, 304);
});
