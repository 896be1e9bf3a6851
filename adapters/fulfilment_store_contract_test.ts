/**
 * The fulfilment store (FulfilmentStore), in memory, on PGlite and on a PostgreSQL server:
 * the built-in couriers and an owner's own; a parcel packed only when the rules say so,
 * nothing written when they refuse; the rules see the parcels already packed, so a copy is
 * never in two; a parcel moves only from the status it is in; the COD ledger takes each of
 * collected and remitted once per parcel, and the owner's list reads it back.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresFulfilmentStore } from "./postgres/fulfilment.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemoryFulfilmentStore } from "./memory/fulfilment.ts";
import type { FulfilmentStore } from "../domain/fulfilment/ports.ts";
import type { Order } from "../domain/orders/model.ts";
import type { CatalogueAdmin, OrderRepository } from "../domain/ports.ts";
import { BUILT_IN_COURIERS } from "../domain/fulfilment/couriers.ts";
import { shipmentRefusal, type ShippableLine } from "../domain/fulfilment/shipments.ts";
import { cashWithCouriers, codPosition, codRefusal } from "../domain/fulfilment/cod_ledger.ts";

interface World {
  store: FulfilmentStore;
  /** A placed order of two lines: 2 copies of one book, 1 of another. */
  order: Order;
}

async function placeOrder(admin: CatalogueAdmin, orders: OrderRepository, category: number) {
  const first = await admin.createBook(aBook(category, { stock: 5 }));
  const second = await admin.createBook(aBook(category, { stock: 5 }));
  assert.ok(first.kind === "ok" && second.kind === "ok");
  const placed = await orders.place(
    aPlacement([aLine(first.value, "book", 2), aLine(second.value, "book", 1)]),
  );
  assert.ok(placed.kind === "placed");
  return placed.order;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const novels = await catalogue.createCategory("Novels");
    assert.ok(novels.kind === "ok");
    const order = await placeOrder(
      catalogue,
      new MemoryOrderRepository(catalogue),
      novels.value.id,
    );
    await fn({ store: new MemoryFulfilmentStore(), order });
  });
  testOnBothEngines(name, async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const order = await placeOrder(
      new PostgresCatalogueAdmin(sql),
      new PostgresOrderRepository(sql),
      novels,
    );
    await fn({ store: new PostgresFulfilmentStore(sql), order });
  });
}

function linesOf(order: Order): ShippableLine[] {
  return order.items.map((item) => ({
    id: item.id,
    quantity: item.quantity,
    preorder: item.preorder,
  }));
}

contract(
  "the couriers are the six built in, then an owner's own, which may be changed",
  async ({ store }) => {
    assert.deepEqual(await store.couriers(), BUILT_IN_COURIERS);
    const own = {
      id: "kandy_runner",
      name: "Kandy Runner",
      trackingTemplate: "https://runner.example.lk/t/{waybill}",
      waybillPattern: "KR[0-9]{6}",
      api: null,
    };
    await store.saveCourier(own);
    await store.saveCourier({ ...own, name: "Kandy Runners" });
    const all = await store.couriers();
    assert.deepEqual(all.slice(0, 6), BUILT_IN_COURIERS);
    assert.deepEqual(all.slice(6), [{ ...own, name: "Kandy Runners" }]);
  },
);

contract(
  "a parcel is packed only when the rules let it, against the parcels already packed",
  async ({ store, order }) => {
    const lines = linesOf(order);
    const [first, second] = order.items;
    const couriers = await store.couriers();
    const owed = { lines, owedCents: 300_000 };
    const draft = {
      lines: [{ orderLineId: first.id, quantity: 2 }],
      courierId: "koombiyo",
      waybill: "KB100001",
      codCents: 100_000,
    };
    const packed = await store.pack(
      order.id,
      draft,
      (existing) => shipmentRefusal(draft, owed, existing, couriers),
    );
    assert.equal(packed.kind, "packed");
    // The same copies again: refused, and nothing written.
    const again = await store.pack(
      order.id,
      { ...draft, waybill: "KB100002" },
      (existing) => shipmentRefusal({ ...draft, waybill: "KB100002" }, owed, existing, couriers),
    );
    assert.deepEqual(again, {
      kind: "refused",
      refusal: { kind: "too_many", orderLineId: first.id, left: 0 },
    });
    const rest = {
      lines: [{ orderLineId: second.id, quantity: 1 }],
      courierId: "domex",
      waybill: "DX-9",
      codCents: 200_000,
    };
    const later = await store.pack(
      order.id,
      rest,
      (existing) => shipmentRefusal(rest, owed, existing, couriers),
    );
    assert.equal(later.kind, "packed");
    const parcels = await store.shipmentsOf(order.id);
    assert.deepEqual(parcels.map((p) => [p.courierId, p.waybill, p.codCents, p.status, p.lines]), [
      ["koombiyo", "KB100001", 100_000, "packed", [{ orderLineId: first.id, quantity: 2 }]],
      ["domex", "DX-9", 200_000, "packed", [{ orderLineId: second.id, quantity: 1 }]],
    ]);
    assert.deepEqual(await store.shipmentsOf(order.id + 1000), []);
  },
);

contract("a parcel moves only from the status it is in", async ({ store, order }) => {
  const draft = {
    lines: [{ orderLineId: order.items[0].id, quantity: 1 }],
    courierId: "slpost",
    waybill: null,
    codCents: 0,
  };
  const packed = await store.pack(order.id, draft, () => undefined);
  assert.ok(packed.kind === "packed");
  const id = packed.shipment.id;
  assert.equal(await store.move(id, "packed", "handed_over"), true);
  assert.equal(await store.move(id, "packed", "handed_over"), false);
  assert.equal(await store.move(id, "handed_over", "delivered"), true);
  assert.deepEqual((await store.shipmentsOf(order.id)).map((s) => s.status), ["delivered"]);
});

contract(
  "a packed parcel without a waybill takes one once, never one its courier gave another parcel",
  async ({ store, order }) => {
    const pack = (orderLineId: number, waybill: string | null) =>
      store.pack(order.id, {
        lines: [{ orderLineId, quantity: 1 }],
        courierId: "koombiyo",
        waybill,
        codCents: 0,
      }, () => undefined);
    const open = await pack(order.items[0].id, null);
    const other = await pack(order.items[1].id, "40000001");
    assert.ok(open.kind === "packed" && other.kind === "packed");
    const id = open.shipment.id;
    assert.equal(await store.assignWaybill(id, "40000001"), "taken");
    assert.equal(await store.assignWaybill(id, "40000002"), "assigned");
    assert.equal(await store.assignWaybill(id, "40000003"), "not_open");
    assert.equal(await store.assignWaybill(other.shipment.id, "40000004"), "not_open");
    assert.deepEqual((await store.shipmentsOf(order.id)).map((s) => s.waybill), [
      "40000002",
      "40000001",
    ]);
  },
);

contract(
  "the COD ledger takes collected and remitted once per parcel, and the owner's list reads what couriers hold",
  async ({ store, order }) => {
    const draft = {
      lines: [{ orderLineId: order.items[0].id, quantity: 2 }],
      courierId: "koombiyo",
      waybill: "KB200001",
      codCents: 435_150,
    };
    const packed = await store.pack(order.id, draft, () => undefined);
    assert.ok(packed.kind === "packed");
    const parcel = packed.shipment;
    const at = "2026-12-02T09:00:00.000Z";
    const position = async () => codPosition(parcel, await store.codEntries([parcel.id]));
    assert.equal(codRefusal(await position(), "collected", 435_150), undefined);
    assert.equal(
      await store.appendCod({ shipmentId: parcel.id, kind: "collected", cents: 435_150, at }),
      true,
    );
    assert.equal(
      await store.appendCod({ shipmentId: parcel.id, kind: "collected", cents: 435_150, at }),
      false,
    );
    assert.deepEqual(cashWithCouriers([await position()]).byCourier, [
      { courierId: "koombiyo", heldCents: 435_150 },
    ]);
    assert.deepEqual((await position()).collectedAt, at);
    const later = "2026-12-05T09:00:00.000Z";
    assert.equal(
      await store.appendCod({ shipmentId: parcel.id, kind: "remitted", cents: 435_150, at: later }),
      true,
    );
    assert.deepEqual(cashWithCouriers([await position()]).parcels, []);
    assert.deepEqual((await store.codEntries()).map((e) => [e.kind, e.cents, e.at]), [
      ["collected", 435_150, at],
      ["remitted", 435_150, later],
    ]);
  },
);
