/**
 * Whole storefront pages kept by the response cache, as the API's answers are, and cleared
 * by the same writes: an admin's change and an order show on the next page at once.
 */
import assert from "node:assert/strict";
import {
  CatalogueCache,
  InvalidatingCatalogueAdmin,
  InvalidatingOrderRepository,
} from "../../adapters/cache/mod.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import type { Catalogue } from "../../domain/ports.ts";
import { createApp } from "../app.ts";
import { CACHEABLE_PATH, type CachedResponse } from "../middleware/response_cache.ts";
import { json, orderBody, testApp } from "../testing/fixture.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

/** The catalogue with a count of every read the pages make. */
function counted(catalogue: Catalogue): { catalogue: Catalogue; reads: { count: number } } {
  const reads = { count: 0 };
  const proxy = new Proxy(catalogue, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        reads.count++;
        return value.apply(target, args);
      };
    },
  });
  return { catalogue: proxy, reads };
}

async function shop() {
  const t = await testApp();
  const cache = new CatalogueCache();
  const { catalogue, reads } = counted(t.catalogue);
  const app = createApp({
    ...t.deps,
    catalogueAdmin: new InvalidatingCatalogueAdmin(t.catalogue, cache),
    orders: new InvalidatingOrderRepository(t.orders, cache),
    responseCache: cache.companion<CachedResponse>({ staleMs: 2_000 }),
    pages: pagesApp({
      catalogue,
      locations: t.deps.locations,
      bank: t.deps.bank,
      shop: t.deps.shop,
    }),
  });
  const admin = { Authorization: `Bearer ${t.adminToken}` };
  return { t, app, reads, admin };
}

const gzip = { headers: { "Accept-Encoding": "gzip" } };

Deno.test("CACHEABLE_PATH takes the catalogue pages, also behind a language, and nothing private", () => {
  for (
    const path of ["/", "/stationery", "/books/12", "/si", "/si/", "/ta/books/12", "/api/books"]
  ) {
    assert.ok(CACHEABLE_PATH.test(path), path);
  }
  for (
    const path of [
      "/cart",
      "/checkout",
      "/admin",
      "/books/x",
      "/si/cart",
      "/fr/books/1",
      "/api/orders",
    ]
  ) {
    assert.ok(!CACHEABLE_PATH.test(path), path);
  }
});

Deno.test("a book's page is rendered once and then served whole, with the same ETag", async () => {
  const s = await shop();
  const path = `/books/${s.t.ids.book}`;
  const first = await s.app.request(path, gzip);
  const firstBody = new Uint8Array(await first.arrayBuffer());
  const readsAfterFirst = s.reads.count;
  assert.ok(readsAfterFirst > 0);
  const second = await s.app.request(path, gzip);
  assert.equal(second.status, 200);
  assert.deepEqual(new Uint8Array(await second.arrayBuffer()), firstBody);
  assert.equal(s.reads.count, readsAfterFirst, "the second answer read nothing");
  assert.equal(second.headers.get("ETag"), first.headers.get("ETag"));
  assert.notEqual(second.headers.get("X-Request-Id"), first.headers.get("X-Request-Id"));
  assert.match(second.headers.get("Content-Type") ?? "", /text\/html/);
  assert.ok(second.headers.get("Content-Security-Policy"));
  const unchanged = await s.app.request(path, {
    headers: { "Accept-Encoding": "gzip", "If-None-Match": first.headers.get("ETag")! },
  });
  assert.equal(unchanged.status, 304);
});

Deno.test("the listing is kept by its whole URL: each search and filter is its own page", async () => {
  const s = await shop();
  const one = await (await s.app.request("/?q=madol")).text();
  const reads = s.reads.count;
  const other = await (await s.app.request("/?q=zzzz")).text();
  assert.ok(s.reads.count > reads, "another query is rendered anew");
  assert.notEqual(one, other);
  const again = s.reads.count;
  assert.equal(await (await s.app.request("/?q=madol")).text(), one);
  assert.equal(s.reads.count, again);
});

Deno.test("an admin's price change shows on the next page view at once", async () => {
  const s = await shop();
  const path = `/books/${s.t.ids.book}`;
  const before = await (await s.app.request(path)).text();
  assert.ok(before.includes("LKR 950.00"));
  await (await s.app.request("/")).arrayBuffer();
  const changed = await s.app.request(
    `/api/books/price/${s.t.ids.book}`,
    json("PUT", { price: 990 }, s.admin),
  );
  assert.equal(changed.status, 200);
  await changed.arrayBuffer();
  for (const page of [path, "/"]) {
    const after = await (await s.app.request(page)).text();
    assert.ok(after.includes("LKR 990.00"), page);
    assert.ok(!after.includes("LKR 950.00"), page);
  }
});

Deno.test("an order clears the kept pages: the stock it took shows on the next view", async () => {
  const s = await shop();
  const path = `/books/${s.t.ids.book}`;
  await (await s.app.request(path)).arrayBuffer();
  const reads = s.reads.count;
  const placed = await s.app.request("/api/orders", json("POST", orderBody(s.t.ids.book)));
  assert.equal(placed.status, 201);
  await placed.arrayBuffer();
  await (await s.app.request(path)).arrayBuffer();
  assert.ok(s.reads.count > reads, "the page was rendered again from the catalogue");
});

Deno.test("private and missing pages are never kept", async () => {
  const s = await shop();
  for (const path of ["/cart", "/checkout", "/books/99999"]) {
    await (await s.app.request(path)).arrayBuffer();
    const reads = s.reads.count;
    const again = await s.app.request(path);
    await again.arrayBuffer();
    if (path === "/books/99999") assert.ok(s.reads.count > reads, path);
    assert.notEqual(again.headers.get("Cache-Control")?.startsWith("public"), true, path);
  }
});

Deno.test("a book's page is kept once per language: /si and /ta are not served the English page", async () => {
  const s = await shop();
  const pages: Record<string, string> = {};
  for (const prefix of ["", "/si", "/ta"]) {
    pages[prefix] = await (await s.app.request(`${prefix}/books/${s.t.ids.book}`)).text();
  }
  assert.match(pages[""], /<html lang="en">/);
  assert.match(pages["/si"], /<html lang="si">/);
  assert.match(pages["/ta"], /<html lang="ta">/);
  const reads = s.reads.count;
  for (const prefix of ["", "/si", "/ta"]) {
    const again = await (await s.app.request(`${prefix}/books/${s.t.ids.book}`)).text();
    assert.equal(again, pages[prefix], `${prefix || "/"} is served its own kept page`);
  }
  assert.equal(s.reads.count, reads, "each language's page came from the cache");
});
