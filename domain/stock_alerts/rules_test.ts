import assert from "node:assert/strict";
import fc from "fast-check";
import {
  backInStock,
  orderable,
  readUnsubscribeToken,
  requestRefusal,
  sameText,
  stockRequest,
  unsubscribeSalt,
  unsubscribeToken,
} from "./rules.ts";

const state = fc.record({ stock: fc.integer({ min: 0, max: 1_000_000 }), archived: fc.boolean() });

Deno.test("a product can be bought when it is on sale with stock above 0, a pre-order alike", () => {
  assert.equal(orderable({ stock: 1, archived: false }), true);
  assert.equal(orderable({ stock: 0, archived: false }), false);
  assert.equal(orderable({ stock: 5, archived: true }), false);
});

Deno.test("a product is back exactly when it could not be bought before and can now", () => {
  fc.assert(fc.property(state, state, (before, after) => {
    assert.equal(backInStock(before, after), !orderable(before) && orderable(after));
    // Never back twice in a row: once back, a further change is no return.
    if (backInStock(before, after)) assert.equal(backInStock(after, after), false);
  }));
  assert.equal(backInStock({ stock: 0, archived: true }, { stock: 0, archived: false }), false);
  assert.equal(backInStock({ stock: 2, archived: true }, { stock: 2, archived: false }), true);
});

Deno.test("only a product on sale that cannot be bought now may be waited for", () => {
  fc.assert(fc.property(state, (product) => {
    const refused = requestRefusal(product);
    if (product.archived) assert.equal(refused, "not_on_sale");
    else if (product.stock > 0) assert.equal(refused, "orderable");
    else assert.equal(refused, undefined);
  }));
  assert.equal(requestRefusal(undefined), "not_found");
});

Deno.test("an address is kept trimmed and lower-cased, so one shopper waits once", () => {
  const request = stockRequest({ kind: "stationery", id: 7 }, "  Kamala@Mail.LK ", "ta");
  assert.deepEqual(request, {
    product: { kind: "stationery", id: 7 },
    email: "kamala@mail.lk",
    language: "ta",
  });
});

Deno.test("an unsubscribe token names its request and signature, and nothing else reads as one", () => {
  fc.assert(fc.property(
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    fc.stringMatching(/^[A-Za-z0-9_-]{16,100}$/),
    (id, signature) => {
      assert.deepEqual(readUnsubscribeToken(unsubscribeToken(id, signature)), {
        requestId: id,
        signature,
      });
    },
  ));
  for (const text of ["", "1", "0.abcdefghijklmnop", "-1.abcdefghijklmnop", "1.short", "1.a b"]) {
    assert.equal(readUnsubscribeToken(text), undefined, text);
  }
  assert.equal(readUnsubscribeToken("99999999999999999.abcdefghijklmnop"), undefined);
  assert.equal(unsubscribeSalt(42), "stock-request:42");
});

Deno.test("texts are compared whole, whatever their lengths", () => {
  assert.equal(sameText("abc", "abc"), true);
  assert.equal(sameText("abc", "abd"), false);
  assert.equal(sameText("abc", "abcd"), false);
  assert.equal(sameText("", ""), true);
});
