import assert from "node:assert/strict";
import { ORDER_STATUSES } from "./model.ts";
import { canTransition, isFinal, ORDER_STATUS_POLICIES, ORDER_TRANSITIONS } from "./status.ts";

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

Deno.test("the status table's final statuses are those no move leaves, and only a cancelled order owes nothing", () => {
  for (const status of ORDER_STATUSES) {
    const policy = ORDER_STATUS_POLICIES[status];
    assert.equal(policy.final, Object.keys(policy.moves).length === 0, status);
    assert.equal(policy.owes, status !== "rejected", status);
    const slipOnEntry = ORDER_STATUSES.some((from) =>
      (ORDER_STATUS_POLICIES[from].moves as Partial<Record<string, { saveSlip: boolean }>>)[status]
        ?.saveSlip === true
    );
    assert.equal(policy.hasSlip, slipOnEntry, `${status}: a slip is kept where a move saves one`);
  }
  const shopperWords = ORDER_STATUSES.map((s) => ORDER_STATUS_POLICIES[s].words.shopper);
  assert.equal(new Set(shopperWords).size, ORDER_STATUSES.length);
});
