import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type CourierStage,
  movesBetween,
  parcelDescription,
  statusFromTracking,
} from "./courier_api.ts";
import { SHIPMENT_MOVES, SHIPMENT_STATUSES, type ShipmentStatus } from "./shipments.ts";

const steps = (...stages: (CourierStage | null)[]) => stages.map((stage) => ({ stage }));

Deno.test("a parcel's status follows its courier's history: collected is handed over, then delivered or returned", () => {
  assert.equal(statusFromTracking("packed", steps("awaiting_pickup")), "packed");
  assert.equal(
    statusFromTracking("packed", steps("awaiting_pickup", "handed_over")),
    "handed_over",
  );
  assert.equal(statusFromTracking("packed", steps("handed_over", "delivered")), "delivered");
  assert.equal(statusFromTracking("handed_over", steps("handed_over", "returned")), "returned");
  assert.equal(statusFromTracking("handed_over", steps(null, null)), "handed_over");
  assert.equal(statusFromTracking("packed", []), "packed");
});

Deno.test("a courier's history never takes a parcel back: delivered and returned stay", () => {
  const stage = fc.constantFrom<CourierStage | null>(
    null,
    "awaiting_pickup",
    "handed_over",
    "delivered",
    "returned",
  );
  fc.assert(fc.property(fc.constantFrom(...SHIPMENT_STATUSES), fc.array(stage), (from, stages) => {
    const to = statusFromTracking(from, steps(...stages));
    if (from === "delivered" || from === "returned") assert.equal(to, from);
    // Every target is reached by the parcel's own moves.
    let at: ShipmentStatus = from;
    for (const next of movesBetween(from, to)) {
      assert.ok(SHIPMENT_MOVES[at].includes(next), `${at} -> ${next}`);
      at = next;
    }
    assert.equal(at, to);
  }));
});

Deno.test("the parcel's description for the courier's label lists its copies and is cut to its length", () => {
  assert.equal(
    parcelDescription([{ quantity: 2, title: "Madol Doova" }, {
      quantity: 1,
      title: "Gamperaliya",
    }]),
    "2 x Madol Doova; 1 x Gamperaliya",
  );
  const long = parcelDescription([{ quantity: 1, title: "x".repeat(300) }], 50);
  assert.equal(long.length, 50);
  assert.ok(long.endsWith("…"));
});
