/**
 * Every private path of the shop, under every language prefix, says `Cache-Control:
 * no-store` and is never kept by the answer cache. The paths come from the shop itself: the
 * admin's and the customer's API routes from the route table, and every storefront page
 * from the pages' own routes but the few that are public (the catalogue, the legal pages,
 * the crawlers' files), so a page added later is walked as private until it is declared
 * public. Each is asked without credentials, so that the rule must come from the path.
 *
 * The same walk runs over the caching rules built from the shop's languages plus a
 * made-up fourth one, `xx`: a language added to SHOP_LANGUAGES keeps `/xx/account` and
 * `/xx/orders/1?key=` private, where a prefix rule written by hand would let a CDN keep them.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { ensureBuilt } from "../scripts/build_web.ts";
import {
  languageOfPath,
  type LanguagePaths,
  languagePaths,
  SHOP_LANGUAGES,
} from "../domain/i18n/language.ts";
import { customerOrderView } from "../domain/orders/customer_view.ts";
import { createApp } from "./app.ts";
import { adminRouteMatcher, httpCaching, PUBLIC_CACHE_CONTROL } from "./middleware/http_caching.ts";
import { cacheablePath, type CachedResponse, responseCache } from "./middleware/response_cache.ts";
import type { ResponseStore } from "./middleware/response_cache.ts";
import { ROUTES } from "../contract/routes/mod.ts";
import type { RouteSpec } from "../contract/route.ts";
import { pagesApp } from "./pages/mod.ts";
import { json, orderBody, testApp } from "./testing/fixture.ts";

await ensureBuilt();

/** The pages anyone may keep: the catalogue and the legal pages, in every language. */
const PUBLIC_PAGES = new Set([
  "/",
  "/stationery",
  "/books/:id",
  "/privacy",
  "/terms",
  // The owner's written pages: the same for everyone.
  "/faq",
  "/delivery",
  "/returns",
]);
/** Files for crawlers and the browser's own asks, public by nature. */
const PUBLIC_FILES = /\.(?:xml|txt|ico)\b|sitemap|^\/qr\//;

/** A route a customer opens with an order's key (its query names `key`). */
function opensWithKey(route: RouteSpec): boolean {
  return route.query instanceof z.ZodObject && "key" in route.query.shape;
}

/** The admin's and the customer's API routes: admin rows, signed-in rows, key-opened rows. */
function privateApiRoutes(): { method: string; path: string }[] {
  return ROUTES.filter((r) => r.admin || r.signedIn !== undefined || opensWithKey(r));
}

/** Every GET page of the storefront but the public ones, as the pages app routes them. */
function privatePages(pages: Hono): { method: string; path: string }[] {
  const paths = new Set(
    pages.routes.filter((r) => r.method === "GET").map((r) => r.path)
      // Each page once, as English names it; the built files and the not-found page aside.
      .filter((path) => languageOfPath(path).language === "en" && !path.includes("*"))
      .filter((path) => !PUBLIC_PAGES.has(path) && !PUBLIC_FILES.test(path)),
  );
  return [...paths].map((path) => ({ method: "GET", path }));
}

/** A route's path with its parameters filled in; every GET carries the order's key. */
function concrete(route: { method: string; path: string }, order: { id: number; key: string }) {
  const path = route.path.replace(/:\w+(?:\{[^}]*\})?/g, String(order.id));
  return route.method === "GET" ? `${path}?key=${order.key}` : path;
}

/** A store that keeps every answer it is given, and says which. */
function keepingStore(): ResponseStore & { keys: string[] } {
  const kept = new Map<string, CachedResponse>();
  return {
    get keys() {
      return [...kept.keys()];
    },
    generation: 0,
    lookup: (key) => kept.has(key) ? { value: kept.get(key)!, fresh: true } : undefined,
    set: (key, response) => void kept.set(key, response),
  };
}

/** Asks `app` for each private path under each prefix, without credentials. */
async function walk(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  paths: { method: string; path: string }[],
  prefixes: string[],
  order: { id: number; key: string },
): Promise<number> {
  let asked = 0;
  for (const prefix of prefixes) {
    for (const route of paths) {
      const url = `${prefix}${concrete(route, order)}`;
      const label = `${route.method} ${url}`;
      asked++;
      const answer = await app.request(url, { method: route.method });
      await answer.body?.cancel();
      const policy = answer.headers.get("Cache-Control") ?? "";
      assert.match(policy, /\bno-store\b|\bprivate\b/, `${label} (${answer.status}): ${policy}`);
      assert.equal(answer.headers.get("ETag"), null, label);
    }
  }
  return asked;
}

const PREFIXES = ["", ...SHOP_LANGUAGES.map((language) => `/${language}`)];

async function shop() {
  const t = await testApp();
  const store = keepingStore();
  const pages = pagesApp({
    catalogue: t.catalogue,
    locations: t.deps.locations,
    bank: t.deps.bank,
    shop: t.deps.shop,
    customerOrder: async (id, key) => {
      const order = await t.orders.findByKey(id, await t.deps.orderKeys.hash(key));
      return order && customerOrderView(order);
    },
  });
  const app = createApp({ ...t.deps, responseCache: store, pages });
  const placed = await app.request("/api/orders", json("POST", orderBody(t.ids.book)));
  assert.equal(placed.status, 201);
  const url = new URL((await placed.json()).orderUrl);
  const order = { id: Number(url.pathname.split("/").pop()), key: url.searchParams.get("key")! };
  return { t, app, pages, store, order };
}

Deno.test("the private paths come from the route table and the pages' routes, and name every door", async () => {
  const { pages } = await shop();
  const api = privateApiRoutes().map((r) => `${r.method} ${r.path}`);
  for (
    const expected of [
      "GET /api/orders",
      "GET /api/orders/:id",
      "PUT /api/books/:id",
      "GET /api/orders/:id/view",
      "GET /api/orders/:id/receipt",
      "POST /api/orders/:id/payment-proof",
      "GET /api/account",
      "GET /api/account/orders",
      "POST /api/auth/password",
    ]
  ) assert.ok(api.includes(expected), expected);
  const pagePaths = privatePages(pages).map((r) => r.path);
  for (
    const expected of [
      "/cart",
      "/checkout",
      "/account",
      "/orders/:id",
      "/login",
      "/register",
      "/reset-password",
      "/track",
      "/admin",
      "/admin/orders",
      "/admin/orders/:id{[1-9][0-9]{0,9}}",
    ]
  ) assert.ok(pagePaths.includes(expected), expected);
  for (const path of pagePaths) assert.ok(!PUBLIC_PAGES.has(path), path);
});

Deno.test("every private page and API route says no-store under every language prefix, and none is kept", async () => {
  const { t, app, pages, store, order } = await shop();
  const paths = [...privatePages(pages), ...privateApiRoutes()];
  assert.equal(await walk(app, paths, PREFIXES, order), paths.length * PREFIXES.length);
  assert.deepEqual(store.keys, []);

  // The order's own page opened with its key, in each language: a 200 with its data.
  for (const prefix of ["", "/si", "/ta"]) {
    const page = await app.request(`${prefix}/orders/${order.id}?key=${order.key}`);
    assert.equal(page.status, 200, prefix);
    assert.equal(page.headers.get("Cache-Control"), "no-store");
    assert.match(await page.text(), /Nimal Perera|12 Galle Road/);
  }

  // The rig keeps what is public: the walk's answers were refused, not lost.
  for (const path of [`/si/books/${t.ids.book}`, "/ta", "/stationery"]) {
    const page = await app.request(path);
    await page.body?.cancel();
    assert.equal(page.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL, `${path} ${page.status}`);
  }
  assert.deepEqual(store.keys.sort(), [
    `identity /si/books/${t.ids.book}`,
    "identity /stationery",
    "identity /ta",
  ]);
});

/**
 * The caching rules of `languages` in front of an app that answers every path 200, as a page
 * of a newly added language would.
 */
function rulesOver(languages: LanguagePaths) {
  const store = keepingStore();
  const app = new Hono();
  app.use(httpCaching({ isAdminRoute: adminRouteMatcher(ROUTES), languages }));
  app.use(responseCache(store, cacheablePath(languages)));
  app.all("*", (c) => c.html("<p>A page in any language</p>"));
  return { app, store };
}

Deno.test("with a fourth language in the list, its private paths are no-store too and none is kept", async () => {
  const { pages, order } = await shop();
  const languages = languagePaths([...SHOP_LANGUAGES, "xx"], "en");
  const { app, store } = rulesOver(languages);
  const paths = [...privatePages(pages), ...privateApiRoutes()];
  const prefixes = [...PREFIXES, "/xx"];
  assert.equal(await walk(app, paths, prefixes, order), paths.length * prefixes.length);
  assert.deepEqual(store.keys, []);

  // Its catalogue pages are public and kept, as the other languages' are.
  for (const path of ["/xx", "/xx/books/1", "/xx/stationery"]) {
    const page = await app.request(path);
    await page.body?.cancel();
    assert.equal(page.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL, `${path} ${page.status}`);
  }
  assert.equal(store.keys.length, 3);
});

/**
 * The counterpart of the walk above: the rules know the languages of their list and no
 * other. Built from the shop's three, `/xx/account` is an ordinary path, which this rig
 * answers 200 and so lets a shared cache keep: what a page of `xx` would get if the rules
 * were not built from the list the pages are.
 */
Deno.test("the caching rules know the prefixes of their own list only: /xx is no language of the shop's", async () => {
  const { app } = rulesOver(languagePaths(SHOP_LANGUAGES, "en"));
  for (const path of ["/xx/account", "/xx/orders/1?key=k", "/xx/cart"]) {
    const answer = await app.request(path);
    await answer.body?.cancel();
    assert.equal(answer.headers.get("Cache-Control"), PUBLIC_CACHE_CONTROL, path);
  }
  const account = await app.request("/si/account");
  await account.body?.cancel();
  assert.equal(account.headers.get("Cache-Control"), "no-store");
});
