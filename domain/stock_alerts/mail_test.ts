import assert from "node:assert/strict";
import { backInStockMail } from "./mail.ts";
import type { StoredStockRequest } from "./ports.ts";
import type { Book, StationeryItem } from "../catalogue/model.ts";
import type { ShopInfo } from "../shop.ts";

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://pothgula.lk/",
  email: "hello@pothgula.lk",
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  address: "Mount Lavinia",
  whatsappNumber: "+94 77 123 4567",
};

const REQUEST: StoredStockRequest = {
  id: 12,
  product: { kind: "book", id: 3 },
  email: "nimal@example.lk",
  language: "si",
  createdAt: new Date("2026-03-01T00:00:00Z"),
  notifiedAt: new Date("2026-03-02T00:00:00Z"),
  unsubscribedAt: null,
};

const BOOK = { id: 3, title: "Madol Doova", priceCents: 95_000 } as Book;

Deno.test("the mail names the product at its shelf price, its page and the links that stop these mails, in the request's language", () => {
  const shelf = {
    unitCents: 80_000,
    usualCents: 95_000,
    savingCents: 15_000,
    sale: true,
    campaign: null,
    until: null,
  };
  const mail = backInStockMail(REQUEST, { type: "book", book: BOOK }, {
    shop: SHOP,
    shelf,
    signature: "sig_of-request-12",
  });
  assert.ok(typeof mail !== "string");
  assert.deepEqual(mail, {
    kind: "back_in_stock",
    to: "nimal@example.lk",
    language: "si",
    product: {
      type: "book",
      title: "Madol Doova",
      priceCents: 80_000,
      usualCents: 95_000,
      url: "https://pothgula.lk/si/books/3",
    },
    unsubscribePage: "https://pothgula.lk/si/stock-alerts/unsubscribe?token=12.sig_of-request-12",
    unsubscribeUrl: "https://pothgula.lk/api/stock-alerts/unsubscribe?token=12.sig_of-request-12",
  });
});

Deno.test("a stationery item's mail leads to its store searched for it; its usual price alone shows no second price", () => {
  const item = { id: 8, title: "Atlas pen, blue", priceCents: 5_000 } as StationeryItem;
  const mail = backInStockMail(
    { ...REQUEST, language: "en", product: { kind: "stationery", id: 8 } },
    { type: "stationery", item },
    { shop: SHOP, shelf: null, signature: "s" },
  );
  assert.ok(typeof mail !== "string");
  assert.equal(mail.product.url, "https://pothgula.lk/stationery?q=Atlas%20pen%2C%20blue");
  assert.equal(mail.product.priceCents, 5_000);
  assert.equal(mail.product.usualCents, null);
});

Deno.test("no mail goes to an address that unsubscribed, nor about a product no longer sold", () => {
  const context = { shop: SHOP, shelf: null, signature: "s" };
  assert.equal(
    backInStockMail(
      { ...REQUEST, unsubscribedAt: new Date() },
      { type: "book", book: BOOK },
      context,
    ),
    "unsubscribed",
  );
  assert.equal(backInStockMail(REQUEST, undefined, context), "not_on_sale");
});
