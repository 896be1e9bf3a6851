import assert from "node:assert/strict";
import { ORDER_STATUSES } from "./model.ts";
import { canTransition, isFinal, ORDER_TRANSITIONS } from "./status.ts";

Deno.test("canTransition() lets a pending order be completed or rejected", () => {
  assert.equal(canTransition("pending", "completed"), true);
  assert.equal(canTransition("pending", "rejected"), true);
});

Deno.test("canTransition() refuses every move out of completed and rejected", () => {
  for (const from of ["completed", "rejected"] as const) {
    for (const to of ORDER_STATUSES) assert.equal(canTransition(from, to), false);
    assert.equal(isFinal(from), true);
  }
});

Deno.test("canTransition() refuses staying pending and agrees with the table everywhere", () => {
  assert.equal(canTransition("pending", "pending"), false);
  assert.equal(isFinal("pending"), false);
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      assert.equal(canTransition(from, to), ORDER_TRANSITIONS[from].includes(to));
    }
  }
});
