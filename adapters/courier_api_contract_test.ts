/**
 * The courier API port (CourierApiGateway) against Koombiyo's adapter talking over loopback
 * to the Koombiyo simulator: a delivery is created with its cash to collect and answered
 * with a waybill of Koombiyo's shape; its history is read back and mapped onto the shop's
 * parcel statuses; a receiver Koombiyo cannot place, a wrong key, an API that is down and
 * one too slow are each a typed failure, with the courier's own words where it has some.
 */
import assert from "node:assert/strict";
import type { CourierApiGateway, CourierDelivery } from "../domain/fulfilment/courier_api.ts";
import { statusFromTracking } from "../domain/fulfilment/courier_api.ts";
import { isKoombiyoWaybill } from "../domain/fulfilment/koombiyo.ts";
import { KoombiyoCourier } from "./couriers/koombiyo.ts";
import { koombiyoSimulator } from "./couriers/koombiyo_simulator.ts";

const KEY = "local-koombiyo-key";

const DELIVERY: CourierDelivery = {
  reference: "Order 17 parcel 3",
  receiver: {
    name: "Nimal Perera",
    address: "12 Galle Road",
    city: "Mount Lavinia",
    district: "Colombo",
    phone: "077 123 4567",
  },
  description: "2 x Madol Doova",
  codCents: 435_150,
};

interface World {
  gateway: CourierApiGateway;
  /** Says the parcel moved on at the courier ("Collected by Koombiyo", "Delivered"...). */
  advance(waybill: string, status: string): void;
  /** What the courier recorded of a delivery: its cash to collect, in rupees, and its reference. */
  recorded(waybill: string): { cod: string; reference: string } | undefined;
  /** How many deliveries the courier has recorded. */
  count(): number;
  down(on: boolean): void;
  slow(on: boolean): void;
  /** The same API with another key. */
  withKey(key: string): CourierApiGateway;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [koombiyo]`, async () => {
    const sim = koombiyoSimulator({ apiKey: KEY, basePath: "/api" });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      sim.app.fetch,
    );
    const baseUrl = `http://127.0.0.1:${server.addr.port}/api`;
    const gateway = (apiKey: string) => new KoombiyoCourier({ apiKey, baseUrl, timeoutMs: 300 });
    try {
      await fn({
        gateway: gateway(KEY),
        advance: (waybill, status) => sim.advance(waybill, status),
        recorded: (waybill) => {
          const order = sim.orders.get(waybill);
          return order && { cod: order.fields.getCod, reference: order.fields.orderNo };
        },
        count: () => sim.orders.size,
        down: (on) => sim.conditions.down = on,
        slow: (on) => on ? sim.hold() : sim.release(),
        withKey: gateway,
      });
    } finally {
      sim.release();
      await server.shutdown();
    }
  });
}

contract(
  "a delivery is created with its cash to collect and answered with the courier's waybill",
  async (w) => {
    const created = await w.gateway.createDelivery(DELIVERY);
    assert.equal(created.kind, "created", JSON.stringify(created));
    assert.ok(created.kind === "created" && isKoombiyoWaybill(created.waybill));
    assert.deepEqual(w.recorded(created.waybill), {
      cod: "4351.50",
      reference: "Order 17 parcel 3",
    });
    const another = await w.gateway.createDelivery({ ...DELIVERY, codCents: 0 });
    assert.ok(another.kind === "created" && another.waybill !== created.waybill);
    assert.deepEqual(w.recorded(another.waybill)?.cod, "0");
  },
);

contract(
  "the parcel's history is read back, oldest first, and moves it as the courier says",
  async (w) => {
    const created = await w.gateway.createDelivery(DELIVERY);
    assert.ok(created.kind === "created");
    const first = await w.gateway.tracking(created.waybill);
    assert.ok(first.kind === "tracked");
    assert.deepEqual(first.events.map((e) => e.stage), ["awaiting_pickup"]);
    assert.equal(statusFromTracking("packed", first.events), "packed");
    w.advance(created.waybill, "Collected by Koombiyo");
    w.advance(created.waybill, "Out for Delivery");
    const out = await w.gateway.tracking(created.waybill);
    assert.ok(out.kind === "tracked");
    assert.deepEqual(out.events.map((e) => e.courierStatus), [
      "Processing",
      "Collected by Koombiyo",
      "Out for Delivery",
    ]);
    assert.equal(statusFromTracking("packed", out.events), "handed_over");
    w.advance(created.waybill, "Delivered");
    const done = await w.gateway.tracking(created.waybill);
    assert.ok(done.kind === "tracked");
    assert.equal(statusFromTracking("handed_over", done.events), "delivered");
  },
);

contract("a returned parcel's history says it came back", async (w) => {
  const created = await w.gateway.createDelivery(DELIVERY);
  assert.ok(created.kind === "created");
  for (const s of ["Collected by Koombiyo", "Failed to Deliver", "Return to Client"]) {
    w.advance(created.waybill, s);
  }
  const back = await w.gateway.tracking(created.waybill);
  assert.ok(back.kind === "tracked");
  assert.equal(statusFromTracking("handed_over", back.events), "returned");
});

contract(
  "a receiver the courier cannot place is refused in words the owner can act on, and nothing is recorded",
  async (w) => {
    const nowhere = await w.gateway.createDelivery({
      ...DELIVERY,
      receiver: { ...DELIVERY.receiver, district: "Atlantis" },
    });
    assert.deepEqual(nowhere, { kind: "refused", message: 'Koombiyo has no district "Atlantis"' });
    const unknownCity = await w.gateway.createDelivery({
      ...DELIVERY,
      receiver: { ...DELIVERY.receiver, city: "Nowhere" },
    });
    assert.equal(unknownCity.kind, "refused");
    const badPhone = await w.gateway.createDelivery({
      ...DELIVERY,
      receiver: { ...DELIVERY.receiver, phone: "12" },
    });
    assert.deepEqual(badPhone, { kind: "refused", message: "Invalid receiver phone number" });
    assert.equal(w.count(), 0);
  },
);

contract("a wrong key is refused with the courier's message", async (w) => {
  assert.deepEqual(await w.withKey("not-the-key").createDelivery(DELIVERY), {
    kind: "refused",
    message: "Invalid API Key",
  });
  assert.deepEqual(await w.withKey("not-the-key").tracking("40000001"), {
    kind: "refused",
    message: "Invalid API Key",
  });
});

contract("an unknown waybill's tracking is refused with the courier's message", async (w) => {
  assert.deepEqual(await w.gateway.tracking("99999999"), {
    kind: "refused",
    message: "Order not found",
  });
});

contract("an API that is down, or too slow, is told apart from a refusal", async (w) => {
  w.down(true);
  const down = await w.gateway.createDelivery(DELIVERY);
  assert.equal(down.kind, "down");
  assert.equal((await w.gateway.tracking("40000001")).kind, "down");
  w.down(false);
  w.slow(true);
  assert.deepEqual(await w.gateway.createDelivery(DELIVERY), { kind: "timeout" });
  assert.deepEqual(await w.gateway.tracking("40000001"), { kind: "timeout" });
  w.slow(false);
  assert.equal((await w.gateway.createDelivery(DELIVERY)).kind, "created");
});
