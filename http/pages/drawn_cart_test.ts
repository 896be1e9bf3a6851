/**
 * The cart page drawn by the server from the stored cart's cookie (drawn_cart.ts), on the
 * preview shop (memory ports, the real API and pages): drawn when the browser would say
 * nothing new, and left to the browser otherwise.
 */
import assert from "node:assert/strict";
import { previewShop } from "../../web/dev/preview.ts";
import { bookCartItem, type Cart, stationeryCartItem } from "../../domain/cart/cart.ts";
import { CART_COOKIE, cartCookieValue } from "../../domain/cart/cookie.ts";
import { recordFromWireOf } from "../../contract/record_wire.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import type { WireBook, WireStationery } from "../../contract/records.ts";
import { i18nFor, loadCatalogue } from "../../web/i18n/mod.ts";

const shop = await previewShop();
await loadCatalogue("si");
const { app } = shop;

await shop.promotions.addCampaign({
  name: "Book Fair 2026",
  names: { si: "පොත් ප්‍රදර්ශනය 2026" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: null, endsAt: null },
  paused: false,
});

/** A line as the browser stores it: the item read from the shop's API, as the island does. */
async function storedBook(id: number, quantity: number): Promise<Cart[number]> {
  const { data } = await (await app.request(`/api/books/${id}`)).json() as { data: WireBook };
  return { ...bookCartItem(recordFromWireOf(BOOK_FIELDS)(data)), quantity };
}
async function storedStationery(id: number, quantity: number): Promise<Cart[number]> {
  const { data } = await (await app.request(`/api/stationery/${id}`)).json() as {
    data: WireStationery;
  };
  return { ...stationeryCartItem(recordFromWireOf(STATIONERY_FIELDS)(data)), quantity };
}

/** A page the cookie's cart may be drawn on: its answer, its content and the island named. */
async function drawnPage(
  cookie: string | undefined,
  path = "/cart",
  name: "Cart" | "Checkout" = "Cart",
) {
  const response = await app.request(path, {
    headers: cookie === undefined ? {} : { Cookie: `${CART_COOKIE}=${cookie}` },
  });
  assert.equal(response.status, 200);
  const html = await response.text();
  const data = /<script type="application\/json" id="island-data">(.*?)<\/script>/s.exec(html);
  assert.ok(data, "the page carries its islands");
  const islands = JSON.parse(data[1]) as {
    name: string;
    when?: string;
    props: { drawn?: { cart: Cart; price?: { total: number } } };
  }[];
  // The page's content, without its words for the islands.
  const main = /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? "";
  return { response, html: main, island: islands.find((i) => i.name === name)! };
}

/** What POST /api/cart/price answers for the stored lines (under `paymentMethod`). */
async function apiPrice(cart: Cart, paymentMethod?: string): Promise<unknown> {
  const api = await app.request("/api/cart/price", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      items: cart.map(({ type, id, quantity }) => ({ type, id, quantity })),
      locale: "en",
      ...(paymentMethod ? { paymentMethod } : {}),
    }),
  });
  return (await api.json()).data;
}

const books =
  (await shop.catalogue.listBooks({ inStock: true, outOfStock: false }, { page: 1, pageSize: 2 }))
    .items;
const pens = (await shop.catalogue.listStationery({ inStock: true, outOfStock: false }, {
  page: 1,
  pageSize: 1,
})).items;
const stored: Cart = [
  await storedBook(books[0].id, 2),
  await storedBook(books[1].id, 1),
  await storedStationery(pens[0].id, 3),
];

Deno.test("a stored cart its cookie names is drawn by the server, priced as the cart's API prices it, React left for when it is used", async () => {
  const { response, html, island: cart } = await drawnPage(cartCookieValue(stored, false));
  assert.equal(cart.when, "drawn");
  assert.deepEqual(cart.props.drawn?.cart, stored);
  assert.deepEqual(cart.props.drawn?.price, await apiPrice(stored));
  // The lines, the Book Fair's saving and the total are in the page as sent.
  for (const line of stored) {
    assert.ok(html.includes(line.title.replaceAll("'", "&#x27;")), line.title);
  }
  assert.match(html, /Book Fair 2026/);
  assert.ok(html.includes(cart.props.drawn!.price!.total.toLocaleString("en-US", {
    minimumFractionDigits: 2,
  })));
  assert.doesNotMatch(html, /Loading your cart/);
  // Nothing but the entry's own script is fetched or preloaded at load.
  const head = await (await app.request("/cart", {
    headers: { Cookie: `${CART_COOKIE}=${cartCookieValue(stored, false)}` },
  })).text();
  assert.doesNotMatch(head, /modulepreload[^>]*(react|hydrate_island|Cart)-/);
  // Kept by no cache, as every cart page.
  assert.equal(response.headers.get("cache-control"), "no-store");
});

Deno.test("the drawn cart is in the page's language, the campaign named in it", async () => {
  const { html, island: cart } = await drawnPage(cartCookieValue(stored, false), "/si/cart");
  assert.equal(cart.when, "drawn");
  assert.match(html, /පොත් ප්‍රදර්ශනය 2026/);
});

Deno.test("without a cookie the cart and the checkout are drawn empty, the island waiting", async () => {
  for (const [path, name] of [["/cart", "Cart"], ["/si/checkout", "Checkout"]] as const) {
    const { response, html, island } = await drawnPage(undefined, path, name);
    assert.equal(island.when, "empty", path);
    assert.deepEqual(island.props.drawn, { cart: [] }, path);
    assert.doesNotMatch(html, /Loading your cart|class="spinner/, path);
    assert.equal(response.headers.get("cache-control"), "no-store");
  }
  const { html: cart } = await drawnPage(undefined);
  assert.match(cart, /Your cart is empty/);
  // Both shops are offered, and nothing of React is preloaded.
  assert.match(cart, /href="\/stationery"/);
  const head = await (await app.request("/cart")).text();
  assert.doesNotMatch(head, /modulepreload[^>]*(react|hydrate_island|Cart)-/);
  const { html: checkout } = await drawnPage(undefined, "/si/checkout", "Checkout");
  assert.ok(checkout.includes(i18nFor("si").t("checkout.empty")));
});

Deno.test("the browser draws the cart when the shop would have something to say", async () => {
  const [first, second, pen] = stored;
  const cookies: [string, string | undefined][] = [
    ["a cookie not of the shop's writing", "b1-1"],
    ["a price the browser did not know", cartCookieValue([{ ...first, unitPriceCents: 1 }], false)],
    [
      "stock the browser did not know",
      cartCookieValue([{ ...second, stock: second.stock + 1 }], false),
    ],
    ["an item the shop does not sell", cartCookieValue([{ ...pen, id: 999_999 }], false)],
    ["an id no item can have", cartCookieValue([{ ...pen, id: 9_999_999_999 }], false)],
    ["a discount code kept", cartCookieValue(stored, true)],
    ["more copies than an order holds", cartCookieValue([{ ...first, quantity: 999 }], false)],
    [
      "more lines than an order holds",
      cartCookieValue(Array.from({ length: 101 }, (_, i) => ({ ...pen, id: 1000 + i })), false),
    ],
  ];
  for (const [why, cookie] of cookies) {
    const { html, island: cart } = await drawnPage(cookie);
    assert.equal(cart.when, undefined, why);
    assert.equal(cart.props.drawn, undefined, why);
    assert.match(html, /Loading your cart/, why);
  }
});

Deno.test("a checkout its cookie names is drawn priced for the method it starts with, its summary in the page", async () => {
  // The second book is a pre-order: the checkout starts with the first method that takes one.
  assert.ok(stored.some((line) => line.preorder));
  const { html, island: checkout } = await drawnPage(
    cartCookieValue(stored, false),
    "/checkout",
    "Checkout",
  );
  assert.equal(checkout.when, "drawn-account");
  assert.deepEqual(checkout.props.drawn?.cart, stored);
  assert.deepEqual(checkout.props.drawn?.price, await apiPrice(stored, "Bank Deposit"));
  // The summary's lines and total are in the page; Place order is ready.
  for (const line of stored) assert.ok(html.includes(line.title), line.title);
  assert.match(html, /data-figure="total"/);
  assert.match(html, /<button type="submit" class="button button-large"( aria-busy="false")?>/);
  assert.doesNotMatch(html, /class="spinner/);
});

Deno.test("a checkout the shop would have something to say about is drawn by the browser", async () => {
  const { island: checkout } = await drawnPage(
    cartCookieValue([{ ...stored[0], unitPriceCents: stored[0].unitPriceCents + 1 }], false),
    "/checkout",
    "Checkout",
  );
  assert.equal(checkout.when, undefined);
  assert.equal(checkout.props.drawn, undefined);
});
