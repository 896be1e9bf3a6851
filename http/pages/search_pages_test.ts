import assert from "node:assert/strict";
import type { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

async function setup(prepare: (catalogue: MemoryCatalogue) => void = () => {}) {
  const catalogue = await sampleCatalogue();
  prepare(catalogue);
  const app = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: {
      bankName: "Bank of Ceylon",
      bankBranch: "Mount Lavinia",
      accountName: "Pothgula Books",
      accountNumber: "0081234567",
      whatsappNumber: "+94 77 123 4567",
    },
    shop: {
      name: "Pothgula",
      publicUrl: "https://shop.example.lk",
      email: "hello@pothgula.lk",
      phones: ["+94 11 273 4567", "+94 77 123 4567"],
      address: "42 Hotel Road, Mount Lavinia",
      whatsappNumber: "+94 77 123 4567",
    },
  });
  return { app, catalogue };
}

function islandProps(page: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="island-data">(.*?)<\/script>/s.exec(page);
  assert.ok(match, "the page carries its island data");
  const islands: { name: string; props: Record<string, unknown> }[] = JSON.parse(match[1]);
  return islands.find((i) => i.name === "BookList")!.props;
}

/**
 * The page's HTML without React's text separators, and without the words its islands may
 * write later (the page's words script carries them whether shown or not).
 */
async function text(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "")
    .replace(/<script type="application\/json" id="page-words">.*?<\/script>/s, "");
}

Deno.test("the Book Store sorts by the pick in the URL, and the pick shows in the sort field", async () => {
  const { app, catalogue } = await setup();
  const all = await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  });
  const prices = all.items.map((b) => b.priceCents);
  const page = await (await app.request("/?sort=price-desc")).text();
  const props = islandProps(page) as { page: { items: { priceCents: number }[] } };
  const shown = props.page.items.map((b) => b.priceCents);
  assert.deepEqual(shown, [...prices].sort((a, b) => b - a).slice(0, shown.length));
  assert.match(page, /<option value="price-desc" selected="">Price: high to low<\/option>/);
  assert.match(page, /<select id="list-sort" name="sort">/);
  // Without scripts, applying the filters keeps the order.
  assert.match(
    page,
    /<form class="filters-form"[^>]*>.*?<input type="hidden" name="sort" value="price-desc"\/>/s,
  );
  const newest = islandProps(await (await app.request("/?sort=newest")).text()) as {
    page: { items: { id: number }[] };
  };
  const ids = newest.page.items.map((b) => b.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
  assert.equal(ids[0], Math.max(...all.items.map((b) => b.id)));
});

Deno.test("a Book Store search that finds nothing names the Stationery Store's matches and close titles", async () => {
  const { app, catalogue } = await setup();
  const stationery = await catalogue.listStationery({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  });
  const word = stationery.items[0].title.split(" ")[0];
  const matching =
    stationery.items.filter((s) => s.title.toLowerCase().includes(word.toLowerCase())).length;
  const page = await text(await app.request(`/?q=${encodeURIComponent(word)}`));
  assert.match(page, /No books match “/);
  assert.match(page, /The Stationery Store has/);
  assert.ok(page.includes(`href="/stationery?q=${encodeURIComponent(word)}"`), word);
  assert.ok(page.includes(`${matching} ${matching === 1 ? "item" : "items"} for “${word}”`));

  const suggested = await text(await app.request("/?q=gamperalya"));
  assert.match(suggested, /No books match “gamperalya”/);
  assert.match(suggested, /Did you mean:/);
  assert.ok(suggested.includes('<a href="/?q=Gamperaliya">Gamperaliya</a>'));
  assert.doesNotMatch(suggested, /The Stationery Store has/);
});

function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1])
  );
}

Deno.test("a book page carries its canonical link and its Book JSON-LD", async () => {
  const { app, catalogue } = await setup();
  const [book] = (await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 1,
  })).items;
  const page = await text(await app.request(`/books/${book.id}?utm_source=x`));
  const canonical = [...page.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(canonical, [`https://shop.example.lk/books/${book.id}`]);
  const [data] = jsonLd(page);
  assert.deepEqual(data["@type"], ["Book", "Product"]);
  assert.equal(data.name, book.title);
  assert.equal((data.offers as Record<string, unknown>).priceCurrency, "LKR");
});

Deno.test("list pages point search engines at their page alone, and the Stationery Store lists its products", async () => {
  const { app } = await setup();
  const search = await text(await app.request("/?q=madol&sort=price-desc&page=1"));
  assert.match(search, /<link rel="canonical" href="https:\/\/shop.example.lk\/"\/>/);
  assert.deepEqual(jsonLd(search), []);
  const stationery = await text(await app.request("/stationery?page=2"));
  assert.match(
    stationery,
    /<link rel="canonical" href="https:\/\/shop.example.lk\/stationery\?page=2"\/>/,
  );
  const [list] = jsonLd(await text(await app.request("/stationery")));
  assert.equal(list["@type"], "ItemList");
  assert.ok((list.itemListElement as unknown[]).length > 0);
});

Deno.test("the pages app answers robots.txt and the sitemap", async () => {
  const { app } = await setup();
  const robots = await app.request("/robots.txt");
  assert.equal(robots.status, 200);
  assert.match(await robots.text(), /Disallow: \/checkout/);
  const index = await app.request("/sitemap.xml");
  assert.equal(index.status, 200);
  assert.match(await index.text(), /https:\/\/shop.example.lk\/sitemap-books-1.xml/);
  const books = await (await app.request("/sitemap-books-1.xml")).text();
  assert.match(books, /<loc>https:\/\/shop.example.lk\/books\/\d+<\/loc>/);
});

/**
 * The catalogue's searches answer as a broad search past its bound does: the page asked for,
 * full, with the bound as its total and `totalCapped` (the sample has too few books to pass
 * a real bound; the stores' own tests count to it).
 */
function capSearches(catalogue: MemoryCatalogue): void {
  const listBooks = catalogue.listBooks.bind(catalogue);
  catalogue.listBooks = async (filter, request, sort) => {
    if (!filter.q) return listBooks(filter, request, sort);
    const first = await listBooks({ inStock: true, outOfStock: true }, { ...request, page: 1 });
    return { ...first, page: request.page, total: 1000, totalCapped: true };
  };
}

const CAPPED_COUNT = {
  en: "1,000+ books found",
  si: "පොත් 1,000 කට වඩා හමු විය",
  ta: "1,000க்கும் மேற்பட்ட புத்தகங்கள் கிடைத்தன",
};

Deno.test("a Book Store search counted up to its bound says so and links the page past the bound's last, in every language", async () => {
  const { app } = await setup(capSearches);
  for (const [language, count] of Object.entries(CAPPED_COUNT)) {
    const home = language === "en" ? "/" : `/${language}`;
    const first = await (await app.request(`${home}?q=the`)).text();
    const shown = first.replaceAll("<!-- -->", "");
    assert.ok(shown.includes(`role="status">${count}</p>`), `${language}: ${count}`);
    assert.ok(shown.includes(`href="${home}?q=the&amp;page=100" aria-label=`), language);
    assert.ok(shown.includes(`href="${home}?q=the&amp;page=2" rel="next"`), language);
    const props = islandProps(first) as { page: { total: number; totalCapped?: boolean } };
    assert.deepEqual([props.page.total, props.page.totalCapped], [1000, true]);

    const last = (await (await app.request(`${home}?q=the&page=100`)).text())
      .replaceAll("<!-- -->", "");
    assert.ok(last.includes(`role="status">${count}</p>`), language);
    assert.match(last, /aria-current="page"[^>]*>100</);
    assert.ok(last.includes(`href="${home}?q=the&amp;page=101" rel="next"`), language);
  }
  // An exact listing says its count; its page still brings the capped words for its island.
  const plain = await (await app.request("/")).text();
  assert.match(
    plain,
    /<script type="application\/json" id="page-words">[^<]*"list\.booksFoundAtLeast"/,
  );
  const listed = await text(new Response(plain));
  assert.doesNotMatch(listed, /\+ books found/);
  assert.match(listed, /role="status">\d+ books found</);
});
