import assert from "node:assert/strict";
import fc from "fast-check";
import type { Book, StationeryItem } from "../catalogue/model.ts";
import type { Cart, CartItem } from "./cart.ts";
import { bookCartItem, parseStoredCart, refreshCart, stationeryCartItem } from "./cart.ts";

const funnyBoy: CartItem = {
  type: "book",
  id: 12,
  title: "Funny Boy",
  unitPriceCents: 185000,
  stock: 3,
  weightGrams: 320,
  image: "/uploads/funny-boy.png",
  preorder: false,
};
const pen: CartItem = {
  type: "stationery",
  id: 4,
  title: "Atlas Chooty Pen Blue",
  unitPriceCents: 4000,
  stock: 50,
  weightGrams: 10,
  image: null,
  preorder: false,
};

Deno.test("parseStoredCart() reads back a cart written with JSON.stringify", () => {
  const cart: Cart = [{ ...funnyBoy, quantity: 2 }, { ...pen, quantity: 1 }];
  assert.deepEqual(parseStoredCart(JSON.stringify(cart)), cart);
  assert.deepEqual(parseStoredCart(JSON.parse(JSON.stringify(cart))), cart);
});

Deno.test("parseStoredCart() gives an empty cart for anything that is not a list", () => {
  for (const value of [null, undefined, "", "{", "not json", 42, { cart: [] }, "null", true]) {
    assert.deepEqual(parseStoredCart(value), [], String(value));
  }
});

Deno.test("parseStoredCart() drops invalid lines and keeps the good ones", () => {
  const good = { ...funnyBoy, quantity: 1 };
  const stored = [
    good,
    { ...pen, quantity: 0 },
    { ...pen, quantity: 1.5 },
    { ...pen, type: "toy", quantity: 1 },
    { ...pen, unitPriceCents: "40", quantity: 1 },
    { ...pen, stock: -1, quantity: 1 },
    { ...pen, image: 7, quantity: 1 },
    { ...pen, id: 0, quantity: 1 },
    { title: "half a line" },
    null,
    "book:1",
  ];
  assert.deepEqual(parseStoredCart(stored), [good]);
});

Deno.test("parseStoredCart() keeps the first line of an item and ignores unknown fields", () => {
  const stored = [
    { ...funnyBoy, quantity: 1, author: "Shyam Selvadurai" },
    { ...funnyBoy, quantity: 3 },
  ];
  assert.deepEqual(parseStoredCart(stored), [{ ...funnyBoy, quantity: 1 }]);
});

Deno.test("parseStoredCart() never throws and never returns an invalid line", () => {
  fc.assert(fc.property(fc.jsonValue(), (value) => {
    const cart = parseStoredCart(value);
    for (const line of cart) assert.ok(line.quantity >= 1 && Number.isInteger(line.stock));
  }));
});

Deno.test("refreshCart() takes fresh prices and stock, keeps quantities and lists the changes", () => {
  const cart: Cart = [{ ...funnyBoy, quantity: 3 }, { ...pen, quantity: 2 }];
  const outcome = refreshCart(cart, [
    { ...funnyBoy, unitPriceCents: 195000, stock: 1 },
    pen,
  ]);
  assert.deepEqual(outcome, {
    cart: [
      { ...funnyBoy, unitPriceCents: 195000, stock: 1, quantity: 3 },
      { ...pen, quantity: 2 },
    ],
    removed: [],
    changed: ["book:12"],
  });
});

Deno.test("refreshCart() drops the lines the shop no longer sells", () => {
  const cart: Cart = [{ ...funnyBoy, quantity: 1 }, { ...pen, quantity: 2 }];
  const outcome = refreshCart(cart, [pen]);
  assert.deepEqual(outcome.cart, [{ ...pen, quantity: 2 }]);
  assert.deepEqual(outcome.removed, [{ ...funnyBoy, quantity: 1 }]);
  assert.deepEqual(outcome.changed, []);
});

Deno.test("bookCartItem() and stationeryCartItem() take what the cart keeps of a product", () => {
  const book = {
    id: 12,
    title: "Funny Boy",
    author: "Shyam Selvadurai",
    priceCents: 185000,
    stock: 3,
    weightGrams: 320,
    images: ["/uploads/funny-boy.png", "/uploads/back.png"],
    preorder: false,
  } as Book;
  assert.deepEqual(bookCartItem(book), funnyBoy);
  assert.equal(bookCartItem({ ...book, images: [] }).image, null);
  const item = {
    id: 4,
    title: "Atlas Chooty Pen Blue",
    priceCents: 4000,
    stock: 50,
    weightGrams: 10,
    image: "/uploads/pen.png",
  } as StationeryItem;
  assert.deepEqual(stationeryCartItem(item), { ...pen, image: "/uploads/pen.png" });
});

Deno.test("a pre-ordered book's expected date goes into the cart and survives storage", () => {
  const book = {
    id: 12,
    title: "Funny Boy",
    priceCents: 185000,
    stock: 3,
    weightGrams: 320,
    images: [],
    preorder: true,
    preorderDate: "2026-12-15",
  } as unknown as Book;
  const item = bookCartItem(book);
  assert.equal(item.preorderDate, "2026-12-15");
  const [line] = parseStoredCart(JSON.stringify([{ ...item, quantity: 1 }]));
  assert.equal(line.preorderDate, "2026-12-15");
  assert.equal(bookCartItem({ ...book, preorder: false }).preorderDate, undefined);
  const odd = parseStoredCart([{ ...item, preorderDate: "<b>soon</b>", quantity: 1 }]);
  assert.equal(odd[0].preorderDate, undefined);
});
