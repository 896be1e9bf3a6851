import assert from "node:assert/strict";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import {
  availabilityOf,
  bookJsonLd,
  schemaPrice,
  scriptSafeJsonLd,
  stationeryListJsonLd,
} from "./structured_data.ts";

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://shop.example.lk",
  email: "hello@pothgula.lk",
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  address: "42 Hotel Road, Mount Lavinia",
  whatsappNumber: "+94 77 123 4567",
};

const BOOK: Book = {
  id: 12,
  title: "මඩොල් දූව",
  author: "මාර්ටින් වික්‍රමසිංහ",
  translator: null,
  priceCents: 125_050,
  salePriceCents: null,
  saleStarts: null,
  saleEnds: null,
  stock: 4,
  categoryId: 1,
  categoryName: "Novels",
  isbn13: "9789555732987",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasavi",
  publishingDate: "2019-02-15",
  edition: "Reprint 2019",
  pageCount: null,
  weightGrams: 210,
  description: "Upali's boyhood in Koggala </script><script>alert(1)</script>",
  images: ["/uploads/front.png", "/uploads/back.png"],
  preorder: false,
  preorderDate: null,
  preorderedStock: 0,
};

const ABSOLUTE = /^https:\/\/shop\.example\.lk\//;
const AVAILABILITY = new Set([
  "https://schema.org/InStock",
  "https://schema.org/OutOfStock",
  "https://schema.org/PreOrder",
]);

type Json = Record<string, unknown>;

/**
 * Google's required shape for a product's structured data (merchant listings and product
 * snippets, developers.google.com/search/docs/appearance/structured-data/merchant-listing):
 * a Product with a name, one or more absolute image URLs and an Offer whose price is a
 * number above 0 written with a dot, a three-letter ISO 4217 currency and, as Google
 * recommends, a schema.org availability.
 */
function assertGoogleProduct(product: Json, where: string): void {
  const types = ([] as unknown[]).concat(product["@type"]);
  assert.ok(types.includes("Product"), `${where}: @type includes Product`);
  assert.equal(typeof product.name, "string", where);
  assert.ok((product.name as string).length > 0, where);
  const images = product.image as string[];
  assert.ok(Array.isArray(images) && images.length > 0, `${where}: image`);
  for (const image of images) assert.match(image, ABSOLUTE, where);
  const offer = product.offers as Json;
  assert.equal(offer["@type"], "Offer", where);
  assert.match(String(offer.price), /^\d+(\.\d{1,2})?$/, `${where}: price`);
  assert.ok(Number(offer.price) > 0, `${where}: price above 0`);
  assert.match(String(offer.priceCurrency), /^[A-Z]{3}$/, where);
  assert.ok(AVAILABILITY.has(String(offer.availability)), `${where}: ${offer.availability}`);
  if (offer.url !== undefined) assert.match(String(offer.url), ABSOLUTE, where);
}

Deno.test("a book's JSON-LD is a schema.org Book that Google reads as a Product with an LKR offer", () => {
  const data = bookJsonLd(BOOK, SHOP);
  assert.equal(data["@context"], "https://schema.org");
  assert.deepEqual(data["@type"], ["Book", "Product"]);
  assertGoogleProduct(data, "book");
  assert.deepEqual(data.author, { "@type": "Person", name: "මාර්ටින් වික්‍රමසිංහ" });
  assert.equal(data.isbn, "9789555732987");
  assert.equal(data.gtin13, "9789555732987");
  assert.equal(data.inLanguage, "si");
  assert.equal(data.bookFormat, "https://schema.org/Paperback");
  assert.equal(data.url, "https://shop.example.lk/books/12");
  assert.deepEqual(data.image, [
    "https://shop.example.lk/uploads/front.png",
    "https://shop.example.lk/uploads/back.png",
  ]);
  const offer = data.offers as Json;
  assert.deepEqual([offer.price, offer.priceCurrency, offer.availability], [
    "1250.50",
    "LKR",
    "https://schema.org/InStock",
  ]);
});

Deno.test("a book's offer says InStock, OutOfStock or PreOrder (with its date)", () => {
  const offer = (book: Partial<Book>) => bookJsonLd({ ...BOOK, ...book }, SHOP).offers as Json;
  assert.equal(offer({ stock: 0 }).availability, "https://schema.org/OutOfStock");
  const preorder = offer({ preorder: true, preorderDate: "2026-12-20", stock: 3 });
  assert.equal(preorder.availability, "https://schema.org/PreOrder");
  assert.equal(preorder.availabilityStarts, "2026-12-20");
  assert.equal(availabilityOf({ stock: 1 }), "https://schema.org/InStock");
  assert.equal(schemaPrice(100), "1.00");
  assert.equal(schemaPrice(99_999_99), "99999.99");
});

Deno.test("the Stationery Store's JSON-LD lists each item as a Product Google can read", () => {
  const items: StationeryItem[] = [
    {
      id: 3,
      title: "Atlas Chooty Pen, blue",
      priceCents: 2_500,
      salePriceCents: null,
      saleStarts: null,
      saleEnds: null,
      stock: 0,
      weightGrams: 10,
      categoryId: 1,
      categoryName: "Pens",
      image: "/uploads/pen.png",
    },
    {
      id: 4,
      title: "CR Book 80 pages",
      priceCents: 18_000,
      salePriceCents: null,
      saleStarts: null,
      saleEnds: null,
      stock: 30,
      weightGrams: 120,
      categoryId: 2,
      categoryName: "Books & Pads",
      image: "/uploads/cr.png",
    },
  ];
  const data = stationeryListJsonLd(items, SHOP, "/stationery?page=2");
  assert.equal(data["@type"], "ItemList");
  const elements = data.itemListElement as Json[];
  assert.deepEqual(elements.map((e) => e.position), [1, 2]);
  elements.forEach((e, i) => assertGoogleProduct(e.item as Json, `item ${i}`));
  const first = (elements[0].item as Json).offers as Json;
  assert.deepEqual([first.price, first.availability, first.url], [
    "25.00",
    "https://schema.org/OutOfStock",
    "https://shop.example.lk/stationery?page=2",
  ]);
});

Deno.test("scriptSafeJsonLd() lets no text close its script element", () => {
  const text = scriptSafeJsonLd(bookJsonLd(BOOK, SHOP));
  assert.ok(!text.includes("</script"), text);
  assert.deepEqual(JSON.parse(text), bookJsonLd(BOOK, SHOP));
});
