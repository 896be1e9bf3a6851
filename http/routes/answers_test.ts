import assert from "node:assert/strict";
import fc from "fast-check";
import { ORDER_FIELDS } from "../../domain/orders/order_record.ts";
import { arbitraryRecord } from "../../contract/testing/arbitrary_records.ts";
import { OrderSchema } from "../../contract/records.ts";
import { orderRecord } from "./answers.ts";

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
    savingCents: 0,
    campaign: null,
    offerSavingCents: 0,
    codeSavingCents: 0,
    weightGrams: 8,
    preorder: false,
  };
  fc.assert(
    fc.property(arbitraryRecord(ORDER_FIELDS), (drawn) => {
      const order = { ...drawn, items: [line] };
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
        campaign: null,
        offer_saving: 0,
        code_saving: 0,
        line_total: 121.5,
      }]);
    }),
    { numRuns: 200 },
  );
});
