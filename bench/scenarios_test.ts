import assert from "node:assert/strict";
import { deepPage, orderBody } from "./scenarios.ts";

Deno.test("deepPage() asks page 5,000 at full size and the middle of a small catalogue", () => {
  assert.equal(deepPage(100_000), 5000);
  assert.equal(deepPage(2000), 100);
});

Deno.test("orderBody() states the items' total in rupees, before delivery", () => {
  const body = JSON.parse(
    orderBody({ id: 1, priceCents: 125050 }, {
      item: { id: 2, priceCents: 2000 },
      areaId: 9,
      n: 3,
    }),
  );
  assert.equal(body.total, 1270.5);
  assert.equal(body.paymentMethod, "COD");
  assert.deepEqual(body.items, [
    { id: 1, quantity: 1, type: "book" },
    { id: 2, quantity: 1, type: "stationery" },
  ]);
  assert.deepEqual([body.province, body.district, body.area], [1, 1, 9]);
});
