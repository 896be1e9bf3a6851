import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_FIELDS } from "../../domain/orders/order_record.ts";
import { arbitraryRecord } from "../../contract/testing/arbitrary_records.ts";
import { CustomerOrderSchema, OrderSchema } from "../../contract/records.ts";
import { promotedOrder } from "../../domain/notifications/testing/samples.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { orderRecord, pageRecord, searchHelpRecord } from "./answers.ts";

Deno.test("a random order's answer is what OrderSchema describes, its customer's fields flat", () => {
  const line = {
    id: 4,
    type: "stationery" as const,
    itemId: 8,
    title: "Atlas pen",
    isbn13: null,
    quantity: 3,
    listUnitCents: 4_050,
    unitPriceCents: 4_050,
    adjustments: [],
    weightGrams: 8,
    preorder: false,
  };
  fc.assert(
    fc.property(arbitraryRecord(ORDER_FIELDS), (drawn) => {
      const order = { ...drawn, items: [line], adjustments: [] };
      const wire = orderRecord(order);
      assert.deepEqual(OrderSchema.parse(wire), wire);
      assert.equal(wire.name, order.customer.name);
      assert.equal(wire.postal_code, order.customer.postalCode);
      assert.equal(wire.total, order.totalCents / 100);
      assert.ok(!("key_salt" in wire) && !("keySalt" in wire));
      assert.deepEqual(wire.items, [{
        id: 4,
        type: "stationery",
        stationery_id: 8,
        title: "Atlas pen",
        isbn13: null,
        quantity: 3,
        list_price: 40.5,
        price: 40.5,
        saving: 0,
        adjustments: [],
        line_total: 121.5,
        preorder: false,
        preorder_date: null,
      }]);
      assert.equal(wire.breakdown.items, 121.5);
    }),
    { numRuns: 200 },
  );
});

Deno.test("an order's answer carries each line's usual price, saving (its sale's too) and adjustments, the order's own, and its breakdown", () => {
  const order = promotedOrder();
  const wire = orderRecord(order);
  assert.deepEqual(OrderSchema.parse(wire), wire);
  const { id: _, book_id: __, title: ___, isbn13: ____, ...book } = wire.items[0];
  assert.deepEqual(book, {
    type: "book",
    quantity: 2,
    list_price: 1250,
    price: 1000,
    saving: 960,
    adjustments: [
      { kind: "sale", source_id: null, name: null, name_si: null, name_ta: null, amount: 500 },
      {
        kind: "campaign",
        source_id: 3,
        name: "Book Fair 2026",
        name_si: "පොත් ප්‍රදර්ශනය 2026",
        name_ta: "புத்தகக் கண்காட்சி 2026",
        amount: 400,
      },
      { kind: "code", source_id: 5, name: "SCHOOL10", name_si: null, name_ta: null, amount: 60 },
    ],
    line_total: 1540,
    preorder: false,
    preorder_date: null,
  });
  assert.deepEqual(wire.adjustments, [
    {
      kind: "offer",
      source_id: 2,
      name: "Free delivery over LKR 2,000",
      name_si: "රු. 2,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම",
      name_ta: null,
      amount: 0,
      free_delivery: true,
    },
    {
      kind: "code",
      source_id: 5,
      name: "SCHOOL10",
      name_si: null,
      name_ta: null,
      amount: 100,
      free_delivery: false,
    },
  ]);
  assert.deepEqual(
    [wire.breakdown.items, wire.breakdown.saving, wire.breakdown.total, wire.total],
    [3851.5, 1000, 2851.5, 2851.5],
  );
  const view = customerOrderView(order);
  assert.deepEqual(CustomerOrderSchema.parse(view), view);
  assert.deepEqual(view.items, wire.items);
  assert.deepEqual(view.adjustments, wire.adjustments);
  assert.deepEqual(view.breakdown, wire.breakdown);
});

Deno.test("a page's answer carries totalCapped only when its total is a search's bound", () => {
  const page = { items: [1, 2], page: 1, pageSize: 2 };
  assert.deepEqual(pageRecord({ ...page, total: 1000, totalCapped: true }, String), {
    data: ["1", "2"],
    page: 1,
    pageSize: 2,
    total: 1000,
    totalCapped: true,
  });
  for (const exact of [{ total: 12 }, { total: 12, totalCapped: false }]) {
    assert.ok(!("totalCapped" in pageRecord({ ...page, ...exact }, String)));
  }
});

Deno.test("a search's help says the other store's total is at least its bound when it was capped", () => {
  const help = { suggestions: [], elsewhere: { kind: "stationery" as const, total: 1000 } };
  assert.deepEqual(searchHelpRecord(help).elsewhere, { store: "stationery", total: 1000 });
  assert.deepEqual(
    searchHelpRecord({ ...help, elsewhere: { ...help.elsewhere, totalCapped: true } }).elsewhere,
    { store: "stationery", total: 1000, totalCapped: true },
  );
});
