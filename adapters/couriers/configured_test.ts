import assert from "node:assert/strict";
import { configuredCourierApis } from "./configured.ts";
import { KoombiyoCourier } from "./koombiyo.ts";
import { COURIER_APIS } from "../../domain/fulfilment/couriers.ts";

Deno.test("a courier API is offered only when its settings are given, built by its registry entry", () => {
  assert.deepEqual(configuredCourierApis({}), {});
  const apis = configuredCourierApis({ koombiyo: { apiKey: "muABqMKZgkaZDAnb" } });
  assert.ok(apis.koombiyo instanceof KoombiyoCourier);
  // Every API a courier may name has its entry, under its own key.
  assert.deepEqual(Object.keys(apis), [...COURIER_APIS]);
  assert.equal(apis.koombiyo.api, "koombiyo");
});
