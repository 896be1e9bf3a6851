/**
 * The storefront's pages show what one copy costs now: each card and the book's page the
 * shelf price with the usual price struck through (read out as the usual price), the saving,
 * and the campaign's name in the page's language; the book's JSON-LD offer at that price,
 * valid until its last day.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { MemoryPromotionStore } from "../../adapters/memory/promotions.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

const NOW = new Date("2026-09-20T06:00:00Z");

async function setup() {
  const catalogue = await sampleCatalogue();
  const promotions = new MemoryPromotionStore();
  await promotions.addCampaign({
    name: "Book Fair 2026: 20% off",
    names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: { startsAt: null, endsAt: "2026-09-28T18:30:00.000Z" },
    paused: false,
  });
  const books = (await catalogue.listBooks({ inStock: true, outOfStock: true, q: "madol" }, {
    page: 1,
    pageSize: 10,
  })).items;
  const madol = books[0]; // LKR 950.00
  await catalogue.updateBook(madol.id, { salePriceCents: 80_000, saleEnds: "2026-09-25" });
  const app = pagesApp({
    catalogue,
    promotions,
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
    now: () => NOW,
  });
  return { app, madol };
}

Deno.test("a card shows the shelf price, the usual price struck through, the saving and the campaign in Sinhala", async () => {
  const { app } = await setup();
  const page = await (await app.request("/si?q=madol")).text();
  // 800.00 less 20% is 640.00: 310.00 off 950.00.
  assert.match(
    page,
    /<span class="price-now"><span class="visually-hidden">දැන්<\/span> (?:<!-- -->)?LKR 640\.00<\/span>/,
  );
  assert.match(
    page,
    /<s class="price-was"><span class="visually-hidden">සාමාන්‍ය මිල<\/span> (?:<!-- -->)?LKR 950\.00<\/s>/,
  );
  assert.ok(page.includes("LKR 310.00 ඉතිරියි"));
  assert.ok(page.includes('<span class="badge badge-offer">පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්</span>'));
  const tamil = await (await app.request("/ta?q=madol")).text();
  assert.ok(tamil.includes("புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி"));
  assert.ok(tamil.includes("LKR 310.00 சேமிப்பு"));
  const english = await (await app.request("/?q=madol")).text();
  assert.ok(english.includes("Save LKR 310.00"));
  assert.ok(english.includes(">Book Fair 2026: 20% off<"));
});

Deno.test("the book's page shows the offer's last day, and its JSON-LD offers the shelf price until then", async () => {
  const { app, madol } = await setup();
  const page = await (await app.request(`/books/${madol.id}`)).text();
  assert.ok(
    page.includes("Offer ends 25 September 2026"),
    "the sale's last day, before the fair's",
  );
  const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]))
    .find((d) => Array.isArray(d["@type"]) && d["@type"].includes("Book"));
  assert.ok(ld, "the page carries the book's JSON-LD");
  assert.equal(ld.offers.price, "640.00");
  assert.equal(ld.offers.priceCurrency, "LKR");
  assert.equal(ld.offers.priceValidUntil, "2026-09-25");
  assert.deepEqual(ld.offers.priceSpecification, {
    "@type": "UnitPriceSpecification",
    priceType: "https://schema.org/StrikethroughPrice",
    price: "950.00",
    priceCurrency: "LKR",
  });
});
