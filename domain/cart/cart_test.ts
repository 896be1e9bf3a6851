import assert from "node:assert/strict";
import fc from "fast-check";
import {
  addToCart,
  type Cart,
  cartHasPreorder,
  type CartItem,
  cartLineRequests,
  cartQuantity,
  cartTotalCents,
  cartWeightGrams,
  checkoutProblems,
  decrement,
  increment,
  lineCeiling,
  lineKey,
  removeLine,
} from "./cart.ts";

function anItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    type: "book",
    id: 12,
    title: "Funny Boy",
    unitPriceCents: 185000,
    stock: 3,
    weightGrams: 320,
    image: "/uploads/funny-boy.png",
    preorder: false,
    ...overrides,
  };
}

function cartOf(change: { cart: Cart }): Cart {
  return change.cart;
}

const book = anItem();
const pen = anItem({
  type: "stationery",
  id: 12,
  title: "Atlas Chooty Pen Blue",
  unitPriceCents: 4000,
  stock: 50,
  weightGrams: 10,
});

Deno.test("lineKey() names a line by kind and id", () => {
  assert.equal(lineKey({ type: "book", id: 12 }), "book:12");
  assert.equal(lineKey({ type: "stationery", id: 12 }), "stationery:12");
});

Deno.test("addToCart() adds a new line with the asked quantity", () => {
  assert.deepEqual(addToCart([], book, 2), { kind: "ok", cart: [{ ...book, quantity: 2 }] });
});

Deno.test("addToCart() merges the same item and keeps a book apart from a pen of the same id", () => {
  const cart = cartOf(
    addToCart(cartOf(addToCart(cartOf(addToCart([], book, 1)), pen, 5)), book, 1),
  );
  assert.deepEqual(cart.map((l) => [lineKey(l), l.quantity]), [["book:12", 2], [
    "stationery:12",
    5,
  ]]);
});

Deno.test("addToCart() refuses to go above the stock and leaves the cart as it was", () => {
  const cart = cartOf(addToCart([], book, 2));
  assert.deepEqual(addToCart(cart, book, 2), { kind: "insufficient_stock", cart, stock: 3 });
  assert.equal(addToCart([], anItem({ stock: 0 }), 1).kind, "insufficient_stock");
});

Deno.test("addToCart() takes the item's fresh price and drops fields the cart does not keep", () => {
  const cart = cartOf(addToCart([], book, 1));
  const fresher = { ...book, unitPriceCents: 190000, author: "Shyam Selvadurai" };
  const next = cartOf(addToCart(cart, fresher, 1));
  assert.deepEqual(next, [{ ...book, unitPriceCents: 190000, quantity: 2 }]);
});

Deno.test("addToCart() counts a quantity below 1 as 1", () => {
  assert.equal(cartOf(addToCart([], book, 0))[0].quantity, 1);
  assert.equal(cartOf(addToCart([], book, NaN))[0].quantity, 1);
});

Deno.test("increment() adds one until the stock and then refuses, naming the stock", () => {
  let cart = cartOf(addToCart([], book, 2));
  const up = increment(cart, "book:12");
  assert.equal(up.kind, "ok");
  cart = up.cart;
  assert.equal(cart[0].quantity, 3);
  assert.deepEqual(increment(cart, "book:12"), { kind: "insufficient_stock", cart, stock: 3 });
  assert.deepEqual(increment(cart, "book:99"), { kind: "ok", cart });
});

Deno.test("decrement() takes one off but never goes below 1", () => {
  const cart = cartOf(addToCart([], book, 2));
  const once = decrement(cart, "book:12");
  assert.equal(once[0].quantity, 1);
  assert.equal(decrement(once, "book:12")[0].quantity, 1);
  assert.equal(cart[0].quantity, 2, "the given cart is not changed");
});

Deno.test("removeLine() takes only that line out", () => {
  const cart = cartOf(addToCart(cartOf(addToCart([], book, 1)), pen, 1));
  assert.deepEqual(removeLine(cart, "book:12").map(lineKey), ["stationery:12"]);
  assert.deepEqual(removeLine(cart, "book:1"), cart);
});

Deno.test("checkoutProblems() names the stock of a line above it, and a sold-out line as such", () => {
  const cart: Cart = [
    { ...book, quantity: 3 },
    { ...pen, stock: 2, quantity: 4 },
    { ...anItem({ id: 5, stock: 0 }), quantity: 1 },
  ];
  assert.deepEqual(checkoutProblems(cart), [
    { key: "stationery:12", title: "Atlas Chooty Pen Blue", kind: "only_in_stock", stock: 2 },
    { key: "book:5", title: "Funny Boy", kind: "sold_out" },
  ]);
  assert.deepEqual(checkoutProblems([{ ...book, quantity: 3 }]), []);
});

Deno.test("a line holds at most its stock and at most maxPerLine copies, and says which stopped it", () => {
  const pens = { ...pen, stock: 50 };
  assert.equal(lineCeiling(pens, 20), 20);
  assert.equal(lineCeiling(book, 20), 3);
  assert.equal(lineCeiling({ stock: -1 }, 20), 0);
  // The popup's 23 copies of a pen with 50 in stock: refused, naming the order's limit.
  assert.deepEqual(addToCart([], pens, 23, 20), { kind: "line_limit", cart: [], max: 20 });
  const twenty = cartOf(addToCart([], pens, 20, 20));
  assert.equal(twenty[0].quantity, 20);
  assert.deepEqual(increment(twenty, "stationery:12", 20), {
    kind: "line_limit",
    cart: twenty,
    max: 20,
  });
  // Where the stock is lower than the limit, the stock is what stops it.
  const three = cartOf(addToCart([], book, 3, 20));
  assert.deepEqual(increment(three, "book:12", 20), {
    kind: "insufficient_stock",
    cart: three,
    stock: 3,
  });
  // A cart filled before the limit (or elsewhere) cannot go to checkout above it.
  assert.deepEqual(checkoutProblems([{ ...pens, quantity: 23 }], 20), [
    { key: "stationery:12", title: "Atlas Chooty Pen Blue", kind: "line_limit", max: 20 },
  ]);
  // Shoppers see at most the limit as stock: a stock equal to it may be more, so the
  // limit is named, never "only 20 in stock".
  const shown = { ...pen, stock: 20 };
  assert.deepEqual(addToCart([], shown, 21, 20), { kind: "line_limit", cart: [], max: 20 });
  assert.deepEqual(checkoutProblems([{ ...shown, quantity: 21 }], 20), [
    { key: "stationery:12", title: "Atlas Chooty Pen Blue", kind: "line_limit", max: 20 },
  ]);
});

Deno.test("no cart change ever holds a line above its ceiling", () => {
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 1, max: 30 }),
    fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 8 }),
    (stock, max, adds) => {
      let cart: Cart = [];
      const item = { ...pen, stock };
      for (const n of adds) {
        cart = n < 0
          ? increment(cart, "stationery:12", max).cart
          : addToCart(cart, item, n, max).cart;
        for (const line of cart) assert.ok(line.quantity <= Math.min(stock, max));
      }
    },
  ));
});

Deno.test("cart totals count every unit: quantity, price, weight, pre-orders", () => {
  const cart: Cart = [{ ...book, quantity: 2 }, { ...pen, quantity: 3 }];
  assert.equal(cartQuantity(cart), 5);
  assert.equal(cartTotalCents(cart), 382000);
  assert.equal(cartWeightGrams(cart), 670);
  assert.equal(cartHasPreorder(cart), false);
  assert.equal(
    cartHasPreorder([...cart, { ...anItem({ id: 3, preorder: true }), quantity: 1 }]),
    true,
  );
  assert.deepEqual(cartLineRequests(cart), [
    { type: "book", id: 12, quantity: 2 },
    { type: "stationery", id: 12, quantity: 3 },
  ]);
  assert.equal(cartTotalCents([]), 0);
});

const pool: CartItem[] = [
  anItem({ id: 1, stock: 1, unitPriceCents: 45000 }),
  anItem({ id: 2, stock: 3, unitPriceCents: 99900 }),
  anItem({ type: "stationery", id: 1, stock: 5, unitPriceCents: 4000, weightGrams: 15 }),
  anItem({ type: "stationery", id: 2, stock: 2, unitPriceCents: 250000, weightGrams: 700 }),
];

const operation = fc.oneof(
  fc.record({
    op: fc.constant("add" as const),
    item: fc.nat(3),
    quantity: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ op: fc.constant("increment" as const), item: fc.nat(3) }),
  fc.record({ op: fc.constant("decrement" as const), item: fc.nat(3) }),
  fc.record({ op: fc.constant("remove" as const), item: fc.nat(3) }),
);

type Operation = { op: "add"; item: number; quantity: number } | {
  op: "increment" | "decrement" | "remove";
  item: number;
};

function apply(cart: Cart, operation: Operation): Cart {
  const item = pool[operation.item];
  switch (operation.op) {
    case "add":
      return addToCart(cart, item, operation.quantity).cart;
    case "increment":
      return increment(cart, lineKey(item)).cart;
    case "decrement":
      return decrement(cart, lineKey(item));
    case "remove":
      return removeLine(cart, lineKey(item));
  }
}

Deno.test("after any sequence of changes every quantity stays within 1..stock, one line per item", () => {
  fc.assert(fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
    const cart = operations.reduce(apply, [] as Cart);
    for (const line of cart) {
      assert.ok(line.quantity >= 1 && line.quantity <= line.stock, JSON.stringify(line));
    }
    assert.equal(new Set(cart.map(lineKey)).size, cart.length);
    assert.deepEqual(checkoutProblems(cart), []);
  }));
});

Deno.test("cart totals always equal the sums over the lines", () => {
  fc.assert(fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
    const cart = operations.reduce(apply, [] as Cart);
    let quantity = 0, total = 0, weight = 0;
    for (const line of cart) {
      quantity += line.quantity;
      total += line.quantity * line.unitPriceCents;
      weight += line.quantity * line.weightGrams;
    }
    assert.equal(cartQuantity(cart), quantity);
    assert.equal(cartTotalCents(cart), total);
    assert.equal(cartWeightGrams(cart), weight);
  }));
});

Deno.test("adding an item n times in ones gives one line of min(n, stock)", () => {
  fc.assert(fc.property(fc.nat(3), fc.integer({ min: 1, max: 10 }), (index, times) => {
    const item = pool[index];
    let cart: Cart = [];
    for (let i = 0; i < times; i++) cart = addToCart(cart, item, 1).cart;
    assert.deepEqual(cart.map((l) => l.quantity), [Math.min(times, item.stock)]);
  }));
});
