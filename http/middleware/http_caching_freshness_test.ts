/**
 * Nothing stale outlives STALE_LIMIT_SECONDS: a shared cache that does exactly what the
 * answers' headers allow (keeps a public answer `s-maxage` seconds, serves it stale for
 * `stale-while-revalidate` seconds more while it asks again with `If-None-Match`) sits in
 * front of the app with its in-process answer cache, on one fake clock.
 */
import assert from "node:assert/strict";
import {
  CatalogueCache,
  InvalidatingCatalogueAdmin,
  InvalidatingOrderRepository,
} from "../../adapters/cache/mod.ts";
import { createApp } from "../app.ts";
import type { CachedResponse } from "./response_cache.ts";
import { STALE_LIMIT_SECONDS } from "./http_caching.ts";
import { json, orderBody, testApp } from "../testing/fixture.ts";

interface Kept {
  body: string;
  etag: string;
  storedAt: number;
  maxAge: number;
  stale: number;
}

/** The directive's seconds in a Cache-Control header, or undefined. */
function seconds(header: string, name: string): number | undefined {
  const match = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(header);
  return match ? Number(match[1]) : undefined;
}

/** A shared cache that follows s-maxage, stale-while-revalidate and ETags, nothing more. */
class SharedCache {
  readonly #kept = new Map<string, Kept>();
  constructor(
    readonly origin: (path: string, init?: RequestInit) => Promise<Response>,
    readonly now: () => number,
  ) {}

  async get(path: string): Promise<string> {
    const kept = this.#kept.get(path);
    const age = kept ? (this.now() - kept.storedAt) / 1000 : Infinity;
    if (kept && age < kept.maxAge) return kept.body;
    if (kept && age < kept.maxAge + kept.stale) {
      // Served stale; the new answer is fetched meanwhile (here: before the next request).
      await this.#fetch(path, kept);
      return kept.body;
    }
    return (await this.#fetch(path, kept)).body;
  }

  async #fetch(path: string, kept: Kept | undefined): Promise<Kept> {
    const headers: Record<string, string> = kept ? { "If-None-Match": kept.etag } : {};
    const response = await this.origin(path, { headers });
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    assert.match(cacheControl, /^public/);
    const fresh = {
      body: response.status === 304 ? kept!.body : await response.text(),
      etag: response.headers.get("ETag")!,
      storedAt: this.now(),
      maxAge: seconds(cacheControl, "s-maxage") ?? 0,
      stale: seconds(cacheControl, "stale-while-revalidate") ?? 0,
    };
    assert.ok(response.status === 200 || response.status === 304, `${path}: ${response.status}`);
    this.#kept.set(path, fresh);
    return fresh;
  }
}

async function shop() {
  const t = await testApp();
  let ms = 1_000_000;
  const cache = new CatalogueCache({ now: () => ms });
  const app = createApp({
    ...t.deps,
    catalogueAdmin: new InvalidatingCatalogueAdmin(t.catalogue, cache),
    orders: new InvalidatingOrderRepository(t.orders, cache),
    responseCache: cache.companion<CachedResponse>({ staleMs: 2_000 }),
  });
  const cdn = new SharedCache(async (path, init) => await app.request(path, init), () => ms);
  return {
    t,
    app,
    cdn,
    advance: (by: number) => ms += by,
  };
}

/** Seconds after the write until the cache shows `shows`, asking every `every` seconds. */
async function secondsUntil(
  s: Awaited<ReturnType<typeof shop>>,
  path: string,
  shows: (body: string) => boolean,
  every: number,
): Promise<number> {
  let waited = 0;
  let first: number | undefined;
  while (waited <= 3 * STALE_LIMIT_SECONDS) {
    const seen = shows(await s.cdn.get(path));
    if (seen) first ??= waited;
    else assert.equal(first, undefined, `${path} went back to the old answer at ${waited} s`);
    s.advance(every * 1000);
    waited += every;
  }
  assert.notEqual(first, undefined, `${path} never showed the change`);
  return first!;
}

Deno.test("a price changed by another instance shows through a shared cache within the documented time", async () => {
  for (const every of [1, 4, 7, 13]) {
    for (const offset of [0, 900, 1_900, 3_100]) {
      const s = await shop();
      const path = `/api/books/${s.t.ids.book}`;
      assert.equal(JSON.parse(await s.cdn.get(path)).data.price, 950);
      s.advance(offset);
      // Straight into the store: this process's caches are not told, as with another instance.
      const changed = await s.t.catalogue.updateBook(s.t.ids.book, { priceCents: 99_900 });
      assert.equal(changed.kind, "ok");
      const waited = await secondsUntil(
        s,
        path,
        (body) => JSON.parse(body).data.price === 999,
        every,
      );
      assert.ok(
        waited <= STALE_LIMIT_SECONDS,
        `every ${every} s, offset ${offset} ms: ${waited} s`,
      );
    }
  }
});

Deno.test("an admin's price change and an order's stock show through a shared cache within the documented time", async () => {
  for (const every of [1, 6, 11]) {
    const s = await shop();
    const path = `/api/books/${s.t.ids.book}`;
    const listing = "/api/books?page=1";
    const before = JSON.parse(await s.cdn.get(path)).data;
    await s.cdn.get(listing);
    s.advance(500);
    const repriced = await s.app.request(
      `/api/books/price/${s.t.ids.book}`,
      json("PUT", { price: 990 }, { Authorization: `Bearer ${s.t.adminToken}` }),
    );
    assert.equal(repriced.status, 200);
    await repriced.arrayBuffer();
    const priced = await s.app.request(path);
    assert.equal((await priced.json()).data.price, 990, "the process itself shows it at once");
    assert.ok(
      await secondsUntil(s, path, (body) => JSON.parse(body).data.price === 990, every) <=
        STALE_LIMIT_SECONDS,
    );

    const placed = await s.app.request(
      "/api/orders",
      json("POST", orderBody(s.t.ids.book, { total: 1980 })),
    );
    assert.equal(placed.status, 201, await placed.clone().text());
    await placed.arrayBuffer();
    const stockShown = (body: string) =>
      JSON.parse(body).data.find((b: { id: number }) => b.id === s.t.ids.book)?.stock ===
        before.stock - 2;
    assert.ok(await secondsUntil(s, listing, stockShown, every) <= STALE_LIMIT_SECONDS);
  }
});
