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

Deno.test("orderBreakdown() counts the refunds that gave money back, apart from what is to pay", () => {
  const paid = sampleOrder({ paymentStatus: "paid" });
  const refunded = orderBreakdown({
    ...paid,
    refundsGiven: [{ amountCents: 40_000, at: "2026-03-02T10:00:00.000Z" }, {
      amountCents: 25_000,
      at: "2026-03-03T10:00:00.000Z",
    }],
  });
  assert.deepEqual(
    [refunded.receivedCents, refunded.refundedCents, refunded.dueCents],
    [refunded.totalCents, 65_000, 0],
    "a paid order partly refunded owes nothing",
  );
  assert.deepEqual(
    breakdownRows(refunded).slice(-3).map((r) => [r.figure, r.cents, r.sign]),
    [["received", refunded.totalCents, "minus"], ["due", 0, "result"], [
      "refunded",
      65_000,
      "apart",
    ]],
    "the refunds stand after what is to pay, in no sum",
  );
  // Cancelled and refunded in full: no longer paid, yet it received what it gave back.
  const cancelled = sampleOrder({ status: "rejected", paymentStatus: "unpaid" });
  const all = orderBreakdown(cancelled).totalCents;
  const whole = orderBreakdown({
    ...cancelled,
    refundsGiven: [{ amountCents: all, at: "2026-03-02T10:00:00.000Z" }],
  });
  assert.deepEqual([whole.receivedCents, whole.refundedCents, whole.dueCents], [all, all, 0]);
  assert.deepEqual(breakdownRows(whole).slice(-2).map((r) => r.figure), ["received", "refunded"]);
  // Charged back after a refund: nothing received stands, the whole charge is owed again.
  const chargedBack = orderBreakdown({
    ...sampleOrder({ paymentMethod: "Card" }),
    refundsGiven: [{ amountCents: 10_000, at: "2026-03-02T10:00:00.000Z" }],
  });
  assert.deepEqual(
    [chargedBack.receivedCents, chargedBack.refundedCents, chargedBack.dueCents],
    [0, 10_000, chargedBack.totalCents],
  );
  assert.deepEqual(breakdownFromRecord(breakdownRecord(refunded)), refunded);
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
