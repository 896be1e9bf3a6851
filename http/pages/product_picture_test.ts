import assert from "node:assert/strict";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { testApp } from "../testing/fixture.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

async function page(path: string): Promise<string> {
  const t = await testApp();
  const app = pagesApp({
    catalogue: t.catalogue,
    locations: t.deps.locations,
    bank: t.deps.bank,
    shop: t.deps.shop,
  });
  const response = await app.request(path.replace(":id", String(t.ids.book)));
  assert.equal(response.status, 200);
  return await response.text();
}

Deno.test("a book card lists the cover's copies in WebP and its own type, sized for two a row on a phone less its margins", async () => {
  const html = await page("/");
  assert.ok(
    html.includes(
      '<source type="image/webp" srcSet="/uploads/madol-w160.webp 160w, /uploads/madol-w320.webp 320w, /uploads/madol-w640.webp 640w, /uploads/madol-w1024.webp 1024w" sizes="(min-width: 768px) 240px, calc(50vw - 24px)"/>',
    ),
  );
  assert.match(
    html,
    /<img src="\/uploads\/madol\.png" srcSet="\/uploads\/madol-w160\.png 160w, [^"]*1024w" sizes="\(min-width: 768px\) 240px, calc\(50vw - 24px\)" alt="" width="240" height="320"/,
  );
});

Deno.test("a book's page lists its picture's copies for the gallery's width", async () => {
  const html = await page("/books/:id");
  assert.match(
    html,
    /<source type="image\/webp" srcSet="[^"]*madol-w640\.webp 640w[^"]*" sizes="\(min-width: 768px\) 400px, calc\(100vw - 32px\)"\/>/,
  );
});

Deno.test("a book's share card points at its cover's widest copy, not the uploaded photo", async () => {
  const html = await page("/books/:id");
  assert.ok(
    html.includes(
      '<meta property="og:image" content="http://localhost:8000/uploads/madol-w1024.png"/>',
    ),
  );
});

Deno.test("the first card's picture and the book page's main picture are fetched first", async () => {
  const list = await page("/");
  assert.equal(list.match(/fetchPriority="high"/g)?.length, 1);
  assert.match(list, /<img src="\/uploads\/madol\.png"[^>]*fetchPriority="high"/);
  const book = await page("/books/:id");
  assert.match(book, /alt="Madol Doova" width="400" height="533" fetchPriority="high"/);
});

Deno.test("the islands' code waits behind the first screen's pictures and stylesheet", async () => {
  for (const path of ["/", "/books/:id"]) {
    const html = await page(path);
    const scripts = html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ??
      [];
    assert.ok(scripts.length > 1, path);
    for (const tag of scripts) assert.match(tag, /fetchPriority="low"/, `${path}: ${tag}`);
  }
});
