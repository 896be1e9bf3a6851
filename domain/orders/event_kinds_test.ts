import { chargeCents, failureEvent } from "../payments/card_payment.ts";
import { refundEvent } from "../payments/refunds.ts";
import { settledPlan } from "../payments/refund_order.ts";
import assert from "node:assert/strict";
import { EVENT_KINDS, type OrderEvent } from "./model.ts";
import { EVENT_KIND_POLICIES } from "./event_kinds.ts";
import { planTransition } from "./plans.ts";
import { planLapse } from "./lapse.ts";
import { planPaymentChange } from "./payment.ts";
import { planProof } from "./payment_proofs.ts";
import { customerOrderView } from "./customer_view.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";

const AT = "2026-03-01T10:00:00.000Z";

Deno.test("every event the plans write is caused by an actor its kind's policy names", () => {
  const events: OrderEvent[] = [
    sampleOrder().events[0],
    planLapse(1, AT, { paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }).event,
    planProof(1, { contentType: "image/png", bytes: new Uint8Array(), at: AT, reviewUntil: null })
      .event,
  ];
  for (const to of ["completed", "rejected"] as const) {
    const planned = planTransition({ id: 1, status: "pending" }, to, { at: AT, actor: "admin" });
    assert.equal(planned.kind, "ok");
    if (planned.kind === "ok") events.push(planned.plan.event);
  }
  for (const [from, to] of [["proof_submitted", "paid"], ["paid", "unpaid"]] as const) {
    const planned = planPaymentChange(
      { id: 1, status: "pending", paymentMethod: "Bank Deposit", paymentStatus: from },
      { to, actor: "admin", at: AT, note: null },
    );
    assert.equal(planned.kind, "ok");
    if (planned.kind === "ok") events.push(planned.plan.event);
  }
  const card = sampleOrder({ paymentMethod: "Card" });
  const failed = failureEvent(
    card,
    {
      kind: "verified",
      orderId: card.id,
      paymentId: "320027150999",
      amountCents: chargeCents(card),
      currency: "LKR",
      outcome: "failed",
      method: "VISA",
      statusMessage: null,
    },
    "PayHere",
    AT,
  );
  assert.ok(failed);
  events.push(failed);
  events.push(refundEvent({ amountCents: 30_000, reference: "2000001", reason: "Torn" }, AT));
  const settled = settledPlan(sampleOrder({ status: "rejected", paymentStatus: "paid" }), 0, AT);
  assert.ok(settled);
  events.push(settled.event);
  const refused = planPaymentChange(
    { id: 1, status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "proof_submitted" },
    { to: "unpaid", actor: "admin", at: AT, note: "Blurred slip" },
  );
  assert.ok(refused.kind === "ok");
  events.push(refused.plan.event);
  const seen = new Set(events.map((e) => e.kind));
  assert.deepEqual([...EVENT_KINDS].filter((kind) => !seen.has(kind)), ["note"]);
  for (const event of events) {
    const actors: readonly string[] = EVENT_KIND_POLICIES[event.kind].actors;
    assert.ok(actors.includes(event.actor), `${event.kind} by ${event.actor}`);
  }
});

Deno.test("the customer's timeline leaves out the kinds its policy hides and the admin's words it keeps back", () => {
  const order = sampleOrder({
    events: EVENT_KINDS.map((kind) => ({
      at: AT,
      kind,
      actor: EVENT_KIND_POLICIES[kind].actors[0],
      note: `about ${kind}`,
    })),
  });
  const seen = customerOrderView(order).events;
  assert.deepEqual(
    seen.map((e) => e.kind),
    EVENT_KINDS.filter((kind) => EVENT_KIND_POLICIES[kind].customerSees),
  );
  for (const event of seen) {
    const kept = event.actor !== "admin" || EVENT_KIND_POLICIES[event.kind].customerReadsAdminNote;
    assert.equal(event.note, kept ? `about ${event.kind}` : null, event.kind);
  }
});

Deno.test("the customer's page writes a note only where the customer reads the admin's words, never a lapse's", () => {
  for (const kind of EVENT_KINDS) {
    const policy = EVENT_KIND_POLICIES[kind];
    if (policy.noteOnPage) assert.ok(policy.customerSees && policy.customerReadsAdminNote, kind);
  }
  // A lapse's words say its reason in the page's language; its note is the English reason.
  assert.equal(EVENT_KIND_POLICIES.lapsed.noteOnPage, false);
});
