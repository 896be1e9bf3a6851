import assert from "node:assert/strict";
import { orderBreakdown } from "./order_breakdown.ts";
import { promotedOrder, sampleOrder } from "../notifications/testing/samples.ts";
import { breakdownFromRecord, breakdownRecord } from "./breakdown_record.ts";
import { breakdownRows } from "./figures.ts";

Deno.test("orderBreakdown() tells a promoted order's figures from its adjustments: Items at usual prices, savings by source", () => {
  const b = orderBreakdown(promotedOrder());
  assert.equal(b.itemsCents, 385_150);
  assert.deepEqual(b.savings.map((s) => [s.kind, s.name, s.cents]), [
    ["sale", null, 50_000],
    ["campaign", "Book Fair 2026", 40_000],
    ["code", "SCHOOL10", 10_000],
  ]);
  assert.equal(b.itemsPaidCents, 285_150, "the order's own items total");
  assert.equal(b.freeDelivery?.kind, "offer");
  assert.deepEqual([b.deliveryFeeCents, b.totalCents, b.dueCents], [0, 285_150, 285_150]);
});

Deno.test("orderBreakdown() takes what was received from the payment status until a ledger tells it", () => {
  const paid = orderBreakdown(sampleOrder({ paymentStatus: "paid" }));
  assert.deepEqual([paid.receivedCents, paid.dueCents], [paid.totalCents, 0]);
  const vouchered = orderBreakdown({
    ...sampleOrder({ paymentStatus: "paid" }),
    vouchers: [{ last4: "Q2K7", cents: 100_000 }],
  });
  assert.equal(vouchered.receivedCents, vouchered.totalCents - 100_000);
  const cancelled = orderBreakdown(sampleOrder({ status: "rejected" }));
  assert.equal(cancelled.dueCents, 0);
  const ledger = orderBreakdown(sampleOrder(), { receivedCents: 100_000, refundedCents: 0 });
  assert.equal(ledger.dueCents, ledger.totalCents - 100_000);
});

Deno.test("a breakdown reads back from the wire figure for figure", () => {
  const b = orderBreakdown({
    ...promotedOrder(),
    vouchers: [{ last4: "Q2K7", cents: 12_345 }],
  });
  assert.deepEqual(breakdownFromRecord(breakdownRecord(b)), b);
  const record = breakdownRecord(b);
  assert.deepEqual([record.items, record.saving, record.total, record.to_pay], [
    3851.5,
    1000,
    2851.5,
    2728.05,
  ]);
});

Deno.test("orderBreakdown() tells a split order's second parcel apart from its delivery fee, the total unchanged", () => {
  const together = orderBreakdown(sampleOrder({ deliveryFeeCents: 50_000 }));
  const split = orderBreakdown(
    sampleOrder({ deliveryFeeCents: 50_000, parcels: "split", secondParcelFeeCents: 15_000 }),
  );
  assert.deepEqual([split.deliveryFeeCents, split.secondParcelFeeCents], [35_000, 15_000]);
  assert.equal(split.totalCents, together.totalCents);
  assert.equal(together.secondParcelFeeCents, 0);
  assert.deepEqual(
    breakdownRows(split).map((r) => [r.figure, r.cents]).slice(-3),
    [["deliveryFee", 35_000], ["secondParcel", 15_000], ["total", split.totalCents]],
  );
  assert.deepEqual(breakdownFromRecord(breakdownRecord(split)), split);
  assert.ok(!breakdownRows(together).some((r) => r.figure === "secondParcel"));
});
