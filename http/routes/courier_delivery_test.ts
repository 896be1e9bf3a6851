/**
 * Sending a parcel to its courier's API, over HTTP against the local Koombiyo on loopback:
 * "Send to Koombiyo" creates the delivery with the parcel's cash to collect and stores the
 * waybill Koombiyo gives; "Refresh tracking" moves the parcel as Koombiyo's history says
 * and the order follows. Koombiyo down, too slow or refusing: a clear message, nothing
 * saved, the parcel still packed, sent again later or given its waybill by hand. A courier
 * without an API set up is handled by hand.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { KoombiyoCourier } from "../../adapters/couriers/koombiyo.ts";
import { koombiyoSimulator } from "../../adapters/couriers/koombiyo_simulator.ts";

const KEY = "local-koombiyo-key";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

interface World {
  t: TestApp;
  sim: ReturnType<typeof koombiyoSimulator>;
  orderId: number;
  /** The order's one parcel, packed for Koombiyo without a waybill. */
  parcel: { id: number; cod_amount: number };
}

/** The shop with Koombiyo's API on a local simulator, and a COD order packed for Koombiyo. */
async function withKoombiyo(
  fn: (w: World) => Promise<void>,
  { courierApis = true, apiKey = KEY }: { courierApis?: boolean; apiKey?: string } = {},
) {
  const sim = koombiyoSimulator({ apiKey: KEY, basePath: "/api" });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, sim.app.fetch);
  const baseUrl = `http://127.0.0.1:${server.addr.port}/api`;
  try {
    const t = await testApp(
      courierApis
        ? {
          courierApis: { koombiyo: new KoombiyoCourier({ apiKey, baseUrl, timeoutMs: 300 }) },
        }
        : {},
    );
    const placed = await body(
      await t.app.request("/api/orders", json("POST", orderBody(t.ids.book))),
      201,
    );
    const [line] = (await body(await t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data.items;
    const parcel = (await body(
      await t.asAdmin(
        `/api/fulfilment/orders/${placed.orderId}/shipments`,
        json("POST", {
          lines: [{ order_line_id: line.id, quantity: 2 }],
          courier_id: "koombiyo",
          waybill: null,
          cod_amount: placed.subtotal,
        }),
      ),
      201,
    )).data;
    await fn({ t, sim, orderId: placed.orderId, parcel });
  } finally {
    sim.release();
    await server.shutdown();
  }
}

const send = (w: World) =>
  w.t.asAdmin(`/api/fulfilment/shipments/${w.parcel.id}/courier-delivery`, { method: "POST" });
const refresh = (w: World) =>
  w.t.asAdmin(`/api/fulfilment/shipments/${w.parcel.id}/tracking`, { method: "POST" });
const parcels = async (w: World) =>
  (await body(await w.t.asAdmin(`/api/fulfilment/orders/${w.orderId}/shipments`), 200)).data;

Deno.test("Send to Koombiyo creates the delivery with the parcel's cash to collect and stores its waybill", async () => {
  await withKoombiyo(async (w) => {
    const sent = (await body(await send(w), 200)).data;
    assert.match(sent.waybill, /^[0-9]{8}$/);
    assert.equal(sent.status, "packed", "it stays packed until Koombiyo collects it");
    const recorded = w.sim.orders.get(sent.waybill)!;
    assert.deepEqual(
      [
        recorded.fields.getCod,
        recorded.fields.orderNo,
        recorded.fields.receiverName,
        recorded.fields.receiverDistrict,
        recorded.fields.receiverCity,
      ],
      [String(w.parcel.cod_amount), `Order ${w.orderId} parcel 1`, "Nimal Perera", "5", "1150"],
    );
    assert.match(recorded.fields.description, /^2 x /);
    assert.equal((await parcels(w))[0].waybill, sent.waybill);
    // Sent once: a second send is refused and Koombiyo gets no second delivery.
    assert.equal((await body(await send(w), 409)).error.details.reason, "not_open");
    assert.equal(w.sim.orders.size, 1);
  });
});

Deno.test("Refresh tracking moves the parcel as Koombiyo's history says, and the COD order is completed when collected", async () => {
  await withKoombiyo(async (w) => {
    const { waybill } = (await body(await send(w), 200)).data;
    const waiting = (await body(await refresh(w), 200)).data;
    assert.deepEqual(
      [waiting.shipment.status, waiting.events.map((e: { stage: string }) => e.stage)],
      ["packed", ["awaiting_pickup"]],
    );
    w.sim.advance(waybill, "Collected by Koombiyo");
    w.sim.advance(waybill, "Out for Delivery");
    const out = (await body(await refresh(w), 200)).data;
    assert.equal(out.shipment.status, "handed_over");
    const order = (await body(await w.t.asAdmin(`/api/orders/${w.orderId}`), 200)).data;
    assert.deepEqual([order.status, order.courier, order.tracking_number], [
      "completed",
      "Koombiyo",
      waybill,
    ]);
    w.sim.advance(waybill, "Delivered");
    assert.equal((await body(await refresh(w), 200)).data.shipment.status, "delivered");
    // Koombiyo down while reading: said so, the parcel as it was.
    w.sim.conditions.down = true;
    const down = await body(await refresh(w), 502);
    assert.match(
      down.error.message,
      /Koombiyo cannot be reached now\. Nothing was saved; read its tracking again later/,
    );
    assert.equal((await parcels(w))[0].status, "delivered");
    w.sim.conditions.down = false;
    // Nothing the courier says later takes it back.
    w.sim.advance(waybill, "Return to HO");
    assert.equal((await body(await refresh(w), 200)).data.shipment.status, "delivered");
  });
});

Deno.test("Koombiyo down, too slow or refusing: a clear message, nothing saved, the parcel still packed and sent again later", async () => {
  await withKoombiyo(async (w) => {
    w.sim.conditions.down = true;
    const down = await body(await send(w), 502);
    assert.equal(down.error.details.reason, "courier_down");
    assert.match(down.error.message, /Koombiyo cannot be reached now\. Nothing was saved/);
    w.sim.conditions.down = false;
    w.sim.hold();
    const slow = await body(await send(w), 502);
    assert.equal(slow.error.details.reason, "courier_timeout");
    assert.match(slow.error.message, /did not answer in time/);
    w.sim.release();
    assert.deepEqual(
      (await parcels(w)).map((p: { waybill: null; status: string }) => [
        p.waybill,
        p.status,
      ]),
      [[null, "packed"]],
    );
    // Retried once Koombiyo is back: one delivery, the parcel takes its waybill.
    const sent = (await body(await send(w), 200)).data;
    assert.equal(w.sim.orders.size, 1);
    assert.ok(w.sim.orders.has(sent.waybill));
  });
});

Deno.test("Koombiyo's refusal is told in its own words, and the owner may type the waybill by hand instead", async () => {
  await withKoombiyo(async (w) => {
    const refused = await body(await send(w), 422);
    assert.equal(refused.error.details.reason, "courier_refused");
    assert.equal(refused.error.details.courier_message, "Invalid API Key");
    assert.match(
      refused.error.message,
      /^Koombiyo refused it: Invalid API Key\. Nothing was saved/,
    );
    assert.deepEqual((await parcels(w)).map((p: { waybill: null }) => p.waybill), [null]);
    assert.equal(w.sim.orders.size, 0);
    const typed = (waybill: string) =>
      w.t.asAdmin(`/api/fulfilment/shipments/${w.parcel.id}/waybill`, json("PUT", { waybill }));
    assert.equal((await body(await typed("   "), 400)).error.code, "VALIDATION_FAILED");
    assert.equal((await body(await typed("40 01"), 422)).error.details.reason, "bad_waybill");
    const byHand = (await body(await typed("40001234"), 200)).data;
    assert.equal(byHand.waybill, "40001234");
    assert.equal((await body(await typed("40001235"), 409)).error.details.reason, "not_open");
    assert.equal(w.sim.orders.size, 0, "typing a waybill sends nothing to Koombiyo");
  }, { apiKey: "not-the-shops-key" });
});

Deno.test("a courier whose API is not set up is handled by hand: sending says so and saves nothing", async () => {
  await withKoombiyo(async (w) => {
    const none = await body(await send(w), 503);
    assert.equal(none.error.details.reason, "no_courier_api");
    assert.match(none.error.message, /type its waybill/);
    assert.equal((await parcels(w))[0].waybill, null);
  }, { courierApis: false });
});

Deno.test("a parcel holding a pre-ordered book not yet arrived is not sent to Koombiyo: said plainly, nothing sent", async () => {
  await withKoombiyo(async (w) => {
    const placed = await body(
      await w.t.app.request(
        "/api/orders",
        json("POST", {
          ...orderBody(w.t.ids.book),
          total: 1200,
          paymentMethod: "Bank Deposit",
          items: [{ id: w.t.ids.preorderBook, quantity: 1, type: "book" }],
        }),
      ),
      201,
    );
    const [line] = (await body(await w.t.asAdmin(`/api/orders/${placed.orderId}`), 200)).data.items;
    assert.equal(line.preorder, true);
    const parcel = (await body(
      await w.t.asAdmin(
        `/api/fulfilment/orders/${placed.orderId}/shipments`,
        json("POST", {
          lines: [{ order_line_id: line.id, quantity: 1 }],
          courier_id: "koombiyo",
          waybill: null,
          cod_amount: 0,
        }),
      ),
      201,
    )).data;
    const refused = await body(
      await w.t.asAdmin(`/api/fulfilment/shipments/${parcel.id}/courier-delivery`, {
        method: "POST",
      }),
      409,
    );
    assert.equal(refused.error.details.reason, "stock_not_arrived");
    assert.match(refused.error.message, /has not arrived yet/);
    assert.equal(w.sim.orders.size, 0);
  });
});
