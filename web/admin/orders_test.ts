import assert from "node:assert/strict";
import {
  costDetails,
  customerLabel,
  groupOrders,
  slipFileName,
  statusChangedMessage,
} from "./orders.ts";
import type { WireOrder } from "./wire.ts";

function order(id: number, status: WireOrder["status"]): WireOrder {
  return {
    id,
    user_id: null,
    status,
    order_date: "2026-11-21T10:00:00Z",
    name: "Nimal",
    address: "1 Galle Road",
    email: "nimal@example.lk",
    phone: "0771234567",
    postal_code: "10400",
    province_name: "Western",
    district_name: "Colombo",
    area_name: "Moratuwa",
    total: 1250.5,
    delivery_fee: 400,
    payment_method: "COD",
    items: [],
  };
}

Deno.test("groupOrders() splits orders by status and keeps newest first", () => {
  const groups = groupOrders([
    order(5, "pending"),
    order(4, "completed"),
    order(3, "pending"),
    order(2, "rejected"),
  ]);
  assert.deepEqual(groups.pending.map((o) => o.id), [5, 3]);
  assert.deepEqual(groups.completed.map((o) => o.id), [4]);
  assert.deepEqual(groups.rejected.map((o) => o.id), [2]);
});

Deno.test("costDetails() shows the delivery fee as shipping and adds it for the subtotal", () => {
  assert.deepEqual(costDetails({ total: 1250.5, delivery_fee: 400 }), {
    itemTotalCents: 125050,
    shippingCents: 40000,
    subtotalCents: 165050,
  });
  assert.equal(costDetails({ total: 0.1, delivery_fee: 0.2 }).subtotalCents, 30);
});

Deno.test("orders name guests, status changes and slips as the admin reads them", () => {
  assert.equal(customerLabel(null), "Guest");
  assert.equal(customerLabel(7), "7");
  assert.equal(statusChangedMessage("completed"), "Order completed");
  assert.equal(statusChangedMessage("rejected"), "Order rejected");
  assert.equal(slipFileName(42), "order-42.pdf");
});
