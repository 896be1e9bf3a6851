import assert from "node:assert/strict";
import { sampleOrder } from "../notifications/testing/samples.ts";
import { customerOrderView } from "./customer_view.ts";

Deno.test("customerOrderView() shows the order's state, lines and amounts in rupees, and no e-mail or phone", () => {
  const view = customerOrderView(sampleOrder({ courier: "Pronto", trackingNumber: "PX-1" }));
  assert.deepEqual(Object.keys(view).sort(), [
    "address",
    "adjustments",
    "area_name",
    "area_name_si",
    "area_name_ta",
    "breakdown",
    "courier",
    "delivery_fee",
    "district_name",
    "district_name_si",
    "district_name_ta",
    "events",
    "expires_at",
    "id",
    "items",
    "name",
    "order_date",
    "parcels",
    "payment_method",
    "payment_status",
    "postal_code",
    "province_name",
    "province_name_si",
    "province_name_ta",
    "status",
    "subtotal",
    "total",
    "tracking_number",
  ]);
  assert.deepEqual(view.items[0], {
    id: 1,
    type: "book",
    book_id: 10,
    title: "Madol Doova",
    isbn13: "9789552100018",
    quantity: 2,
    list_price: 1250,
    price: 1250,
    saving: 0,
    adjustments: [],
    line_total: 2500,
    preorder: false,
    preorder_date: null,
  });
  assert.deepEqual(view.adjustments, []);
  assert.deepEqual([view.breakdown.items, view.breakdown.total], [3851.5, 4351.5]);
  assert.deepEqual([view.total, view.delivery_fee, view.subtotal], [3851.5, 500, 4351.5]);
  assert.deepEqual([view.courier, view.tracking_number], ["Pronto", "PX-1"]);
});

Deno.test("customerOrderView() leaves out the admin's notes and words on payments, keeps a reason", () => {
  const view = customerOrderView(sampleOrder({
    status: "rejected",
    events: [
      { at: "2026-03-01T10:00:00.000Z", kind: "placed", actor: "customer", note: null },
      { at: "2026-03-01T11:00:00.000Z", kind: "note", actor: "admin", note: "Rude on phone" },
      { at: "2026-03-01T12:00:00.000Z", kind: "paid", actor: "admin", note: "Slip 4471" },
      { at: "2026-03-01T13:00:00.000Z", kind: "rejected", actor: "admin", note: "Out of print" },
    ],
  }));
  assert.deepEqual(view.events.map((e) => [e.kind, e.note]), [
    ["placed", null],
    ["paid", null],
    ["rejected", "Out of print"],
  ]);
});

Deno.test("customerOrderView() gives the lapse time only while the order waits for payment", () => {
  const waiting = sampleOrder({
    paymentMethod: "Bank Deposit",
    expiresAt: "2026-03-03T10:00:00.000Z",
  });
  assert.equal(customerOrderView(waiting).expires_at, "2026-03-03T10:00:00.000Z");
  assert.equal(
    customerOrderView({ ...waiting, paymentStatus: "proof_submitted" }).expires_at,
    null,
  );
});

Deno.test("customerOrderView() marks a pre-ordered line with its expected date, and no other", () => {
  const order = sampleOrder();
  const [first, ...rest] = order.items;
  const view = customerOrderView({
    ...order,
    items: [{ ...first, preorder: true, preorderDate: "2027-03-15" }, ...rest],
  });
  assert.deepEqual(
    view.items.map((item) => [item.preorder, item.preorder_date]),
    [[true, "2027-03-15"], ...rest.map(() => [false, null])],
  );
});
