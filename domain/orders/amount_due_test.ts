import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./model.ts";
import { AMOUNT_DUE_KINDS, amountDue, type AmountDueKind } from "./amount_due.ts";

/** The order's breakdown as amountDue reads it: an order total of LKR 4,350.00, all owed. */
const FIGURES = { totalCents: 435_000, dueCents: 435_000 };

/**
 * Every (method, payment status, order status) and what its documents must say: a
 * cancelled order owes nothing, a paid one has nothing left to collect, an unpaid COD
 * order is collected at the door and an unpaid Bank Deposit order is paid before dispatch
 * (a deposit slip sent but not yet checked is not a payment), as is an unpaid card order.
 */
const TABLE: [
  (typeof PAYMENT_METHODS)[number],
  (typeof PAYMENT_STATUSES)[number],
  (typeof ORDER_STATUSES)[number],
  AmountDueKind,
][] = [
  ["COD", "unpaid", "pending", "collect"],
  ["COD", "unpaid", "completed", "collect"],
  ["COD", "unpaid", "rejected", "nothingOwed"],
  ["COD", "proof_submitted", "pending", "collect"],
  ["COD", "proof_submitted", "completed", "collect"],
  ["COD", "proof_submitted", "rejected", "nothingOwed"],
  ["COD", "paid", "pending", "paid"],
  ["COD", "paid", "completed", "paid"],
  ["COD", "paid", "rejected", "nothingOwed"],
  ["Bank Deposit", "unpaid", "pending", "pay"],
  ["Bank Deposit", "unpaid", "completed", "pay"],
  ["Bank Deposit", "unpaid", "rejected", "nothingOwed"],
  ["Bank Deposit", "proof_submitted", "pending", "pay"],
  ["Bank Deposit", "proof_submitted", "completed", "pay"],
  ["Bank Deposit", "proof_submitted", "rejected", "nothingOwed"],
  ["Bank Deposit", "paid", "pending", "paid"],
  ["Bank Deposit", "paid", "completed", "paid"],
  ["Bank Deposit", "paid", "rejected", "nothingOwed"],
  ["Card", "unpaid", "pending", "pay"],
  ["Card", "unpaid", "completed", "pay"],
  ["Card", "unpaid", "rejected", "nothingOwed"],
  ["Card", "proof_submitted", "pending", "pay"],
  ["Card", "proof_submitted", "completed", "pay"],
  ["Card", "proof_submitted", "rejected", "nothingOwed"],
  ["Card", "paid", "pending", "paid"],
  ["Card", "paid", "completed", "paid"],
  ["Card", "paid", "rejected", "nothingOwed"],
  ["Koko", "unpaid", "pending", "pay"],
  ["Koko", "unpaid", "completed", "pay"],
  ["Koko", "unpaid", "rejected", "nothingOwed"],
  ["Koko", "proof_submitted", "pending", "pay"],
  ["Koko", "proof_submitted", "completed", "pay"],
  ["Koko", "proof_submitted", "rejected", "nothingOwed"],
  ["Koko", "paid", "pending", "paid"],
  ["Koko", "paid", "completed", "paid"],
  ["Koko", "paid", "rejected", "nothingOwed"],
];

Deno.test("amountDue() answers every method, payment status and order status as the table says", () => {
  assert.equal(
    TABLE.length,
    PAYMENT_METHODS.length * PAYMENT_STATUSES.length * ORDER_STATUSES.length,
  );
  for (const [paymentMethod, paymentStatus, status, kind] of TABLE) {
    const due = amountDue({ paymentMethod, paymentStatus, status }, FIGURES);
    const what = `${paymentMethod}, ${paymentStatus}, ${status}`;
    assert.equal(due.kind, kind, what);
    assert.equal(due.cents, kind === "nothingOwed" ? 0 : 435_000, what);
  }
});

Deno.test("amountDue() never asks a paid order or a cancelled one for money", () => {
  fc.assert(fc.property(
    fc.constantFrom(...PAYMENT_METHODS),
    fc.constantFrom(...PAYMENT_STATUSES),
    fc.constantFrom(...ORDER_STATUSES),
    fc.integer({ min: 1, max: 10_000_000 }),
    (paymentMethod, paymentStatus, status, totalCents) => {
      const due = amountDue({ paymentMethod, paymentStatus, status }, {
        totalCents,
        dueCents: totalCents,
      });
      const asks = due.kind === "collect" || due.kind === "pay";
      assert.equal(asks, status !== "rejected" && paymentStatus !== "paid");
      if (asks) assert.equal(due.cents, totalCents);
      assert.ok(AMOUNT_DUE_KINDS.includes(due.kind));
    },
  ));
});

Deno.test("amountDue() words a paid order 'paid, nothing to collect' and a cancelled one 'nothing owed'", () => {
  const paid = amountDue(
    { paymentMethod: "COD", paymentStatus: "paid", status: "completed" },
    FIGURES,
  );
  assert.deepEqual(paid.words.slip, { note: "slip.notePaid" });
  assert.deepEqual(paid.words.page, { note: "amount.notePaid" });
  assert.equal(paid.words.admin.note, "Paid, nothing to collect");
  const cancelled = amountDue(
    { paymentMethod: "COD", paymentStatus: "unpaid", status: "rejected" },
    FIGURES,
  );
  assert.deepEqual(cancelled.words.page, { note: "amount.noteNothingOwed" });
});

Deno.test("amountDue() words a cancelled order by what became of its money: a refund, a slip to check, nothing", () => {
  for (const paymentMethod of PAYMENT_METHODS) {
    const cancelled = (paymentStatus: (typeof PAYMENT_STATUSES)[number]) =>
      amountDue({ paymentMethod, paymentStatus, status: "rejected" }, FIGURES);
    const refunded = cancelled("paid");
    assert.equal(refunded.cents, 0, "nothing is owed by the customer");
    assert.deepEqual(refunded.words.page, { note: "amount.noteRefund" });
    assert.deepEqual(refunded.words.slip, { note: "slip.noteRefund" });
    assert.deepEqual(refunded.words.mail, { note: "mail.rejected.refund" });
    assert.equal(refunded.words.admin.note, "Cancelled after payment: refund due");
    const unchecked = cancelled("proof_submitted");
    assert.deepEqual(unchecked.words.page, { note: "amount.noteSlipUnchecked" });
    assert.deepEqual(unchecked.words.mail, { note: "mail.lapsed.paid" });
    assert.equal(cancelled("unpaid").words.page.note, "amount.noteNothingOwed");
  }
});

Deno.test("amountDue() words an unpaid order as its method's policy says: collect, or pay by deposit", () => {
  const cod = amountDue(
    { paymentMethod: "COD", paymentStatus: "unpaid", status: "pending" },
    FIGURES,
  );
  assert.deepEqual(cod.words.slip, { note: "slip.collect" });
  assert.deepEqual(cod.words.page, { note: "amount.noteCollect" });
  const bank = amountDue(
    { paymentMethod: "Bank Deposit", paymentStatus: "proof_submitted", status: "pending" },
    FIGURES,
  );
  assert.deepEqual(bank.words.slip, { note: "slip.noteBank" });
  assert.deepEqual(bank.words.page, { note: "amount.noteBank" });
});

Deno.test("amountDue() asks only what vouchers and payments left: nothing once vouchers paid it all", () => {
  const part = amountDue(
    { paymentMethod: "COD", paymentStatus: "unpaid", status: "pending" },
    { totalCents: 435_000, dueCents: 135_000 },
  );
  assert.deepEqual([part.kind, part.cents], ["collect", 135_000]);
  const whole = amountDue(
    { paymentMethod: "Bank Deposit", paymentStatus: "unpaid", status: "pending" },
    { totalCents: 435_000, dueCents: 0 },
  );
  assert.equal(whole.kind, "paid");
});
