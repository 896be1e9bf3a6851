/**
 * The measured requests, built from the generated database so that every one is valid:
 * real category ids and price ranges, existing book ids, and orders for items with ample
 * stock whose `total` is the items' total in rupees.
 */
import { PostgresOrderRepository, type SqlClient } from "../adapters/postgres/mod.ts";
import { PostgresPromotionStore } from "../adapters/postgres/promotions.ts";
import { priceCart } from "../domain/promotions/price_cart.ts";
import { AMPLE_STOCK } from "./catalogue_generator.ts";
import type { LoadRequest } from "./load.ts";
import {
  apiListings,
  type CatalogueShape,
  DISTINCT_URLS,
  listingPages,
  pageMix,
  randomBookPages,
} from "./distinct_urls.ts";
import { FLOOR_PREFIX } from "./floor_routes.ts";

export interface Scenario {
  id: string;
  label: string;
  /** One example of what is sent, for the report. */
  example: string;
  requests: LoadRequest[];
  connections: number;
  /** The scenario measuring the least its requests can cost (floor_routes.ts), when one does. */
  floor?: string;
  /** Each connection's pause between requests (ms): a paced load rather than saturation. */
  pauseMs?: number;
}

/**
 * Connections and pause of the paced listing load: 32 shoppers each pausing 33 ms, about
 * 900 requests a second when each answer takes a few ms.
 */
export const PACED = { connections: 32, pauseMs: 33 };

/**
 * The same shoppers at a pace the shop takes with room to spare: each pausing 85 ms, about
 * 340 requests a second at a few ms an answer (issue 50's "paced at 300 req/s", whose p99 is
 * what a shopper waits when the shop is not saturated).
 */
export const PACED_LIGHT = { connections: 32, pauseMs: 85 };

/** The floor of a listing or API URL: the same query on the floor route of its kind. */
export function onFloor(path: string, kind: "list" | "listing"): string {
  const query = path.indexOf("?");
  return `${FLOOR_PREFIX}${kind}${query < 0 ? "" : path.slice(query)}`;
}

/** Title fragments of 3 letters, each part of several generated words. */
export const SEARCH_TERMS = ["gar", "riv", "moo", "tea", "lan", "sto", "ver", "ear"];

/** The deep page asked for: page 5,000 of 10 at full size, the middle of a smaller catalogue. */
export function deepPage(books: number): number {
  return Math.max(2, Math.min(5000, Math.floor(books / 20)));
}

/** Cents to the wire's rupees. */
const rupees = (cents: number) => cents / 100;

/** Seven digits of shopper `n`'s phone number. */
const shopperDigits = (n: number) => String(1_234_567 + n).padStart(7, "0");

/** Shopper `n`'s own address, as its proxy names it. */
export const shopperAddress = (n: number) => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * A COD order of one book and one stationery item, with `total` as the items' total the shop
 * prices them at (under its running promotions: `itemsCents`).
 */
export function orderBody(
  book: { id: number },
  options: { item: { id: number }; itemsCents: number; areaId: number; n: number },
): string {
  return JSON.stringify({
    total: rupees(options.itemsCents),
    name: `Load Shopper ${options.n}`,
    address: `${options.n} Galle Road, Colombo 03`,
    email: `shopper${options.n}@example.lk`,
    // A number of the shopper's own (the hold bound counts each phone).
    phone: `+94 77 ${shopperDigits(options.n).slice(0, 3)} ${shopperDigits(options.n).slice(3)}`,
    postalCode: "00300",
    province: 1,
    district: 1,
    area: options.areaId,
    paymentMethod: "COD",
    items: [{ id: book.id, quantity: 1, type: "book" }, {
      id: options.item.id,
      quantity: 1,
      type: "stationery",
    }],
  });
}

const get = (path: string): LoadRequest => ({ method: "GET", path });

/** Every scenario, in the order they run; the baseline first. */
export async function buildScenarios(
  sql: SqlClient,
  options: { books: number; connections: number; orderConnections: number },
): Promise<Scenario[]> {
  const { connections } = options;
  const categories = await sql.query<{ id: number }>(
    "SELECT id FROM book_categories ORDER BY id",
  );
  const bookIds = await sql.query<{ id: number }>(
    "SELECT id FROM books WHERE NOT archived ORDER BY hashint4(id) LIMIT 500",
  );
  const hotBooks = await sql.query<{ id: number; price_cents: number }>(
    "SELECT id, price_cents FROM books WHERE stock >= $1 AND NOT preorder ORDER BY id LIMIT 500",
    [AMPLE_STOCK],
  );
  const hotItems = await sql.query<{ id: number; price_cents: number }>(
    "SELECT id, price_cents FROM stationery_items WHERE stock >= $1 ORDER BY id LIMIT 200",
    [AMPLE_STOCK],
  );
  const areas = await sql.query<{ id: number }>(
    "SELECT id FROM areas WHERE district_id = 1 ORDER BY id LIMIT 20",
  );
  if (hotBooks.length === 0 || hotItems.length === 0 || areas.length === 0) {
    throw new Error("The generated catalogue has no items with ample stock to order");
  }
  const filtered = categories.map((c, i) => {
    const min = 500 + (i % 5) * 500;
    return get(
      `/api/books?categoryId=${c.id}&minPrice=${min}&maxPrice=${min + 1500}&inStock=1&outOfStock=0`,
    );
  });
  const page = deepPage(options.books);
  const onSale = await sql.query<{ id: number }>(
    "SELECT id FROM books WHERE NOT archived ORDER BY id",
  );
  const shape: CatalogueShape = {
    bookIds: onSale.map((b) => b.id),
    categoryIds: categories.map((c) => c.id),
    pages: Math.max(1, Math.ceil(onSale.length / 10)),
  };
  // Each order's total as the shop prices it, through its own pricing path: the running
  // campaigns take their share, as a shopper's cart would have shown.
  const pricing = {
    orders: new PostgresOrderRepository(sql),
    clock: { now: () => new Date() },
    promotions: new PostgresPromotionStore(sql),
  };
  const orders: LoadRequest[] = [];
  for (let n = 0; n < 1000; n++) {
    const book = { id: hotBooks[n % hotBooks.length].id };
    const item = { id: hotItems[(n * 7) % hotItems.length].id };
    const priced = await priceCart(pricing, {
      items: [{ type: "book", ...book, quantity: 1 }, { type: "stationery", ...item, quantity: 1 }],
      paymentMethod: "COD",
    });
    if (priced.kind !== "priced") throw new Error(`Order ${n} cannot be priced: ${priced.kind}`);
    orders.push({
      method: "POST",
      path: "/api/orders",
      clientAddress: shopperAddress(n),
      body: orderBody(book, {
        item,
        itemsCents: priced.promoted.totalCents,
        areaId: areas[n % areas.length].id,
        n,
      }),
    });
  }
  const randomBooks = randomBookPages(shape, DISTINCT_URLS, 1);
  const listings = listingPages(shape, DISTINCT_URLS, 2);
  const apiReads = apiListings(shape, DISTINCT_URLS, 3);
  const scenarios: Omit<Scenario, "example">[] = [
    {
      id: "baseline",
      label: "Bare Hono route, fixed 10-book JSON",
      requests: [get("/__bench/baseline")],
      connections,
    },
    {
      id: "books_page1",
      label: "GET /api/books page 1",
      requests: [get("/api/books?page=1")],
      connections,
    },
    {
      id: "books_search",
      label: "Title search, 3 letters",
      requests: SEARCH_TERMS.map((q) => get(`/api/books?q=${q}`)),
      connections,
    },
    {
      id: "books_filtered",
      label: "Category + price range + in stock",
      requests: filtered,
      connections,
    },
    {
      id: "books_deep_page",
      label: `Deep page (page ${page})`,
      requests: [get(`/api/books?page=${page}`)],
      connections,
    },
    {
      id: "book_html",
      label: "GET /books/{id} server-rendered HTML",
      requests: bookIds.map((b) => get(`/books/${b.id}`)),
      connections,
    },
    {
      id: "home_html",
      label: "GET / server-rendered, one URL",
      requests: [get("/")],
      connections,
    },
    {
      id: "book_html_hot",
      label: "GET /books/{id} server-rendered, one hot book",
      requests: [get(`/books/${bookIds[0].id}`)],
      connections,
    },
    {
      id: "listing_html_distinct",
      label: "GET /?... server-rendered, distinct pages, searches and filters",
      requests: listings,
      connections,
      floor: "floor_listing_html",
    },
    {
      id: "floor_listing_html",
      label:
        "Floor: the same listings' statements, their rows written into the front page, compressed",
      requests: listings.map((r) => get(onFloor(r.path, "listing"))),
      connections,
    },
    {
      id: "listing_html_paced",
      label: `The same listings, paced: ${PACED.connections} shoppers pausing ${PACED.pauseMs} ms`,
      requests: listings,
      ...PACED,
    },
    {
      id: "listing_html_paced_light",
      label:
        `The same listings, paced lightly: ${PACED_LIGHT.connections} shoppers pausing ${PACED_LIGHT.pauseMs} ms`,
      requests: listings,
      ...PACED_LIGHT,
    },
    {
      id: "book_html_random",
      label: "GET /books/{id} server-rendered, distinct random books",
      requests: randomBooks,
      connections,
      floor: "floor_page_random",
    },
    {
      id: "floor_row_random",
      label: "Floor: the same random books' rows by id, as JSON",
      requests: randomBooks.map((r) => get(r.path.replace("/books/", `${FLOOR_PREFIX}row/`))),
      connections,
    },
    {
      id: "floor_page_random",
      label: "Floor: each row written into a book page's HTML, compressed",
      requests: randomBooks.map((r) => get(r.path.replace("/books/", `${FLOOR_PREFIX}page/`))),
      connections,
    },
    {
      id: "api_books_distinct",
      label: "GET /api/books, distinct pages, searches and filters",
      requests: apiReads,
      connections,
      floor: "floor_api_rows",
    },
    {
      id: "floor_api_rows",
      label: "Floor: the same reads' statements, their rows and total as JSON",
      requests: apiReads.map((r) => get(onFloor(r.path, "list"))),
      connections,
    },
    {
      id: "page_mix",
      label: "A seeded mix of pages, searches, filters and API reads",
      requests: pageMix(shape, DISTINCT_URLS, 4),
      connections,
    },
    {
      id: "orders",
      label: "POST /api/orders, two lines, COD",
      requests: orders,
      connections: options.orderConnections,
    },
  ];
  return scenarios.map((s) => ({
    ...s,
    example: `${s.requests[0].method} ${s.requests[0].path}`,
  }));
}
