/**
 * What a book's page and the lists show before any script runs: no rating nobody gave, the
 * description's paragraphs as the owner wrote them, and what a shopper without scripts can
 * still do (read the bank details) or is told (the cart needs scripts).
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import type { Book } from "../../domain/catalogue/model.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://shop.example.lk",
  email: "hello@pothgula.lk",
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  address: "42 Hotel Road, Mount Lavinia",
  whatsappNumber: "+94 77 123 4567",
};
const BANK: BankDetails = {
  bankName: "Bank of Ceylon",
  bankBranch: "Mount Lavinia",
  accountName: "Pothgula Books",
  accountNumber: "0081234567",
  whatsappNumber: "+94 77 123 4567",
};

async function setup() {
  const catalogue = await sampleCatalogue();
  const app = pagesApp({ catalogue, locations: new MemoryLocations(), bank: BANK, shop: SHOP });
  const listed = await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  });
  return { app, catalogue, books: listed.items };
}

/** The page's HTML with its island data and JSON-LD cut out: what the shopper reads. */
async function visibleHtml(response: Response): Promise<string> {
  assert.equal(response.status, 200);
  return (await response.text()).replace(/<script\b[^>]*>.*?<\/script>/gs, "");
}

Deno.test("no list and no book page shows a star rating, and the JSON-LD claims none", async () => {
  const { app, books } = await setup();
  const pages = ["/", "/si/", "/ta/?q=Reef", "/stationery", `/books/${books[0].id}`];
  pages.push(`/si/books/${books[1].id}`);
  for (const path of pages) {
    const page = await (await app.request(path)).text();
    assert.ok(!/[★☆]/.test(page), `${path} draws stars`);
    assert.ok(!/class="[^"]*\bstars?\b/.test(page), `${path} has a star row`);
    assert.ok(!/aggregateRating|ratingValue|"Review"/.test(page), `${path} claims a rating`);
  }
});

Deno.test("a book page keeps the description's paragraphs and line breaks, escaped", async () => {
  const { app, catalogue, books } = await setup();
  const book = books[0];
  const description = "First paragraph, about <b>the village</b>.\r\n\r\n" +
    "Second paragraph,\nwith a line break inside.\n\n\n\nThird & last.";
  const updated = await catalogue.updateBook(book.id, { description });
  assert.equal(updated.kind, "ok");
  const page = await visibleHtml(await app.request(`/books/${book.id}`));
  const section = /<div class="description">(.*?)<\/div>/s.exec(page)?.[1];
  assert.ok(section, "the description has its own block");
  assert.deepEqual([...section.matchAll(/<p>(.*?)<\/p>/gs)].map((m) => m[1]), [
    "First paragraph, about &lt;b&gt;the village&lt;/b&gt;.",
    "Second paragraph,<br/>with a line break inside.",
    "Third &amp; last.",
  ]);
});

Deno.test("a book without a description still says so in one paragraph", async () => {
  const { app, books } = await setup();
  const book = books.find((b: Book) => b.description === null)!;
  const page = await visibleHtml(await app.request(`/si/books/${book.id}`));
  const section = /<div class="description">(.*?)<\/div>/s.exec(page)?.[1] ?? "";
  assert.equal(section.match(/<p>/g)?.length, 1);
});

Deno.test("a pre-order's bank details open without scripts, in the page's language", async () => {
  const { app, books } = await setup();
  const book = books.find((b: Book) => b.preorder)!;
  for (const [prefix, words] of [["", "Show Bank Details"], ["/si", "බැංකු විස්තර පෙන්වන්න"]]) {
    const page = await visibleHtml(await app.request(`${prefix}/books/${book.id}`));
    const details = /<details class="bank-reveal">(.*?)<\/details>/s.exec(page)?.[1];
    assert.ok(details, `${prefix || "en"}: the bank details are a <details> element`);
    // The summary says what a press does: Show while closed, Hide while open.
    assert.match(details, new RegExp(`<summary[^>]*><span class="when-closed">${words}</span>`));
    assert.ok(details.includes(BANK.accountNumber) && details.includes(BANK.bankName));
  }
});

Deno.test("without scripts a book page and the Stationery Store say the cart needs them", async () => {
  const { app, books } = await setup();
  const book = books.find((b: Book) => b.stock > 0 && !b.preorder)!;
  for (
    const [path, words] of [
      [`/books/${book.id}`, "Adding to the cart needs JavaScript"],
      ["/stationery", "Adding to the cart needs JavaScript"],
      [`/ta/books/${book.id}`, "கூடையில் சேர்க்க உங்கள் உலாவியில் JavaScript"],
    ]
  ) {
    const page = await visibleHtml(await app.request(path));
    const note = /<noscript>(.*?)<\/noscript>/s.exec(page)?.[1];
    assert.ok(note && note.includes(words), `${path}: ${note}`);
    // The note sends the shopper to the shop's numbers, which the foot of the page lists.
    const foot = /<footer\b.*?<\/footer>/s.exec(page)?.[0] ?? "";
    for (const phone of SHOP.phones) assert.ok(foot.includes(phone), `${path}: ${phone}`);
  }
});
