/**
 * Structured data (JSON-LD, schema.org) that search engines read from the storefront's
 * pages: a book page describes a `Book` that is also a `Product` (so that Google's product
 * results read its `Offer`: price in LKR and availability), and the Stationery Store lists
 * its items as `Product`s with their offers.
 */
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { type Fields, fieldsOf } from "../../domain/records/fields.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import { lastShopDay } from "../../domain/catalogue/sale_price.ts";

const SCHEMA = "https://schema.org";

/** schema.org's availability of a book: pre-order, in stock or out of stock. */
export function availabilityOf(product: { stock: number; preorder?: boolean }): string {
  if (product.preorder) return `${SCHEMA}/PreOrder`;
  return product.stock > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`;
}

/** A price as schema.org and Google read it: rupees with a dot and two decimals, no symbol. */
export function schemaPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** BCP 47 codes of the languages books are listed in. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  Sinhala: "si",
  English: "en",
  Tamil: "ta",
  Hindi: "hi",
};

/** Bindings schema.org names (BookFormatType); any other binding is left out. */
const FORMATS: Readonly<Record<string, string>> = {
  paperback: `${SCHEMA}/Paperback`,
  hardcover: `${SCHEMA}/Hardcover`,
  hardback: `${SCHEMA}/Hardcover`,
  ebook: `${SCHEMA}/EBook`,
};

function absolute(shop: ShopInfo, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${shop.publicUrl}${path}`;
}

function seller(shop: ShopInfo) {
  return { "@type": "Organization", name: shop.name, url: `${shop.publicUrl}/` };
}

/**
 * The schema.org properties a record's declaration names (`schemaOrg`), with their values;
 * an empty value is left out, and a named thing is written as one (`{"@type": "Person"}`).
 */
export function declaredProperties(
  fields: Fields,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(fields)) {
    const value = record[name];
    if (!field.schemaOrg || value === null || value === undefined || value === "") continue;
    for (const property of field.schemaOrg) {
      if (typeof property === "string") properties[property] = value;
      else properties[property.property] = { "@type": property.as, name: value };
    }
  }
  return properties;
}

/**
 * An offer's price: what one copy costs now (its shelf price), and while that is below the
 * usual price, the last day it holds (`priceValidUntil`, a date in Sri Lanka) and the usual
 * price as the one struck through.
 */
export function offerPrice(
  priceCents: number,
  shelf: ShelfPrice | null | undefined,
): Record<string, unknown> {
  if (!shelf || shelf.savingCents <= 0) return { price: schemaPrice(priceCents) };
  return {
    price: schemaPrice(shelf.unitCents),
    ...(shelf.until ? { priceValidUntil: lastShopDay(shelf.until) } : {}),
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      priceType: `${SCHEMA}/StrikethroughPrice`,
      price: schemaPrice(shelf.usualCents),
      priceCurrency: "LKR",
    },
  };
}

/** The JSON-LD of a book's page, its offer at what one copy costs now. */
export function bookJsonLd(
  book: Book,
  shop: ShopInfo,
  shelf: ShelfPrice | null = null,
): Record<string, unknown> {
  const url = absolute(shop, `/books/${book.id}`);
  const format = FORMATS[book.binding.trim().toLowerCase()];
  return {
    "@context": SCHEMA,
    "@type": ["Book", "Product"],
    "@id": url,
    url,
    ...declaredProperties(BOOK_FIELDS, book),
    image: book.images.map((image) => absolute(shop, image)),
    ...(LANGUAGE_CODES[book.language] ? { inLanguage: LANGUAGE_CODES[book.language] } : {}),
    ...(format ? { bookFormat: format } : {}),
    offers: {
      "@type": "Offer",
      url,
      ...offerPrice(book.priceCents, shelf),
      priceCurrency: "LKR",
      availability: availabilityOf(book),
      ...(book.preorder && book.preorderDate ? { availabilityStarts: book.preorderDate } : {}),
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: seller(shop),
    },
  };
}

/** The JSON-LD of a Stationery Store page: its items as products, in the order shown. */
export function stationeryListJsonLd(
  items: readonly (StationeryItem & { shelf?: ShelfPrice | null })[],
  shop: ShopInfo,
  pagePath: string,
): Record<string, unknown> {
  const url = absolute(shop, pagePath);
  return {
    "@context": SCHEMA,
    "@type": "ItemList",
    url,
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: {
        "@type": "Product",
        name: item.title,
        image: [absolute(shop, item.image)],
        category: item.categoryName,
        sku: `stationery-${item.id}`,
        offers: {
          "@type": "Offer",
          url,
          ...offerPrice(item.priceCents, item.shelf),
          priceCurrency: "LKR",
          availability: availabilityOf(item),
          itemCondition: `${SCHEMA}/NewCondition`,
          seller: seller(shop),
        },
      },
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` escaped so that no text (a title
 * holding `</script>`) can end the element.
 */
export function scriptSafeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
