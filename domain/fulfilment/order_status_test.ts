import assert from "node:assert/strict";
import { type OrderStanding, orderStatusFollowing } from "./order_status.ts";
import type { OrderFulfilment } from "./shipments.ts";

const cod = (status: OrderStanding["status"], paymentStatus: OrderStanding["paymentStatus"]) => ({
  status,
  paymentMethod: "COD" as const,
  paymentStatus,
});
const deposit = (
  status: OrderStanding["status"],
  paymentStatus: OrderStanding["paymentStatus"],
) => ({
  status,
  paymentMethod: "Bank Deposit" as const,
  paymentStatus,
});
const card = (status: OrderStanding["status"], paymentStatus: OrderStanding["paymentStatus"]) => ({
  status,
  paymentMethod: "Card" as const,
  paymentStatus,
});

/** [the order, how far its parcels went, the status it should have, why] */
const TABLE: [OrderStanding, OrderFulfilment, OrderStanding["status"], string][] = [
  [cod("pending", "unpaid"), "not_shipped", "pending", "nothing has left the shop"],
  [cod("pending", "unpaid"), "partly_handed_over", "pending", "a parcel still waits (a pre-order)"],
  [cod("pending", "unpaid"), "handed_over", "completed", "every copy is out; the courier collects"],
  [cod("pending", "unpaid"), "delivered", "completed", "all parcels delivered"],
  [cod("pending", "unpaid"), "returned", "pending", "everything came back: the owner decides"],
  [deposit("pending", "unpaid"), "handed_over", "pending", "a deposit not yet paid"],
  [deposit("pending", "proof_submitted"), "delivered", "pending", "a slip not yet checked"],
  [deposit("pending", "paid"), "handed_over", "completed", "paid, and all out"],
  [deposit("pending", "paid"), "partly_handed_over", "pending", "paid, a parcel still waits"],
  [card("pending", "paid"), "delivered", "completed", "paid by card, all delivered"],
  [card("pending", "unpaid"), "handed_over", "pending", "a card not yet charged"],
  [cod("completed", "unpaid"), "returned", "completed", "a completed order never goes back"],
  [cod("completed", "paid"), "not_shipped", "completed", "completed before parcels were kept"],
  [cod("rejected", "unpaid"), "delivered", "rejected", "a cancelled order stays cancelled"],
  [deposit("rejected", "paid"), "handed_over", "rejected", "a cancelled order stays cancelled"],
];

for (const [order, fulfilment, expected, why] of TABLE) {
  Deno.test(`a ${order.status} ${order.paymentMethod} order (${order.paymentStatus}) with parcels ${fulfilment} is ${expected}: ${why}`, () => {
    assert.equal(orderStatusFollowing(order, fulfilment), expected);
  });
}
