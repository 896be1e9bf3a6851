import assert from "node:assert/strict";
import { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import { newBook } from "../testing/fixture.ts";
import { bookSitemapCount, CRAWLER_DISALLOWED, escapeXml, robotsTxt, seoApp } from "./seo.ts";

const BASE = "https://shop.example.lk";

async function shopWith(books: number) {
  const catalogue = new MemoryCatalogue();
  const category = await catalogue.createCategory("Novels");
  if (category.kind !== "ok") throw new Error("category");
  const ids: number[] = [];
  for (let i = 0; i < books; i++) {
    const created = await catalogue.createBook(
      newBook({ categoryId: category.value.id, isbn13: `978955${String(i).padStart(7, "0")}` }),
    );
    if (created.kind !== "ok") throw new Error("book");
    ids.push(created.value.id);
  }
  return { catalogue, ids };
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

Deno.test("robots.txt keeps crawlers out of the admin, the API and a shopper's own pages, and names the sitemap", async () => {
  const { catalogue } = await shopWith(0);
  const response = await seoApp({ catalogue, shop: { publicUrl: BASE } }).request("/robots.txt");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/plain/);
  const text = await response.text();
  assert.equal(text, robotsTxt(BASE));
  const lines = text.split("\n");
  assert.equal(lines[0], "User-agent: *");
  for (const path of ["/admin", "/api", "/cart", "/checkout", "/account", "/orders"]) {
    assert.ok(lines.includes(`Disallow: ${path}`), path);
  }
  assert.equal(lines.filter((l) => l.startsWith("Disallow:")).length, CRAWLER_DISALLOWED.length);
  assert.ok(!lines.includes("Disallow: /"), "the store pages stay open");
  assert.ok(lines.includes(`Sitemap: ${BASE}/sitemap.xml`));
});

Deno.test("the sitemap index names the store pages and every book in each language, one book sitemap per 50,000 (here 2)", async () => {
  const { catalogue, ids } = await shopWith(5);
  await catalogue.deleteBook(ids[1]);
  const app = seoApp({ catalogue, shop: { publicUrl: BASE }, perSitemap: 2 });
  const index = await app.request("/sitemap.xml");
  assert.equal(index.status, 200);
  assert.equal(index.headers.get("Content-Type"), "application/xml; charset=utf-8");
  const body = await index.text();
  assert.match(
    body,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  const sitemaps = locs(body);
  assert.deepEqual(sitemaps, [
    `${BASE}/sitemap-pages.xml`,
    `${BASE}/sitemap-books-1.xml`,
    `${BASE}/sitemap-books-2.xml`,
    `${BASE}/sitemap-books-si-1.xml`,
    `${BASE}/sitemap-books-si-2.xml`,
    `${BASE}/sitemap-books-ta-1.xml`,
    `${BASE}/sitemap-books-ta-2.xml`,
  ]);
  const listed: string[] = [];
  for (const url of sitemaps.slice(1)) {
    const part = await app.request(url.slice(BASE.length));
    assert.equal(part.status, 200, url);
    const xml = await part.text();
    assert.match(xml, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    assert.ok(locs(xml).length <= 2);
    listed.push(...locs(xml));
  }
  const onSale = ids.filter((id) => id !== ids[1]);
  assert.deepEqual(listed, [
    ...onSale.map((id) => `${BASE}/books/${id}`),
    ...onSale.map((id) => `${BASE}/si/books/${id}`),
    ...onSale.map((id) => `${BASE}/ta/books/${id}`),
  ]);
  const pages = locs(await (await app.request("/sitemap-pages.xml")).text());
  assert.deepEqual(pages, [
    `${BASE}/`,
    `${BASE}/stationery`,
    `${BASE}/privacy`,
    `${BASE}/terms`,
    `${BASE}/si`,
    `${BASE}/si/stationery`,
    `${BASE}/si/privacy`,
    `${BASE}/si/terms`,
    `${BASE}/ta`,
    `${BASE}/ta/stationery`,
    `${BASE}/ta/privacy`,
    `${BASE}/ta/terms`,
  ]);
  assert.equal((await app.request("/sitemap-books-3.xml")).status, 404);
  assert.equal((await app.request("/sitemap-books-si-3.xml")).status, 404);
  assert.equal((await app.request("/sitemap-books-fr-1.xml")).status, 404);
  assert.equal((await app.request("/sitemap-books-0.xml")).status, 404);
});

Deno.test("bookSitemapCount() pages past 50,000 URLs and never names zero sitemaps", () => {
  assert.equal(bookSitemapCount(0), 1);
  assert.equal(bookSitemapCount(50_000), 1);
  assert.equal(bookSitemapCount(50_001), 2);
  assert.equal(bookSitemapCount(100_000), 2);
  assert.equal(bookSitemapCount(100_001), 3);
});

Deno.test("escapeXml() escapes what XML gives a meaning", () => {
  assert.equal(escapeXml(`a<b>&'"`), "a&#60;b&#62;&#38;&#39;&#34;");
});
