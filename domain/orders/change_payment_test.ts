import assert from "node:assert/strict";
import type { Order } from "./model.ts";
import type { PaymentPlan } from "./payment.ts";
import { addNote, type ChangePaymentDeps, recordPayment } from "./change_payment.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";

const NOW = new Date("2026-03-02T04:30:00.000Z");

function setup(order: Order | undefined) {
  const plans: PaymentPlan[] = [];
  const pdfs: string[] = [];
  const notes: unknown[] = [];
  const slips: Order[] = [];
  const deps: ChangePaymentDeps = {
    clock: { now: () => NOW },
    slips: {
      render: (rendered) => {
        slips.push(rendered);
        return Promise.resolve(new TextEncoder().encode(`slip of ${rendered.paymentStatus}`));
      },
    },
    orders: {
      findById: (id) => Promise.resolve(order && id === order.id ? order : undefined),
      changePayment: (plan, slipPdf) => {
        plans.push(plan);
        if (slipPdf) pdfs.push(new TextDecoder().decode(slipPdf));
        return Promise.resolve({ kind: "changed", order: { ...order!, paymentStatus: plan.to } });
      },
      addEvent: (id, event) => {
        notes.push({ id, event });
        return Promise.resolve(order && id === order.id ? order : undefined);
      },
    },
  };
  return { deps, plans, notes, slips, pdfs };
}

Deno.test("recordPayment() marks a COD order paid by the admin, with the note on the event", async () => {
  const s = setup(sampleOrder());
  const result = await recordPayment(s.deps, { id: 1042, status: "paid", note: "Cash in hand" });
  assert.equal(result.kind, "changed");
  assert.deepEqual(s.plans, [{
    orderId: 1042,
    orderStatus: "pending",
    from: "unpaid",
    to: "paid",
    clearExpiry: true,
    event: { at: NOW.toISOString(), kind: "paid", actor: "admin", note: "Cash in hand" },
    mails: ["payment_received"],
    saveSlip: false,
  }]);
  assert.deepEqual(s.pdfs, [], "a pending order has no slip yet");
});

Deno.test("recordPayment() renders a completed order's slip again for its new payment status and saves it with the change", async () => {
  const s = setup(sampleOrder({ status: "completed" }));
  const result = await recordPayment(s.deps, { id: 1042, status: "paid" });
  assert.equal(result.kind, "changed");
  assert.equal(s.plans[0].saveSlip, true);
  assert.deepEqual(s.slips.map((o) => [o.id, o.status, o.paymentStatus]), [
    [1042, "completed", "paid"],
  ]);
  assert.deepEqual(s.pdfs, ["slip of paid"]);
});

Deno.test("recordPayment() refuses a rejected order and a change the table does not hold", async () => {
  const rejected = setup(sampleOrder({ status: "rejected" }));
  assert.deepEqual(await recordPayment(rejected.deps, { id: 1042, status: "paid" }), {
    kind: "order_rejected",
  });
  const unpaid = setup(sampleOrder());
  assert.deepEqual(await recordPayment(unpaid.deps, { id: 1042, status: "unpaid" }), {
    kind: "illegal",
    from: "unpaid",
    to: "unpaid",
  });
  assert.equal(rejected.plans.length + unpaid.plans.length, 0);
  assert.deepEqual(await recordPayment(unpaid.deps, { id: 9, status: "paid" }), {
    kind: "not_found",
  });
});

Deno.test("addNote() adds the admin's note to the timeline now", async () => {
  const s = setup(sampleOrder());
  await addNote(s.deps, { id: 1042, text: "Called, pays Monday" });
  assert.deepEqual(s.notes, [{
    id: 1042,
    event: { at: NOW.toISOString(), kind: "note", actor: "admin", note: "Called, pays Monday" },
  }]);
});
