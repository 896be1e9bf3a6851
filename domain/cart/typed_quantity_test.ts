import assert from "node:assert/strict";
import fc from "fast-check";
import { setTypedQuantity, typedQuantity } from "./typed_quantity.ts";
import type { CartLine } from "./cart.ts";

const line: CartLine = {
  type: "stationery",
  id: 7,
  title: "Exercise book, 80 pages",
  unitPriceCents: 12_000,
  stock: 30,
  weightGrams: 150,
  image: null,
  preorder: false,
  quantity: 1,
};

Deno.test("typedQuantity() takes a typed number within 1 and the room left, and no number as none", () => {
  assert.equal(typedQuantity("20", 50), 20);
  assert.equal(typedQuantity(" 20 ", 50), 20);
  assert.equal(typedQuantity("80", 50), 50);
  assert.equal(typedQuantity("0", 50), 1);
  for (const text of ["", "-3", "2.5", "twenty", "1e3"]) {
    assert.equal(typedQuantity(text, 50), undefined, text);
  }
});

Deno.test("typedQuantity() never answers outside 1 and the room, whatever is typed", () => {
  fc.assert(fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (text, room) => {
    const quantity = typedQuantity(text, room);
    return quantity === undefined || (quantity >= 1 && quantity <= room);
  }));
});

Deno.test("setTypedQuantity() sets a cart line to what was typed, held to its stock and the order's limit", () => {
  const cart = [line];
  assert.equal(setTypedQuantity(cart, "stationery:7", "20", 25)[0].quantity, 20);
  assert.equal(setTypedQuantity(cart, "stationery:7", "45", 25)[0].quantity, 25, "the limit");
  assert.equal(setTypedQuantity(cart, "stationery:7", "45", 100)[0].quantity, 30, "the stock");
  assert.equal(setTypedQuantity(cart, "stationery:7", "", 25), cart, "no number: unchanged");
  assert.equal(setTypedQuantity(cart, "book:7", "3", 25), cart, "no such line");
});
