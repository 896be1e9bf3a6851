import assert from "node:assert/strict";
import type { Order, OrderEvent } from "./model.ts";
import { receivedAt, takings } from "./takings.ts";
import { colomboToday } from "./order_query.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";

/** 3 March 2026 in Sri Lanka: from 2 March 18:30 UTC to 3 March 18:30 UTC. */
const TODAY = colomboToday(new Date("2026-03-03T06:00:00.000Z"));

function event(kind: OrderEvent["kind"], at: string): OrderEvent {
  return { at, kind, actor: kind === "placed" ? "customer" : "admin", note: null };
}

function order(overrides: Partial<Order>): Order {
  // 4,351.50 with delivery.
  return sampleOrder({ paymentStatus: "paid", ...overrides });
}

Deno.test("receivedAt() is the last payment recorded, for a paid order that is not cancelled", () => {
  const events = [
    event("placed", "2026-03-01T04:00:00.000Z"),
    event("paid", "2026-03-01T05:00:00.000Z"),
    event("unpaid", "2026-03-02T05:00:00.000Z"),
    event("paid", "2026-03-03T05:00:00.000Z"),
  ];
  assert.equal(receivedAt(order({ events })), "2026-03-03T05:00:00.000Z");
  assert.equal(receivedAt(order({ events, status: "completed" })), "2026-03-03T05:00:00.000Z");
  assert.equal(receivedAt(order({ events, paymentStatus: "unpaid" })), null);
  assert.equal(receivedAt(order({ events, status: "rejected" })), null, "its money goes back");
  assert.equal(receivedAt(order({ events: events.slice(0, 1), paymentStatus: "unpaid" })), null);
});

Deno.test("takings() counts money received today, never orders placed today", () => {
  const placedToday = event("placed", "2026-03-03T04:00:00.000Z");
  const placedEarlier = event("placed", "2026-02-27T04:00:00.000Z");
  const orders = [
    // Placed today, not paid: no takings.
    order({ paymentStatus: "unpaid", events: [placedToday] }),
    // Placed today, a slip sent: not paid yet.
    order({ paymentStatus: "proof_submitted", events: [placedToday] }),
    // Placed days ago, paid this morning in Colombo (00:10 on the 3rd): taken today.
    order({ events: [placedEarlier, event("paid", "2026-03-02T18:40:00.000Z")] }),
    // Paid late yesterday in Colombo (23:50 on the 2nd): not today.
    order({ events: [placedEarlier, event("paid", "2026-03-02T18:20:00.000Z")] }),
    // Paid today, then cancelled: the money goes back.
    order({ status: "rejected", events: [placedToday, event("paid", "2026-03-03T05:00:00.000Z")] }),
  ];
  assert.deepEqual(takings(orders, TODAY), { paidOrders: 1, takingsCents: 435_150 });
  assert.deepEqual(takings([], TODAY), { paidOrders: 0, takingsCents: 0 });
});
