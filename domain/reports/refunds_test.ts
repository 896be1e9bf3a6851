import assert from "node:assert/strict";
import { refundTotals } from "./refunds.ts";

Deno.test("a range's takings net of its refunds, the refunds shown apart", () => {
  assert.deepEqual(refundTotals(300_000, []), { refunds: 0, refundedCents: 0, netCents: 300_000 });
  assert.deepEqual(refundTotals(300_000, [{ amountCents: 50_000 }, { amountCents: 25_050 }]), {
    refunds: 2,
    refundedCents: 75_050,
    netCents: 224_950,
  });
  // Refunds on a day of no takings leave the day below nothing.
  assert.equal(refundTotals(0, [{ amountCents: 1_000 }]).netCents, -1_000);
});
