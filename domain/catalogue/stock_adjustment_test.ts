import assert from "node:assert/strict";
import fc from "fast-check";
import {
  adjustedStock,
  ADJUSTMENT_REASONS,
  adjustmentNote,
  adjustmentProblem,
  adjustStock,
  type NewStockAdjustment,
  type StockAdjusting,
} from "./stock_adjustment.ts";
import { MAX_STOCK } from "./stock.ts";

Deno.test("adjustmentProblem() takes damaged and lost copies out, puts found ones back and brings deliveries in", () => {
  assert.equal(adjustmentProblem({ quantity: 12, reason: "received" }), undefined);
  assert.deepEqual(adjustmentProblem({ quantity: -12, reason: "received" }), {
    kind: "wrong_direction",
    reason: "received",
    direction: "up",
  });
  assert.equal(adjustmentProblem({ quantity: -3, reason: "damaged" }), undefined);
  assert.equal(adjustmentProblem({ quantity: -1, reason: "lost" }), undefined);
  assert.equal(adjustmentProblem({ quantity: 2, reason: "found" }), undefined);
  assert.equal(adjustmentProblem({ quantity: -2, reason: "recount" }), undefined);
  assert.equal(adjustmentProblem({ quantity: 2, reason: "recount" }), undefined);
  assert.deepEqual(adjustmentProblem({ quantity: 3, reason: "damaged" }), {
    kind: "wrong_direction",
    reason: "damaged",
    direction: "down",
  });
  assert.deepEqual(adjustmentProblem({ quantity: -3, reason: "found" }), {
    kind: "wrong_direction",
    reason: "found",
    direction: "up",
  });
});

Deno.test("adjustmentProblem() refuses a change of nothing and one past any count", () => {
  assert.deepEqual(adjustmentProblem({ quantity: 0, reason: "recount" }), {
    kind: "zero_quantity",
  });
  assert.deepEqual(adjustmentProblem({ quantity: -(MAX_STOCK + 1), reason: "lost" }), {
    kind: "quantity_too_large",
    limit: MAX_STOCK,
  });
});

Deno.test("adjustedStock() never goes below zero, into the copies orders hold", () => {
  assert.deepEqual(adjustedStock(5, -3), { kind: "ok", stock: 2 });
  assert.deepEqual(adjustedStock(3, -3), { kind: "ok", stock: 0 });
  assert.deepEqual(adjustedStock(2, -3), { kind: "below_free_stock", free: 2 });
  assert.deepEqual(adjustedStock(MAX_STOCK, 1), { kind: "stock_above_limit", limit: MAX_STOCK });
  // A count already above the ceiling may still come down.
  assert.deepEqual(adjustedStock(MAX_STOCK + 5, -1), { kind: "ok", stock: MAX_STOCK + 4 });
});

Deno.test("adjustedStock() either moves the stock by exactly the quantity or leaves it", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: MAX_STOCK }),
      fc.integer({ min: -MAX_STOCK, max: MAX_STOCK }),
      (current, quantity) => {
        const result = adjustedStock(current, quantity);
        if (result.kind === "ok") {
          assert.equal(result.stock, current + quantity);
          assert.ok(result.stock >= 0 && result.stock <= MAX_STOCK);
        } else if (result.kind === "below_free_stock") {
          assert.ok(current + quantity < 0);
          assert.equal(result.free, current);
        } else assert.ok(current + quantity > MAX_STOCK);
      },
    ),
  );
});

Deno.test("adjustmentNote() keeps a trimmed note and no blank one", () => {
  assert.equal(adjustmentNote("  water damage "), "water damage");
  assert.equal(adjustmentNote("   "), null);
  assert.equal(adjustmentNote(undefined), null);
});

Deno.test("adjustStock() refuses a reason's wrong way before the repository, and trims the note", async () => {
  const asked: NewStockAdjustment[] = [];
  const repository: StockAdjusting = {
    adjustStock(adjustment) {
      asked.push(adjustment);
      return Promise.resolve({ kind: "not_found" });
    },
    stockAdjustments: () => Promise.resolve([]),
  };
  const base: NewStockAdjustment = {
    kind: "book",
    productId: 4,
    quantity: 3,
    reason: "damaged",
    note: "  torn cover ",
    actor: { id: 1, email: "owner@pothgula.lk" },
    at: new Date("2026-11-26T10:00:00Z"),
  };
  assert.equal((await adjustStock(repository, base)).kind, "wrong_direction");
  assert.equal(asked.length, 0);
  assert.equal((await adjustStock(repository, { ...base, quantity: -3 })).kind, "not_found");
  assert.equal(asked[0].note, "torn cover");
  assert.deepEqual([...ADJUSTMENT_REASONS], ["received", "damaged", "lost", "found", "recount"]);
});
