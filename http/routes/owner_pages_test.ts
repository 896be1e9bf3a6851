/**
 * The pages the owner writes, over HTTP: written per language through /api/pages and read on
 * the storefront at /faq (and /si/faq ...), linked from the footer, with the shop's rules put
 * in from its policies; a script, an iframe or an unsafe link refused with the reason, a page
 * above 100 KB refused with 413, and the writing kept to the owner.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { json, testApp } from "../testing/fixture.ts";
import { pagesApp } from "../pages/mod.ts";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { MemoryOwnerPages } from "../../adapters/memory/owner_pages.ts";
import { CACHEABLE_PATH } from "../middleware/response_cache.ts";

await ensureBuilt();

async function shop() {
  const base = await testApp();
  const ownerPages = new MemoryOwnerPages();
  return await testApp({
    ownerPages,
    pages: pagesApp({
      catalogue: base.catalogue,
      locations: new MemoryLocations(),
      bank: base.deps.bank,
      shop: base.deps.shop,
      ownerPages,
      customerOrder: () => Promise.resolve(undefined),
    }),
  });
}

const FAQ_SI = {
  title: "නිතර අසන ප්‍රශ්න",
  body: "## ගෙවීම\nඅපි භාර ගන්නේ: {{payment_methods}}\n\n- [ඇණවුම සොයන්න](/si/track)",
};

Deno.test("the FAQ written in Sinhala is read on the storefront at /si/faq, its rules from the policies", async () => {
  const t = await shop();
  assert.equal((await t.app.request("/si/faq")).status, 404, "not written yet");
  const saved = await t.asAdmin("/api/pages/faq/si", json("PUT", FAQ_SI));
  assert.equal(saved.status, 200, await saved.clone().text());
  assert.equal((await saved.json()).data.title, FAQ_SI.title);
  const page = await t.app.request("/si/faq");
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.ok(html.includes(`<h1 class="page-title">${FAQ_SI.title}</h1>`));
  assert.ok(html.includes("<h2><span>ගෙවීම</span></h2>"));
  assert.ok(html.includes('href="/si/track"'));
  assert.ok(!html.includes("{{payment_methods}}"), "the rule is put in, not shown as typed");
  assert.ok(html.includes('href="/si/faq"'), "the footer links the FAQ");
  assert.equal((await t.app.request("/faq")).status, 404, "English not written");
  assert.ok(
    CACHEABLE_PATH.test("/si/faq") && CACHEABLE_PATH.test("/terms"),
    "cached as the catalogue",
  );
});

Deno.test("Terms written by the owner take the place of the fixed text", async () => {
  const t = await shop();
  const body = { title: "Our terms", body: "We hold stock: {{holds}}" };
  assert.equal((await t.asAdmin("/api/pages/terms/en", json("PUT", body))).status, 200);
  const html = await (await t.app.request("/terms")).text();
  assert.ok(html.includes('<h1 class="page-title">Our terms</h1>'));
});

Deno.test("a page with a script, an iframe or an unsafe link is refused with the reason; above 100 KB is 413", async () => {
  const t = await shop();
  for (
    const [body, reason] of [
      ["Hi <script>alert(1)</script>", /script is not allowed/],
      ['<iframe src="https://x.example"></iframe>', /iframe is not allowed/],
      ["[click](javascript:alert(1))", /is not allowed/],
    ] as const
  ) {
    const answer = await t.asAdmin("/api/pages/faq/en", json("PUT", { title: "FAQ", body }));
    assert.equal(answer.status, 400, body);
    const { error } = await answer.json();
    assert.equal(error.details[0].field, "body");
    assert.match(error.details[0].message, reason);
  }
  const big = await t.asAdmin(
    "/api/pages/faq/en",
    json("PUT", { title: "FAQ", body: "a".repeat(100 * 1024 + 1) }),
  );
  assert.equal(big.status, 413);
  const fits = await t.asAdmin(
    "/api/pages/faq/en",
    json("PUT", { title: "FAQ", body: "a".repeat(90 * 1024) }),
  );
  assert.equal(fits.status, 200, "90 KB fits, above the 64 KB of other bodies");
  assert.equal((await t.asAdmin("/api/pages/blog/en")).status, 400);
  const stranger = await t.app.request("/api/pages/faq/en", json("PUT", FAQ_SI));
  assert.equal(stranger.status, 401);
});
