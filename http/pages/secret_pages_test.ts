/**
 * A page whose address carries a secret (a reset link's token, an order's key) is never
 * kept by a cache, never sends its address on as a referrer, and never names the secret in
 * its canonical address or hreflang alternates; its language links keep it, since the page
 * opens only with it.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { sampleOrder } from "../../domain/notifications/testing/samples.ts";
import { testApp } from "../testing/fixture.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

const TOKEN = "Zq3x9Kp2Lm7Rt5Vw8Yb1Nc4Hd6Jf0Gs";
const KEY = "orderKeyThatOpensIt";
const ORDER = customerOrderView(sampleOrder({ id: 41, paymentMethod: "Bank Deposit" }));

async function shop() {
  const base = await testApp();
  return await testApp({
    pages: pagesApp({
      catalogue: base.catalogue,
      locations: new MemoryLocations(),
      bank: base.deps.bank,
      shop: base.deps.shop,
      customerOrder: (id, key) => Promise.resolve(id === 41 && key === KEY ? ORDER : undefined),
    }),
  });
}

Deno.test("pages carrying a token or an order key are no-store, no-referrer, and keep it out of their head", async () => {
  const t = await shop();
  const cases = [
    [`/reset-password?token=${TOKEN}`, TOKEN],
    [`/si/reset-password?token=${TOKEN}`, TOKEN],
    [`/ta/reset-password?token=${TOKEN}&x=1`, TOKEN],
    [`/orders/41?key=${KEY}`, KEY],
    [`/si/orders/41?key=${KEY}`, KEY],
    [`/orders/41?key=wrong${KEY}`, KEY],
  ];
  for (const [path, secret] of cases) {
    const response = await t.app.request(path);
    await checkSecretPage(response, path, secret);
  }
  // The admin area's reset page: no cache, no referrer (it has no canonical or alternates).
  const admin = await t.app.request(`/admin/reset-password?token=${TOKEN}`);
  assert.equal(admin.status, 200);
  await checkSecretPage(admin, "/admin/reset-password", TOKEN);
});

/** A page with a secret in its address: no cache, no referrer, no secret in its head. */
async function checkSecretPage(response: Response, path: string, secret: string) {
  const html = await response.text();
  assert.equal(response.headers.get("Cache-Control"), "no-store", path);
  assert.equal(response.headers.get("Referrer-Policy"), "no-referrer", path);
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0])
    .filter((tag) => tag.includes(secret));
  assert.deepEqual(links, [], `${path}: the head repeats the secret`);
}

Deno.test("a language link keeps the page's query, its secret too, so the page still opens", async () => {
  const t = await shop();
  const html = await (await t.app.request(`/ta/reset-password?token=${TOKEN}&x=1`)).text();
  assert.match(html, new RegExp(`href="/si/reset-password\\?token=${TOKEN}&amp;x=1"`));
  const order = await (await t.app.request(`/si/orders/41?key=${KEY}`)).text();
  const switched = /href="(\/orders\/41\?key=[^"]+)"/.exec(order)?.[1];
  assert.equal(switched, `/orders/41?key=${KEY}`);
  const english = await t.app.request(switched);
  assert.equal(english.status, 200);
  await english.body?.cancel();
});

Deno.test("a page without a secret in its address keeps the ordinary referrer policy and links", async () => {
  const t = await shop();
  const response = await t.app.request("/reset-password?x=1");
  const html = await response.text();
  assert.equal(response.headers.get("Referrer-Policy"), "strict-origin-when-cross-origin");
  assert.match(html, /href="\/si\/reset-password\?x=1"/);
  const home = await t.app.request("/?q=madol");
  await home.body?.cancel();
  assert.match(home.headers.get("Cache-Control") ?? "", /public/);
});
