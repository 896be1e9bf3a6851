import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { pagesApp } from "./mod.ts";
import type { ShopInfo } from "../../domain/shop.ts";

await ensureBuilt();

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://shop.example.lk",
  email: "hello@pothgula.lk",
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  address: "42 Hotel Road, Mount Lavinia",
  whatsappNumber: "+94 77 123 4567",
};

async function setup() {
  const catalogue = await sampleCatalogue();
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
    shop: SHOP,
  });
  const books = await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 1,
  });
  return { app, book: books.items[0] };
}

/** The page's HTML without React's text separators. */
async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

function alternates(page: string): Record<string, string> {
  return Object.fromEntries(
    [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)]
      .map((m) => [m[1], m[2]]),
  );
}

Deno.test("the Book Store answers in Sinhala under /si and in Tamil under /ta, English unprefixed", async () => {
  const { app } = await setup();
  const cases = [
    { path: "/", lang: "en", heading: "Book Store", tab: "Stationery Store" },
    { path: "/si", lang: "si", heading: "පොත් හල", tab: "ලිපිද්‍රව්‍ය හල" },
    { path: "/ta", lang: "ta", heading: "புத்தகக் கடை", tab: "எழுதுபொருள் கடை" },
  ];
  for (const { path, lang, heading, tab } of cases) {
    const response = await app.request(path);
    assert.equal(response.status, 200, path);
    const page = await html(response);
    assert.match(page, new RegExp(`<html lang="${lang}">`), path);
    assert.match(page, new RegExp(`<h1 class="page-title">${heading}</h1>`), path);
    assert.ok(page.includes(`>${tab}</a>`), `${path} names the other store in its language`);
    assert.match(page, /class="card-price">LKR \d{1,3}(,\d{3})*\.\d{2}</, path);
    assert.deepEqual(alternates(page), {
      en: "https://shop.example.lk/",
      si: "https://shop.example.lk/si",
      ta: "https://shop.example.lk/ta",
      "x-default": "https://shop.example.lk/",
    });
  }
});

Deno.test("a book's page in Tamil links its canonical, alternates and cards in Tamil, and prices in LKR", async () => {
  const { app, book } = await setup();
  const page = await html(await app.request(`/ta/books/${book.id}`));
  assert.match(page, /<html lang="ta">/);
  assert.ok(
    page.includes(`<link rel="canonical" href="https://shop.example.lk/ta/books/${book.id}"/>`),
  );
  assert.deepEqual(alternates(page), {
    en: `https://shop.example.lk/books/${book.id}`,
    si: `https://shop.example.lk/si/books/${book.id}`,
    ta: `https://shop.example.lk/ta/books/${book.id}`,
    "x-default": `https://shop.example.lk/books/${book.id}`,
  });
  assert.ok(page.includes(`<title>${book.title} - ${book.author} | Pothgula</title>`));
  assert.ok(page.includes(`<h2 id="spec-heading">விவரங்கள்</h2>`));
  assert.ok(page.includes(`<dt>பதிப்பகம்</dt>`));
  assert.ok(page.includes(`<a href="/ta">புத்தகக் கடை</a>`), "the breadcrumb stays in Tamil");
  const lkr = (book.priceCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
  assert.ok(page.includes(`>LKR ${lkr}<`), `the price reads LKR ${lkr}`);
});

Deno.test("the language switcher keeps the path and the query, and marks the page's language", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/si/stationery?q=pen&sort=price-asc"));
  assert.match(page, /<html lang="si">/);
  const switcher = /<nav class="language-switcher"[^>]*>(.*?)<\/nav>/s.exec(page)?.[1] ?? "";
  const links = [...switcher.matchAll(/<a href="([^"]+)" lang="(\w+)"[^>]*>([^<]+)<\/a>/g)]
    .map((m) => [m[1].replaceAll("&amp;", "&"), m[2], m[3]]);
  assert.deepEqual(links, [
    ["/stationery?q=pen&sort=price-asc", "en", "English"],
    ["/si/stationery?q=pen&sort=price-asc", "si", "සිංහල"],
    ["/ta/stationery?q=pen&sort=price-asc", "ta", "தமிழ்"],
  ]);
  assert.match(switcher, /lang="si" hrefLang="si" aria-current="true"/);
  assert.match(page, /<form class="search" role="search" action="\/si\/stationery" method="get">/);
});

Deno.test("a language's home typed with a trailing slash goes to the home, query kept", async () => {
  const { app } = await setup();
  for (const language of ["si", "ta"]) {
    const moved = await app.request(`/${language}/?q=pen`);
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get("Location"), `/${language}?q=pen`);
  }
  assert.equal((await app.request("/si")).status, 200);
});

Deno.test("an unknown language prefix is the not-found page", async () => {
  const { app } = await setup();
  assert.equal((await app.request("/fr")).status, 404);
  assert.equal((await app.request("/fr/stationery")).status, 404);
  assert.equal((await app.request("/si/nothing-here")).status, 404);
  const missing = await app.request("/ta/books/999999");
  assert.equal(missing.status, 404);
  const missingPage = await html(missing);
  assert.match(missingPage, /<html lang="ta">/);
  assert.ok(missingPage.includes(`<h1 class="page-title">பக்கம் கிடைக்கவில்லை</h1>`));
  assert.ok(missingPage.includes(`<title>பக்கம் கிடைக்கவில்லை | Pothgula</title>`));
});

Deno.test("the filters, the sort and the search help speak Tamil, and their links stay under /ta", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/ta/stationery?q=Gamperaliya"));
  assert.ok(page.includes(`<label for="list-sort">வரிசை</label>`));
  assert.ok(page.includes(`<option value="price-asc">விலை: குறைவு முதல்</option>`));
  assert.ok(page.includes(`<legend>கிடைக்கும் நிலை</legend>`));
  // A search that found nothing says what was searched.
  assert.ok(
    page.includes(`<p class="empty">“Gamperaliya” உடன் பொருந்தும் எழுதுபொருட்கள் இல்லை</p>`),
  );
  assert.ok(
    page.includes(
      `<p>புத்தகக் கடையில் <a href="/ta?q=Gamperaliya">“Gamperaliya” க்கு 1 புத்தகம்</a> உள்ளன</p>`,
    ),
    "the other store's matches are offered in Tamil, in the Tamil store",
  );
});

Deno.test("the stores' and a book's meta descriptions are in the page's language", async () => {
  const { app } = await setup();
  const description = (page: string) =>
    page.match(/<meta name="description" content="([^"]*)"\/>/)?.[1] ?? "";
  const stores = [
    { path: "/si", words: "ශ්‍රී ලංකාවේ" },
    { path: "/ta", words: "இலங்கையின்" },
    { path: "/si/stationery", words: "Pothgula වෙතින්" },
    { path: "/ta/stationery", words: "Pothgula வழங்கும்" },
    { path: "/stationery", words: "from Pothgula" },
  ];
  for (const { path, words } of stores) {
    const page = await html(await app.request(path));
    assert.ok(description(page).includes(words), `${path}: ${description(page)}`);
  }
  // A book without a description of its own is described by its title, author and price.
  const { items } = await (await sampleCatalogue()).listBooks(
    { inStock: true, outOfStock: true },
    { page: 1, pageSize: 50 },
  );
  const bare = items.find((b) => b.description === null);
  assert.ok(bare, "the sample catalogue has a book without a description");
  const expected = {
    en: `${bare.title} by ${bare.author}, LKR`,
    si: `${bare.author} ලියූ ${bare.title}, LKR`,
    ta: `${bare.author} எழுதிய ${bare.title}, LKR`,
  };
  for (const [lang, words] of Object.entries(expected)) {
    const prefix = lang === "en" ? "" : `/${lang}`;
    const page = await html(await app.request(`${prefix}/books/${bare.id}`));
    assert.ok(description(page).startsWith(words), `${lang}: ${description(page)}`);
  }
});
