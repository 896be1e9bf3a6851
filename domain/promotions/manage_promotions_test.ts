import assert from "node:assert/strict";
import fc from "fast-check";
import { promotionState } from "./manage_promotions.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 8, 1) + minute * 60_000).toISOString();

Deno.test("a promotion is ended once its end has come, paused or not; else paused, scheduled before its start, else running", () => {
  const window = { startsAt: at(10), endsAt: at(20) };
  assert.equal(promotionState({ window, paused: false }, at(9)), "scheduled");
  assert.equal(promotionState({ window, paused: false }, at(10)), "running");
  assert.equal(promotionState({ window, paused: true }, at(15)), "paused");
  assert.equal(promotionState({ window, paused: true }, at(9)), "paused");
  assert.equal(promotionState({ window, paused: false }, at(20)), "ended");
  assert.equal(promotionState({ window, paused: true }, at(20)), "ended");
  assert.equal(
    promotionState({ window: { startsAt: null, endsAt: null }, paused: false }, at(0)),
    "running",
  );
});

Deno.test("a promotion runs at a moment exactly when pricing would apply it then", () => {
  const moment = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
  fc.assert(
    fc.property(
      moment,
      moment,
      fc.boolean(),
      fc.integer({ min: 0, max: 100 }),
      (s, e, paused, n) => {
        const window = { startsAt: s === null ? null : at(s), endsAt: e === null ? null : at(e) };
        const inside = (s === null || s <= n) && (e === null || n < e);
        return (promotionState({ window, paused }, at(n)) === "running") === (inside && !paused);
      },
    ),
  );
});
