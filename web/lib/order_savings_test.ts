import assert from "node:assert/strict";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { orderSavings } from "../../domain/orders/savings.ts";
import { promotedOrder, sampleOrder } from "../../domain/notifications/testing/samples.ts";
import { savingLine, wireOrderSavings } from "./order_savings.ts";

Deno.test("an order's answer gives back the savings the order has, to the cent", () => {
  for (const order of [promotedOrder(), sampleOrder()]) {
    assert.deepEqual(wireOrderSavings(customerOrderView(order)), orderSavings(order));
  }
  const [book] = customerOrderView(promotedOrder()).items;
  assert.deepEqual(savingLine(book).campaign, {
    name: "Book Fair 2026",
    names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
    savingCents: 40000,
  });
});

Deno.test("an answer without promotions (an older shop's) saves nothing", () => {
  const { promotions: _, ...older } = customerOrderView(sampleOrder());
  assert.equal(wireOrderSavings(older).savedCents, 0);
  assert.equal(wireOrderSavings(older).code, null);
});
