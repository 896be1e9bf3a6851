import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import { pagesApp } from "./mod.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { sampleOrder } from "../../domain/notifications/testing/samples.ts";

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
  const app = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
    now: () => new Date("2026-03-01T00:00:00Z"),
  });
  const books = await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  });
  return { app, catalogue, books: books.items };
}

async function html(response: Response): Promise<string> {
  assert.match(response.headers.get("content-type") ?? "", /text\/html/);
  return await response.text();
}

function islandData(page: string): { name: string; props: Record<string, unknown> }[] {
  const match = /<script type="application\/json" id="island-data">(.*?)<\/script>/s.exec(page);
  assert.ok(match, "the page carries its island data");
  return JSON.parse(match[1]);
}

Deno.test("the Book Store lists ten books a page as cards linking to each book", async () => {
  const { app, books } = await setup();
  const page = await html(await app.request("/"));
  assert.match(page, /<h1 class="page-title">Book Store<\/h1>/);
  assert.match(page, /<title>Book Store \| Pothgula<\/title>/);
  assert.equal(page.match(/class="card book-card"/g)?.length, 10);
  assert.ok(page.includes(`href="/books/${books[0].id}"`));
  assert.ok(page.includes("LKR 950.00"));
  assert.ok(page.includes(">Pre-Order<"));
  assert.ok(page.includes('aria-label="Page 2"'));
  assert.ok(page.includes('href="/?page=2"'));
});

Deno.test("the Book Store keeps its filters in the URL and shows them in the form", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/?q=madol&page=1"));
  assert.equal(page.match(/class="card book-card"/g)?.length, 1);
  assert.ok(page.includes("Madol Doova"));
  assert.match(page, /id="site-search"[^>]*value="madol"/);
  const [, list] = islandData(page).filter((i) => i.name !== "CartBadge").entries().next().value!;
  assert.equal((list.props.query as { q: string }).q, "madol");
});

Deno.test("the Book Store's island data carries each book as its card shows it, no more", async () => {
  const { app, books } = await setup();
  const page = await html(await app.request("/?q=madol"));
  const list = islandData(page).find((i) => i.name === "BookList")!;
  const [item] = (list.props.page as { items: Record<string, unknown>[] }).items;
  const book = books.find((b) => b.title === "Madol Doova")!;
  assert.ok(book.description && book.publisher, "the sample book has more than its card shows");
  assert.deepEqual(item, {
    id: book.id,
    title: "Madol Doova",
    author: book.author,
    priceCents: book.priceCents,
    stock: book.stock,
    preorder: book.preorder,
    preorderDate: book.preorderDate,
    images: book.images.slice(0, 1),
    shelf: null,
  });
  assert.ok(!page.includes(book.description), "the description stays on the book's page");
});

Deno.test("a search that finds nothing says what was searched and the way back, in each language", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/?q=no-such-title"));
  assert.ok(page.includes("No books match “no-such-title”"), page);
  assert.ok(!page.includes(`<p class="empty">No books available`));
  assert.ok(page.includes('<a href="/">See all books</a>'));
  const si = await html(await app.request("/si?q=no-such-title"));
  assert.ok(si.includes("“no-such-title” ට ගැළපෙන පොත් නැත"));
  assert.ok(si.includes('<a href="/si">සියලු පොත් බලන්න</a>'));
  const ta = await html(await app.request(`/ta/stationery?q=${encodeURIComponent("<b>x")}`));
  assert.ok(ta.includes("“&lt;b&gt;x” உடன் பொருந்தும் எழுதுபொருட்கள் இல்லை"), ta);
  assert.ok(ta.includes('<a href="/ta/stationery">எல்லா எழுதுபொருட்களையும் பாருங்கள்</a>'));
});

Deno.test("a filter that leaves nothing, without a search, says the store has none", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/?minPrice=99999&maxPrice=100000"));
  assert.ok(page.includes("No books available"), page);
});

Deno.test("out-of-stock books are left out when only In Stock is ticked", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/?inStock=1&outOfStock=0&categoryId=1"));
  assert.ok(!page.includes("Viragaya"));
  assert.ok(page.includes("Madol Doova"));
});

Deno.test("the Stationery Store shows prices, stock and a disabled button at stock 0", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/stationery"));
  assert.match(page, /<h1 class="page-title">Stationery Store<\/h1>/);
  assert.ok(page.includes('<span class="card-price">LKR 50.00</span>'));
  assert.ok(page.includes('<span class="stock out">Out of stock</span>'));
  assert.match(page, /<button type="button" class="button" disabled="">Add to Cart/);
  assert.ok(!page.includes('id="filter-author"'));
});

Deno.test("a book page carries share metadata with absolute URLs", async () => {
  const { app, books } = await setup();
  const book = books.find((b) => b.title === "Madol Doova")!;
  const page = await html(await app.request(`/books/${book.id}`));
  assert.match(page, /<h1 class="book-title">Madol Doova<\/h1>/);
  assert.ok(page.includes('<meta property="og:type" content="book"/>'));
  assert.ok(page.includes('<meta property="og:title" content="Madol Doova"/>'));
  assert.ok(
    page.includes(`<meta property="og:url" content="https://shop.example.lk/books/${book.id}"/>`),
  );
  assert.ok(
    page.includes(
      `<meta property="og:image" content="https://shop.example.lk${book.images[0]}"/>`,
    ),
  );
  assert.match(page, /<meta property="og:description" content="Madol Doova is a much-loved/);
  assert.ok(page.includes('<meta name="twitter:card" content="summary_large_image"/>'));
  assert.ok(page.includes("ISBN-13"));
  assert.ok(page.includes(book.isbn13));
});

Deno.test("a book page lists the book's details under their names, in order", async () => {
  const { app, books } = await setup();
  const book = books.find((b) => b.title === "Madol Doova")!;
  const page = await html(await app.request(`/books/${book.id}`));
  const names = [...page.matchAll(/<dt>([^<]*)<\/dt>/g)].map((m) => m[1]);
  assert.deepEqual(names, [
    "ISBN-13",
    "Language",
    "Binding",
    "Author",
    "Publisher",
    "Publishing date",
    "Edition",
    "Weight",
  ]);
  const values = [...page.matchAll(/<dd>([^<]*)<\/dd>/g)].map((m) => m[1]);
  assert.equal(values[0], book.isbn13);
  assert.equal(values[7], `${book.weightGrams / 1000} Kg`);
});

Deno.test("a book page names the book's language and binding in the page's language", async () => {
  const { app, books } = await setup();
  const book = books.find((b) => b.title === "Madol Doova")!;
  const values = async (prefix: string) => {
    const page = await html(await app.request(`${prefix}/books/${book.id}`));
    return [...page.matchAll(/<dd>([^<]*)<\/dd>/g)].map((m) => m[1]).slice(1, 3);
  };
  assert.deepEqual([book.language, book.binding], ["English", "Paperback"]);
  assert.deepEqual(await values(""), ["English", "Paperback"]);
  assert.deepEqual(await values("/si"), ["ඉංග්‍රීසි", "මෘදු කවරය"]);
  assert.deepEqual(await values("/ta"), ["ஆங்கிலம்", "மென் அட்டை"]);
});

Deno.test("the Book Store's category filter and a book's breadcrumb name its category in the page's language", async () => {
  const { app, catalogue, books } = await setup();
  const book = books.find((b) => b.title === "Madol Doova")!;
  await catalogue.renameCategory("book", book.categoryId, book.categoryName, {
    si: "නවකතා",
    ta: "நாவல்கள்",
  });
  const option = `<option value="${book.categoryId}">`;
  assert.ok((await html(await app.request("/si"))).includes(`${option}නවකතා</option>`));
  assert.ok((await html(await app.request("/ta"))).includes(`${option}நாவல்கள்</option>`));
  assert.ok(
    (await html(await app.request("/"))).includes(`${option}${book.categoryName}</option>`),
  );
  const page = await html(await app.request(`/si/books/${book.id}`));
  assert.match(page, new RegExp(`categoryId=${book.categoryId}">නවකතා</a>`));
});

Deno.test("a book without a description shows the fallback text", async () => {
  const { app, books } = await setup();
  const book = books.find((b) => b.description === null)!;
  const page = await html(await app.request(`/books/${book.id}`));
  assert.ok(page.includes("No description available for this product."));
});

Deno.test("a pre-order book offers the bank details and no stock line", async () => {
  const { app, books } = await setup();
  const book = books.find((b) => b.preorder)!;
  const page = await html(await app.request(`/books/${book.id}`));
  assert.ok(page.includes("Pre-orders are paid by Bank Deposit<"));
  assert.ok(page.includes("Show Bank Details"));
  assert.ok(!page.includes(">In Stock<") && !page.includes(">Out of Stock<"));
  const purchase = islandData(page).find((i) => i.name === "BookPurchase")!;
  assert.equal((purchase.props.bank as BankDetails).accountNumber, "0081234567");
});

Deno.test("a missing or malformed book id answers the not-found page with 404", async () => {
  const { app } = await setup();
  for (const path of ["/books/99999", "/books/abc", "/books/0", "/books/1e3"]) {
    const response = await app.request(path);
    assert.equal(response.status, 404, path);
    assert.match(await html(response), /Page not found/);
  }
});

Deno.test("an unknown path answers the not-found page with 404", async () => {
  const { app } = await setup();
  const response = await app.request("/no/such/page");
  assert.equal(response.status, 404);
  assert.match(await html(response), /<h1 class="page-title">Page not found<\/h1>/);
});

Deno.test("island data is escaped so a title cannot close its script", async () => {
  const { app, catalogue, books } = await setup();
  const evil = "</script><script>alert(1)</script>";
  const { id: _id, categoryName: _name, ...copy } = books[0];
  const result = await catalogue.createBook({ ...copy, title: evil, isbn13: "9789559999997" });
  assert.equal(result.kind, "ok");
  const page = await html(await app.request(`/?q=${encodeURIComponent("</script>")}`));
  const json = /<script type="application\/json" id="island-data">(.*?)<\/script>/s.exec(page)![1];
  assert.ok(!json.includes("<"));
  assert.ok(json.includes("\\u003c/script>"));
  assert.equal(page.match(/<script>alert/g), null);
  assert.ok(JSON.stringify(islandData(page)).includes(evil));
});

Deno.test("pages run no inline script and send a strict content security policy", async () => {
  const { app } = await setup();
  for (const path of ["/", "/stationery", "/cart", "/checkout", "/register", "/admin"]) {
    const response = await app.request(path);
    const csp = response.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'(;|$)/, path);
    const page = await html(response);
    // Scripts come from /assets/; inline ones are data blocks (island props, JSON-LD),
    // which browsers never run.
    for (const tag of page.match(/<script[^>]*>/g) ?? []) {
      assert.match(
        tag,
        /src="\/assets\/[^"]+\.js"|type="application\/(ld\+)?json"/,
        `${path}: ${tag}`,
      );
    }
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1"\/>/);
    assert.match(page, /<link rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/);
  }
});

Deno.test("the cart icon shows on the stores and hides on the cart and checkout", async () => {
  const { app } = await setup();
  assert.ok((await html(await app.request("/"))).includes('href="/cart" class="icon-link'));
  for (const path of ["/cart", "/checkout"]) {
    assert.ok(!(await html(await app.request(path))).includes('class="icon-link cart-link"'), path);
  }
});

Deno.test("the cart, checkout and registration pages hold their islands", async () => {
  const { app } = await setup();
  const cart = await html(await app.request("/cart"));
  assert.match(cart, /<h1 class="page-title">My Shopping Cart<\/h1>/);
  assert.ok(islandData(cart).some((i) => i.name === "Cart"));
  const checkout = await html(await app.request("/checkout"));
  const island = islandData(checkout).find((i) => i.name === "Checkout")!;
  assert.deepEqual((island.props.provinces as { name: string }[]).map((p) => p.name), [
    "Western",
    "Central",
    "Southern",
  ]);
  const register = await html(await app.request("/register"));
  assert.ok(islandData(register).some((i) => i.name === "Register"));
});

Deno.test("the footer shows the shop's contact details and policy links", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/privacy"));
  assert.match(page, /<h1 class="page-title">Privacy Policy<\/h1>/);
  for (const text of ["+94 11 273 4567", "+94 77 123 4567", "42 Hotel Road", "hello@pothgula.lk"]) {
    assert.ok(page.includes(text), text);
  }
  assert.ok(page.includes('href="/terms"'));
  assert.match(page, /© (<!-- -->)?2026(<!-- -->)? (<!-- -->)?Pothgula/);
  const terms = await html(await app.request("/terms"));
  assert.match(terms, /Terms &amp; Conditions<\/h1>/);
});

Deno.test("the admin paths serve the admin shell without server data", async () => {
  const { app } = await setup();
  for (
    const path of [
      "/admin",
      "/admin/login",
      "/admin/dashboard",
      "/admin/orders",
      "/admin/stock",
      "/admin/catalogue",
      "/admin/promotions",
      "/admin/books/12",
      "/admin/stationery/3",
      "/admin/orders/42",
    ]
  ) {
    const response = await app.request(path);
    assert.equal(response.status, 200, path);
    const page = await html(response);
    assert.ok(page.includes('<div id="admin-root"></div>'), path);
    assert.ok(!page.includes("island-data"), path);
  }
  for (const path of ["/admin/books/abc", "/admin/books/0", "/admin/elsewhere"]) {
    const response = await app.request(path);
    await response.body?.cancel();
    assert.equal(response.status, 404, path);
  }
});

Deno.test("built assets are served with a year-long immutable cache", async () => {
  const { app } = await setup();
  const page = await html(await app.request("/"));
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(page)![1];
  const response = await app.request(script);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.match(response.headers.get("content-type") ?? "", /text\/javascript/);
  await response.body?.cancel();
  assert.equal((await app.request("/assets/..%2F..%2Fdeno.json")).status, 404);
  assert.equal((await app.request("/assets/missing.js")).status, 404);
});

Deno.test("the checkout's city list carries postcodes", async () => {
  const { app } = await setup();
  const response = await app.request("/checkout/cities?districtId=1");
  const body = await response.json();
  assert.deepEqual(body.data[0], {
    id: 1,
    name: "Mount Lavinia",
    district_id: 1,
    postcode: "10370",
    name_si: null,
    name_ta: null,
  });
  assert.deepEqual((await (await app.request("/checkout/cities?districtId=x")).json()).data, []);
});

Deno.test("the checkout finds a city by its Sinhala name in any district", async () => {
  const { app } = await setup();
  const body = await (await app.request(`/checkout/cities?name=${encodeURIComponent("දෙහිවල")}`))
    .json();
  assert.deepEqual(body.data.map((a: { name: string; name_si: string }) => [a.name, a.name_si]), [
    ["Dehiwala", "දෙහිවල"],
  ]);
});

Deno.test("the checkout finds a city by how its name sounds, in Sinhala or Tamil letters", async () => {
  const { app } = await setup();
  const found = async (typed: string) =>
    (await (await app.request(`/checkout/cities?name=${encodeURIComponent(typed)}`)).json()).data
      .map((a: { name: string; district_name: string; postcode: string }) => [
        a.name,
        a.district_name,
        a.postcode,
      ]);
  // Hikkaduwa has no Sinhala or Tamil name in the reference data; Galle's is typed short.
  assert.deepEqual(await found("හික්කඩුව"), [["Hikkaduwa", "Galle", "80240"]]);
  assert.deepEqual(await found("ஹிக்கடுவ"), [["Hikkaduwa", "Galle", "80240"]]);
  assert.deepEqual(await found("ගාල"), [["Galle", "Galle", "80000"]]);
});

Deno.test("the checkout finds a city by name in any district, with its district and province", async () => {
  const { app } = await setup();
  const body = await (await app.request("/checkout/cities?name=peradeniya%20")).json();
  assert.deepEqual(body.data, [{
    id: 4,
    name: "Peradeniya",
    name_si: null,
    name_ta: null,
    district_id: 3,
    district_name: "Kandy",
    district_names: { name_si: "මහනුවර", name_ta: "கண்டி" },
    province_id: 2,
    province_name: "Central",
    province_names: { name_si: "මධ්‍යම", name_ta: "மத்திய" },
    postcode: "20400",
  }]);
  assert.deepEqual((await (await app.request("/checkout/cities?name=Atlantis")).json()).data, []);
});

Deno.test("/orders/{id} shows the customer's order with its key, no-store, and the not-found page without it", async () => {
  const catalogue = await sampleCatalogue();
  const order = customerOrderView(sampleOrder({
    id: 41,
    paymentMethod: "Bank Deposit",
    expiresAt: "2026-03-03T10:00:00.000Z",
    events: [
      { at: "2026-03-01T10:00:00.000Z", kind: "placed", actor: "customer", note: null },
    ],
  }));
  const app = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
    customerOrder: (id, key) => Promise.resolve(id === 41 && key === "right" ? order : undefined),
  });
  const page = await app.request("/orders/41?key=right");
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("Cache-Control"), "no-store");
  const text = await html(page);
  assert.match(text, /Order #41/);
  assert.match(text, /Awaiting payment/);
  assert.match(text, /Not paid yet/);
  assert.match(text, /3 Mar 2026, 3:30 pm/i, "the deadline in Sri Lanka's time");
  assert.match(text, /Bank of Ceylon/);
  assert.deepEqual(islandData(text).map((i) => i.name).filter((n) => n === "ProofUpload"), [
    "ProofUpload",
  ]);
  for (const path of ["/orders/41?key=wrong", "/orders/41", "/orders/abc?key=right"]) {
    const missing = await app.request(path);
    assert.equal(missing.status, 404, path);
    assert.doesNotMatch(await missing.text(), /Order #41/);
  }
  const track = await app.request("/track");
  assert.equal(track.status, 200);
  assert.match(await html(track), /Track your order/);
});

Deno.test("a card order's page says a declined payment did not go through and offers the form again, in each language; back from the gateway with no word yet, it is being confirmed", async () => {
  const catalogue = await sampleCatalogue();
  const form = { action: "https://sandbox.payhere.lk/pay/checkout", fields: { order_id: "7" } };
  const placed = sampleOrder({
    id: 7,
    paymentMethod: "Card",
    expiresAt: "2026-03-01T00:30:00.000Z",
  });
  let order = placed;
  const app = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
    providers: ["payhere"],
    gatewayOrigins: ["https://sandbox.payhere.lk"],
    cardPayment: () => Promise.resolve(form),
    customerOrder: () => Promise.resolve(customerOrderView(order)),
  });
  const before = await html(await app.request("/orders/7?key=k"));
  assert.doesNotMatch(before, /being confirmed|did not go through/);
  assert.match(await html(await app.request("/orders/7?key=k&order_id=7")), /being confirmed/);
  order = {
    ...placed,
    events: [...placed.events, {
      at: "2026-03-01T00:05:00.000Z",
      kind: "payment_failed",
      actor: "system",
      note: "PayHere payment 1 did not go through: Payment declined by the card issuer.",
    }],
  };
  const declined = await html(await app.request("/orders/7?key=k&order_id=7"));
  assert.match(
    declined,
    /role="alert">The card payment did not go through, so nothing was charged\. Your order is kept until/,
  );
  assert.doesNotMatch(declined, /being confirmed/);
  assert.doesNotMatch(
    declined,
    /declined by the card issuer/,
    "the gateway's English stays the shop's",
  );
  assert.match(declined, /action="https:\/\/sandbox\.payhere\.lk\/pay\/checkout"/);
  assert.match(declined, /Card payment did not go through/);
  assert.match(
    await html(await app.request("/si/orders/7?key=k&order_id=7")),
    /කාඩ්පත් ගෙවීම සාර්ථක වූයේ නැත, එබැවින්/,
  );
  assert.match(
    await html(await app.request("/ta/orders/7?key=k&order_id=7")),
    /அட்டைச் செலுத்தல் நிறைவேறவில்லை, எனவே/,
  );
});

Deno.test("with a card gateway, checkout offers Card, pages may post to the gateway and the terms say how long a card order waits; without one, none of it", async () => {
  const catalogue = await sampleCatalogue();
  const form = { action: "https://sandbox.payhere.lk/pay/checkout", fields: { order_id: "7" } };
  const withCard = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
    holdRules: { cardPaymentHours: 0.75 },
    providers: ["payhere"],
    gatewayOrigins: ["https://sandbox.payhere.lk"],
    cardPayment: () => Promise.resolve(form),
    customerOrder: (id, key) =>
      Promise.resolve(
        key === "k"
          ? customerOrderView(
            sampleOrder({ id, paymentMethod: "Card", expiresAt: "2026-03-01T00:30:00.000Z" }),
          )
          : undefined,
      ),
  });
  const checkout = await withCard.request("/checkout");
  assert.match(
    checkout.headers.get("Content-Security-Policy") ?? "",
    /form-action 'self' https:\/\/sandbox\.payhere\.lk;/,
  );
  const props = islandData(await html(checkout)).find((i) => i.name === "Checkout")!.props;
  assert.deepEqual(props.methods, ["COD", "Bank Deposit", "Card"]);
  const terms = await html(await withCard.request("/terms"));
  assert.match(terms, /Paying by card/);
  assert.match(terms, /cancelled automatically 45 minutes after it is placed/);
  const order = await html(await withCard.request("/orders/7?key=k&card=cancelled"));
  assert.match(order, /action="https:\/\/sandbox\.payhere\.lk\/pay\/checkout"/);
  assert.match(order, /<input type="hidden" name="order_id" value="7"\/>/);
  assert.match(order, /The card payment was cancelled/);

  const { app } = await setup();
  const plain = await app.request("/checkout");
  assert.match(plain.headers.get("Content-Security-Policy") ?? "", /form-action 'self';/);
  const plainProps = islandData(await html(plain)).find((i) => i.name === "Checkout")!.props;
  assert.deepEqual(plainProps.methods, ["COD", "Bank Deposit"]);
  assert.doesNotMatch(await html(await app.request("/terms")), /Paying by card/);
});
