import assert from "node:assert/strict";
import { MAX_STOCK, nextStock, returnedStock } from "./stock.ts";

Deno.test("nextStock() adds and sets within the ceiling", () => {
  assert.deepEqual(nextStock(10, { addStock: 5 }), { kind: "ok", stock: 15 });
  assert.deepEqual(nextStock(10, { stock: MAX_STOCK }), { kind: "ok", stock: MAX_STOCK });
  assert.deepEqual(nextStock(10, {}), { kind: "ok", stock: 10 });
});

Deno.test("nextStock() refuses going below zero", () => {
  assert.deepEqual(nextStock(3, { addStock: -4 }), { kind: "negative_stock" });
});

Deno.test("nextStock() refuses a count above the ceiling, added or set", () => {
  const above = { kind: "stock_above_limit", limit: MAX_STOCK };
  assert.deepEqual(nextStock(MAX_STOCK, { addStock: 1 }), above);
  assert.deepEqual(nextStock(0, { stock: MAX_STOCK + 1 }), above);
});

Deno.test("nextStock() lets a count already above the ceiling come down", () => {
  assert.deepEqual(nextStock(MAX_STOCK + 50, { addStock: -10 }), {
    kind: "ok",
    stock: MAX_STOCK + 40,
  });
});

Deno.test("returnedStock() caps returned copies at the ceiling and never lowers a count", () => {
  assert.equal(returnedStock(10, 5), 15);
  assert.equal(returnedStock(MAX_STOCK - 2, 5), MAX_STOCK);
  assert.equal(returnedStock(MAX_STOCK + 7, 5), MAX_STOCK + 7);
});
