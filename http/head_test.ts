/**
 * HEAD answers exactly as GET would, less the body, for every GET route of the table and
 * every kind of caller (a stranger, a customer, the admin): the same status, media type and
 * caching. A HEAD that a guard treats as another method would answer what GET never does.
 */
import assert from "node:assert/strict";
import { ROUTES } from "./app.ts";
import { testApp } from "./testing/fixture.ts";
import { pagesApp } from "./pages/mod.ts";
import { MemoryLocations } from "../adapters/memory/locations.ts";
import { ensureBuilt } from "../scripts/build_web.ts";

const GETS = ROUTES.filter((r) => r.method === "GET");

function concrete(path: string, id: string): string {
  return path.replace(/:\w+/g, id);
}

Deno.test("HEAD answers every GET route as GET does, for a stranger, a customer and the admin", async () => {
  const t = await testApp();
  const callers: Record<string, Record<string, string>> = {
    stranger: {},
    customer: { Authorization: `Bearer ${t.customerToken}` },
    admin: { Authorization: `Bearer ${t.adminToken}` },
  };
  const differences: string[] = [];
  for (const route of GETS) {
    for (const id of [String(t.ids.book), "999"]) {
      const path = concrete(route.path, id);
      for (const [who, headers] of Object.entries(callers)) {
        const get = await t.app.request(path, { headers });
        const head = await t.app.request(path, { method: "HEAD", headers });
        await get.body?.cancel();
        assert.equal((await head.arrayBuffer()).byteLength, 0, `HEAD ${path} has a body`);
        for (const name of ["status", "content-type", "cache-control"] as const) {
          const of = (r: Response) => name === "status" ? String(r.status) : r.headers.get(name);
          if (of(get) !== of(head)) {
            differences.push(`${who} ${path} ${name}: GET ${of(get)}, HEAD ${of(head)}`);
          }
        }
      }
    }
  }
  assert.deepEqual(differences, []);
});

Deno.test("HEAD answers the pages as GET does", async () => {
  await ensureBuilt();
  const base = await testApp();
  const t = await testApp({
    pages: pagesApp({
      catalogue: base.catalogue,
      locations: new MemoryLocations(),
      bank: base.deps.bank,
      shop: base.deps.shop,
    }),
  });
  const paths = [
    "/",
    "/si",
    "/stationery",
    `/books/${t.ids.book}`,
    "/books/999",
    "/cart",
    "/checkout",
    "/track",
    "/login",
    "/register",
    "/reset-password?token=abcdefghijklmnopqrstuvwxyz",
    "/orders/1?key=wrong",
    "/account",
    "/admin",
    "/admin/orders/3",
    "/robots.txt",
    "/sitemap.xml",
    "/nowhere",
  ];
  const differences: string[] = [];
  for (const path of paths) {
    const get = await t.app.request(path);
    const head = await t.app.request(path, { method: "HEAD" });
    await get.body?.cancel();
    assert.equal((await head.arrayBuffer()).byteLength, 0, `HEAD ${path} has a body`);
    for (const name of ["status", "content-type", "cache-control", "etag"] as const) {
      const of = (r: Response) => name === "status" ? String(r.status) : r.headers.get(name);
      if (of(get) !== of(head)) {
        differences.push(`${path} ${name}: GET ${of(get)}, HEAD ${of(head)}`);
      }
    }
  }
  assert.deepEqual(differences, []);
});
