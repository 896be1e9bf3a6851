import assert from "node:assert/strict";
import fc from "fast-check";
import {
  isKoombiyoWaybill,
  KOOMBIYO_DISTRICTS,
  KOOMBIYO_STAGES,
  koombiyoCod,
  koombiyoDistrict,
  koombiyoPhone,
  koombiyoStage,
} from "./koombiyo.ts";

Deno.test("Koombiyo's steps put a parcel at the shop, with the courier, delivered or back at the shop", () => {
  assert.equal(koombiyoStage("Processing"), "awaiting_pickup");
  assert.equal(koombiyoStage("Collected by Koombiyo"), "handed_over");
  assert.equal(koombiyoStage("Out for Delivery"), "handed_over");
  assert.equal(koombiyoStage("Delivered"), "delivered");
  assert.equal(koombiyoStage("Return to Client"), "returned");
  // On its way back it is still with the courier.
  assert.equal(koombiyoStage("Failed to Deliver"), "handed_over");
  // A partial delivery waits for the owner; an unknown name moves nothing.
  assert.equal(koombiyoStage("Partially Delivered"), null);
  assert.equal(koombiyoStage("Lost in the monsoon"), null);
});

Deno.test("a Koombiyo status is read whatever its case and spaces (the SDK's 'Received at Destination ' ends with one)", () => {
  assert.equal(koombiyoStage("Received at Destination "), "handed_over");
  assert.equal(koombiyoStage("  out  for DELIVERY"), "handed_over");
  fc.assert(fc.property(fc.constantFrom(...Object.keys(KOOMBIYO_STAGES)), (name) => {
    assert.equal(koombiyoStage(` ${name.toUpperCase()} `), KOOMBIYO_STAGES[name]);
  }));
});

Deno.test("a Koombiyo waybill is a barcode number of 6 to 12 digits", () => {
  assert.equal(isKoombiyoWaybill("12345688"), true);
  for (const bad of ["KB-1", "12345", "1234567890123", "1234 5678", ""]) {
    assert.equal(isKoombiyoWaybill(bad), false, bad);
  }
});

Deno.test("the cash to collect goes to Koombiyo in rupees: whole rupees bare, cents as two decimals", () => {
  assert.equal(koombiyoCod(0), "0");
  assert.equal(koombiyoCod(100_000), "1000");
  assert.equal(koombiyoCod(435_150), "4351.50");
  assert.equal(koombiyoCod(5), "0.05");
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
    assert.equal(Math.round(Number(koombiyoCod(cents)) * 100), cents);
  }));
});

Deno.test("Koombiyo numbers the 25 districts alphabetically, and the shop's names find them", () => {
  assert.equal(Object.keys(KOOMBIYO_DISTRICTS).length, 25);
  assert.deepEqual(Object.values(KOOMBIYO_DISTRICTS), Array.from({ length: 25 }, (_, i) => i + 1));
  assert.equal(koombiyoDistrict("Colombo"), 5);
  assert.equal(koombiyoDistrict("nuwara-eliya"), 20);
  assert.equal(koombiyoDistrict("Monaragala"), 18);
  assert.equal(koombiyoDistrict("Atlantis"), undefined);
});

Deno.test("a receiver's phone goes to Koombiyo as its ten local digits", () => {
  for (
    const typed of [
      "077 123 4567",
      "+94 77 123 4567",
      "0094771234567",
      "94771234567",
      "077-123-4567",
    ]
  ) {
    assert.equal(koombiyoPhone(typed), "0771234567", typed);
  }
  assert.equal(koombiyoPhone(" 12 "), "12", "another shape is Koombiyo's to judge");
});
