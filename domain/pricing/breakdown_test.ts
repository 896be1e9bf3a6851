import assert from "node:assert/strict";
import fc from "fast-check";
import { breakdown, type BreakdownLineInput } from "./breakdown.ts";
import type { AdjustmentKind, LineAdjustment, OrderAdjustment } from "./adjustment_kinds.ts";
import { ADJUSTMENT_KIND_ORDER } from "./adjustment_kinds.ts";

function adjustment(
  kind: AdjustmentKind,
  amountCents: number,
  source: Partial<LineAdjustment> = {},
): LineAdjustment {
  return {
    kind,
    sourceId: kind === "sale" ? null : 1,
    name: kind === "sale" ? null : `${kind} 1`,
    names: {},
    amountCents,
    ...source,
  };
}

function line(
  id: number,
  usualUnitCents: number,
  quantity: number,
  adjustments: LineAdjustment[] = [],
): BreakdownLineInput {
  return { type: "book", id, title: `Book ${id}`, quantity, usualUnitCents, adjustments };
}

/** The order of issue 44: a sale, a campaign, a code shared over two lines, delivery. */
const SHOWN = [
  line(1, 95_000, 1, [adjustment("sale", 15_000)]),
  line(2, 55_000, 2, [
    adjustment("campaign", 16_500, { sourceId: 3, name: "Book Fair" }),
    adjustment("code", 3_000, { sourceId: 9, name: "WELCOME" }),
  ]),
  line(3, 120_000, 1, [adjustment("code", 4_000, { sourceId: 9, name: "WELCOME" })]),
];

Deno.test("breakdown() names Items at usual prices, each saving by its source, delivery and the order total", () => {
  const b = breakdown({ lines: SHOWN, orderAdjustments: [], deliveryFeeCents: 40_000 });
  assert.equal(b.itemsCents, 95_000 + 110_000 + 120_000);
  assert.deepEqual(b.savings.map((s) => [s.kind, s.sourceId, s.cents]), [
    ["sale", null, 15_000],
    ["campaign", 3, 16_500],
    ["code", 9, 7_000],
  ]);
  assert.equal(b.savingsCents, 38_500);
  assert.equal(b.itemsPaidCents, 325_000 - 38_500);
  assert.equal(b.totalCents, 325_000 - 38_500 + 40_000);
  assert.deepEqual(b.lines.map((l) => [l.usualCents, l.savingCents, l.paidCents]), [
    [95_000, 15_000, 80_000],
    [110_000, 19_500, 90_500],
    [120_000, 4_000, 116_000],
  ]);
  assert.equal(b.dueCents, b.totalCents, "nothing paid yet: all of it is to pay");
});

Deno.test("breakdown() counts a voucher as a tender: the prices stay, the amount to pay drops", () => {
  const without = breakdown({ lines: SHOWN, orderAdjustments: [], deliveryFeeCents: 40_000 });
  const b = breakdown({
    lines: SHOWN,
    orderAdjustments: [],
    deliveryFeeCents: 40_000,
    vouchers: [{ code: "…7Q2K", cents: 100_000 }],
  });
  assert.deepEqual(
    [b.itemsCents, b.savingsCents, b.totalCents],
    [without.itemsCents, without.savingsCents, without.totalCents],
  );
  assert.equal(b.vouchersCents, 100_000);
  assert.equal(b.dueCents, without.totalCents - 100_000);
  const paid = breakdown({
    lines: SHOWN,
    orderAdjustments: [],
    deliveryFeeCents: 40_000,
    vouchers: [{ code: "…7Q2K", cents: 100_000 }],
    payments: { receivedCents: without.totalCents - 100_000, refundedCents: 0 },
  });
  assert.equal(paid.dueCents, 0);
  const cancelled = breakdown({
    lines: SHOWN,
    orderAdjustments: [],
    deliveryFeeCents: 40_000,
    owes: false,
  });
  assert.equal(cancelled.dueCents, 0, "a cancelled order owes nothing");
});

Deno.test("breakdown() says what made delivery free, and no total before a fee is known", () => {
  const free: OrderAdjustment = {
    kind: "code",
    sourceId: 9,
    name: "SHIPFREE",
    names: {},
    amountCents: 0,
    freeDelivery: true,
  };
  const b = breakdown({ lines: SHOWN, orderAdjustments: [free], deliveryFeeCents: 0 });
  assert.equal(b.freeDelivery, free);
  const cart = breakdown({ lines: SHOWN, orderAdjustments: [], deliveryFeeCents: null });
  assert.equal(cart.deliveryFeeCents, null);
  assert.equal(cart.totalCents, cart.itemsPaidCents);
});

Deno.test("breakdown() refuses savings beyond a line's usual price", () => {
  assert.throws(
    () =>
      breakdown({
        lines: [line(1, 1_000, 1, [adjustment("sale", 600), adjustment("campaign", 600)])],
        orderAdjustments: [],
        deliveryFeeCents: 0,
      }),
    RangeError,
  );
});

const drawnLines = fc.array(
  fc.record({
    usual: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    shares: fc.array(
      fc.record({ kind: fc.constantFrom(...ADJUSTMENT_KIND_ORDER), share: fc.nat(1_000) }),
      { maxLength: 4 },
    ),
  }),
  { minLength: 1, maxLength: 6 },
).map((drawn) =>
  drawn.map((d, i) => {
    // Savings that never pass the line: each a share (per mille) of what is left.
    let left = d.usual * d.quantity;
    const adjustments = d.shares.map(({ kind, share }) => {
      const cents = Math.floor(left * share / 1_000);
      left -= cents;
      return adjustment(kind, cents, { sourceId: kind === "sale" ? null : i % 2 });
    });
    return line(i + 1, d.usual, d.quantity, adjustments);
  })
);

Deno.test("whatever the lines: Items less savings plus delivery is the total, the lines' prices paid add up, nothing below zero, refunds never to pay", () => {
  fc.assert(fc.property(
    drawnLines,
    fc.option(fc.nat(100_000)),
    fc.nat(200_000),
    fc.nat(5_000_000),
    fc.nat(5_000_000),
    (lines, fee, voucher, received, refunded) => {
      const b = breakdown({
        lines,
        orderAdjustments: [],
        deliveryFeeCents: fee,
        vouchers: [{ code: "V", cents: voucher }],
        payments: { receivedCents: received, refundedCents: refunded },
      });
      assert.equal(b.totalCents, b.itemsCents - b.savingsCents + (fee ?? 0) + b.methodFeeCents);
      assert.equal(b.itemsPaidCents, b.lines.reduce((sum, l) => sum + l.paidCents, 0));
      assert.equal(b.savingsCents, b.savings.reduce((sum, s) => sum + s.cents, 0));
      assert.equal(b.itemsCents, b.lines.reduce((sum, l) => sum + l.usualCents, 0));
      assert.ok(b.lines.every((l) => l.paidCents >= 0 && l.paidCents <= l.usualCents));
      // What was given back settles itself: it never becomes something to pay.
      assert.equal(b.dueCents, Math.max(b.totalCents - b.vouchersCents - received, 0));
      assert.equal(b.refundedCents, refunded);
      // Savings by source come in the order the shop applies the kinds.
      const ranks = b.savings.map((s) => ADJUSTMENT_KIND_ORDER.indexOf(s.kind));
      assert.deepEqual(ranks, [...ranks].sort((a, z) => a - z));
    },
  ));
});
