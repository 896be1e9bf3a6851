import assert from "node:assert/strict";
import { ORDER_STATUSES } from "./model.ts";
import { canTransition, isFinal, ORDER_TRANSITIONS, transition } from "./status.ts";

Deno.test("transition() lets a pending order be completed or rejected", () => {
  assert.deepEqual(transition("pending", "completed"), { kind: "ok", status: "completed" });
  assert.deepEqual(transition("pending", "rejected"), { kind: "ok", status: "rejected" });
});

Deno.test("transition() refuses every move out of completed and rejected", () => {
  for (const from of ["completed", "rejected"] as const) {
    for (const to of ORDER_STATUSES) {
      assert.deepEqual(transition(from, to), { kind: "illegal", from, to });
    }
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
