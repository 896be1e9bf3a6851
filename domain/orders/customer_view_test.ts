import assert from "node:assert/strict";
import { customerOrderView } from "./customer_view.ts";
import { sampleOrder } from "../notifications/testing/samples.ts";

Deno.test("customerOrderView() shows the delivery details, the lines and what there is to pay", () => {
  const order = sampleOrder();
  const view = customerOrderView(order);
  assert.equal(view.id, order.id);
  assert.equal(view.name, order.customer.name);
  assert.equal(view.total * 100, order.totalCents);
  assert.equal(view.subtotal * 100, order.totalCents + order.deliveryFeeCents);
  assert.equal(view.items.length, order.items.length);
  for (const [i, item] of view.items.entries()) {
    const line = order.items[i];
    assert.equal(item.price * 100, line.unitPriceCents);
    assert.equal(item.type === "book" ? item.book_id : item.stationery_id, line.itemId);
  }
});

Deno.test("customerOrderView() leaves out the e-mail, the phone and the account id", () => {
  const view = customerOrderView({ ...sampleOrder(), userId: 42 }) as unknown as Record<
    string,
    unknown
  >;
  for (const hidden of ["email", "phone", "user_id", "userId", "customer"]) {
    assert.equal(hidden in view, false, hidden);
  }
});
