import assert from "node:assert/strict";
import { isSriLankanPhone } from "../domain/address/phone.ts";
import { deepPage, onFloor, orderBody, shopperAddress } from "./scenarios.ts";

Deno.test("deepPage() asks page 5,000 at full size and the middle of a small catalogue", () => {
  assert.equal(deepPage(100_000), 5000);
  assert.equal(deepPage(2000), 100);
});

Deno.test("orderBody() states the items' total in rupees, before delivery", () => {
  const body = JSON.parse(
    orderBody({ id: 1 }, {
      item: { id: 2 },
      itemsCents: 127050,
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

Deno.test("every one of the 1,000 order shoppers has a phone and an address of their own", () => {
  const order = (n: number) =>
    JSON.parse(
      orderBody({ id: 1 }, { item: { id: 2 }, itemsCents: 200, areaId: 1, n }),
    );
  const phones = new Set<string>();
  const addresses = new Set<string>();
  for (let n = 0; n < 1000; n++) {
    const { phone } = order(n);
    assert.ok(isSriLankanPhone(phone), phone);
    phones.add(phone);
    addresses.add(shopperAddress(n));
  }
  assert.equal(phones.size, 1000);
  assert.equal(addresses.size, 1000);
  assert.match(shopperAddress(999), /^10\.0\.3\.250$/);
});

Deno.test("onFloor() asks the floor route of a kind for the same query", () => {
  assert.equal(onFloor("/?q=gar&page=2", "listing"), "/__bench/floor/listing?q=gar&page=2");
  assert.equal(onFloor("/api/books?categoryId=3", "list"), "/__bench/floor/list?categoryId=3");
  assert.equal(onFloor("/", "listing"), "/__bench/floor/listing");
});
