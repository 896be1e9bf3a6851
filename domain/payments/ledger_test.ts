import assert from "node:assert/strict";
import fc from "fast-check";
import {
  accepted,
  decideEntry,
  LEDGER_KINDS,
  type LedgerEntry,
  ledgerPaymentStatus,
  ledgerSums,
  PAYMENT_TRANSITIONS,
  paymentState,
} from "./ledger.ts";

const AT = "2026-03-01T09:00:00.000Z";

function row(
  kind: LedgerEntry["kind"],
  overrides: Partial<LedgerEntry> = {},
): LedgerEntry {
  const paymentRef = overrides.paymentRef ?? "320027150001";
  return {
    orderId: 7,
    provider: "payhere",
    kind,
    paymentRef,
    ref: kind === "refund" ? "refund-1" : paymentRef,
    amountCents: 250_000,
    at: AT,
    ...overrides,
  };
}

Deno.test("a charge-back is final for its payment: the paid notice replayed after it is a duplicate and the order stays unpaid", () => {
  const paid = row("payment");
  const chargeback = row("chargeback");
  assert.deepEqual(decideEntry([], paid), { kind: "append" });
  assert.deepEqual(decideEntry([paid], chargeback), { kind: "append" });
  assert.deepEqual(decideEntry([paid, chargeback], paid), { kind: "duplicate" });
  assert.equal(paymentState([paid, chargeback, paid], "payhere", paid.paymentRef), "charged_back");
  assert.equal(ledgerPaymentStatus([paid, chargeback]), "unpaid");
  assert.equal(ledgerPaymentStatus([paid, chargeback, paid]), "unpaid");
  assert.equal(ledgerPaymentStatus([paid]), "paid");
});

Deno.test("a charge-back that arrives before its payment is kept, and the payment is then refused", () => {
  const chargeback = row("chargeback");
  assert.deepEqual(decideEntry([], chargeback), { kind: "append" });
  assert.deepEqual(decideEntry([chargeback], row("payment")), {
    kind: "refused",
    reason: "charged_back",
  });
  assert.equal(ledgerPaymentStatus([chargeback]), "unpaid");
});

Deno.test("a refund is taken from a paid payment up to what it brought in, and refused above it, on an unpaid or charged-back payment, or for 0", () => {
  const paid = row("payment", { amountCents: 100_000 });
  const part = row("refund", { ref: "r1", amountCents: 40_000 });
  assert.deepEqual(decideEntry([], part), { kind: "refused", reason: "not_paid" });
  assert.deepEqual(decideEntry([paid], part), { kind: "append" });
  assert.deepEqual(decideEntry([paid, part], row("refund", { ref: "r2", amountCents: 60_001 })), {
    kind: "refused",
    reason: "over_refund",
  });
  assert.deepEqual(decideEntry([paid, part], row("refund", { ref: "r2", amountCents: 60_000 })), {
    kind: "append",
  });
  assert.deepEqual(decideEntry([paid, part], part), { kind: "duplicate" });
  assert.deepEqual(decideEntry([paid], row("refund", { ref: "r3", amountCents: 0 })), {
    kind: "refused",
    reason: "bad_amount",
  });
  assert.deepEqual(decideEntry([paid, row("chargeback")], row("refund", { ref: "r4" })), {
    kind: "refused",
    reason: "charged_back",
  });
  assert.deepEqual(ledgerSums([paid, part]), {
    paidCents: 100_000,
    refundedCents: 40_000,
    chargedBackCents: 0,
    standing: true,
  });
});

Deno.test("the transition table: charged back takes nothing, and every state is reached only by the kinds it lists", () => {
  assert.deepEqual(PAYMENT_TRANSITIONS.charged_back, {});
  assert.equal(PAYMENT_TRANSITIONS.none.refund, undefined);
  assert.equal(PAYMENT_TRANSITIONS.paid.payment, undefined);
});

const entryArb: fc.Arbitrary<LedgerEntry> = fc.record({
  orderId: fc.constant(7),
  provider: fc.constantFrom("payhere", "koko"),
  kind: fc.constantFrom(...LEDGER_KINDS),
  paymentRef: fc.constantFrom("p1", "p2"),
  ref: fc.constantFrom("p1", "p2", "r1", "r2", "r3"),
  amountCents: fc.integer({ min: -10, max: 300_000 }),
  at: fc.constant(AT),
}).map((e) => (e.kind === "refund" ? e : { ...e, ref: e.paymentRef }));

Deno.test("any sequence of notices, replayed in any amount: a charged-back payment never stands again, refunds never pass payments, duplicates change nothing", () => {
  fc.assert(
    fc.property(fc.array(entryArb, { maxLength: 30 }), fc.array(fc.nat(29)), (entries, replays) => {
      const kept = accepted(entries);
      // Replaying any rows the ledger took, in any order, changes neither the rows nor the sums.
      const replayed = [
        ...entries,
        ...replays.filter((i) => i < kept.length).map((i) => kept[i]),
      ];
      assert.deepEqual(accepted(replayed), kept);
      assert.deepEqual(ledgerSums(replayed), ledgerSums(entries));
      for (const entry of kept) {
        const state = paymentState(kept, entry.provider, entry.paymentRef);
        const refs = kept.filter((r) =>
          r.provider === entry.provider && r.paymentRef === entry.paymentRef
        );
        if (refs.some((r) => r.kind === "chargeback")) assert.equal(state, "charged_back");
        const paid = refs.filter((r) => r.kind === "payment").reduce(
          (s, r) => s + r.amountCents,
          0,
        );
        const refunded = refs.filter((r) => r.kind === "refund").reduce(
          (s, r) => s + r.amountCents,
          0,
        );
        assert.ok(refunded <= paid, "refunds never pass what was paid");
        assert.ok(refs.filter((r) => r.kind === "payment").length <= 1);
      }
      const sums = ledgerSums(entries);
      assert.ok(sums.refundedCents <= sums.paidCents);
      assert.equal(
        sums.standing,
        kept.some((r) => paymentState(kept, r.provider, r.paymentRef) === "paid"),
      );
      // Every row of the ledger is unique by provider, kind and id, with a positive amount.
      const keys = kept.map((r) => `${r.provider}|${r.kind}|${r.ref}`);
      assert.equal(new Set(keys).size, keys.length);
      assert.ok(kept.every((r) => r.amountCents > 0));
    }),
    { numRuns: 500 },
  );
});
