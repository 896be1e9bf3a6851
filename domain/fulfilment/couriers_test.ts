import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BUILT_IN_COURIERS,
  type Courier,
  courierProblems,
  trackingLink,
  waybillFits,
} from "./couriers.ts";

const DOMEX: Courier = BUILT_IN_COURIERS.find((c) => c.id === "domex")!;

Deno.test("the built-in couriers are Koombiyo, Domex, Pronto, Prompt Xpress, Citypak and Sri Lanka Post, each a valid record", () => {
  assert.deepEqual(BUILT_IN_COURIERS.map((c) => c.name), [
    "Koombiyo",
    "Domex",
    "Pronto",
    "Prompt Xpress",
    "Citypak",
    "Sri Lanka Post",
  ]);
  for (const courier of BUILT_IN_COURIERS) assert.deepEqual(courierProblems(courier), {});
  assert.deepEqual(BUILT_IN_COURIERS.filter((c) => c.api).map((c) => c.id), ["koombiyo"]);
});

Deno.test("a courier without a tracking template shows no link, never a guessed one", () => {
  assert.equal(trackingLink(DOMEX, "DX1234"), null);
});

Deno.test("trackingLink() puts the waybill, escaped, where the template says", () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 40 }), (waybill) => {
      const link = trackingLink(
        { trackingTemplate: "https://track.example.lk/p?id={waybill}" },
        waybill,
      )!;
      assert.equal(new URL(link).searchParams.get("id"), waybill);
      assert.equal(new URL(link).origin, "https://track.example.lk");
    }),
  );
});

Deno.test("courierProblems() refuses a template off https or without {waybill} once, and a broken pattern, by field", () => {
  for (
    const template of [
      "http://track.example.lk/{waybill}",
      "https://track.example.lk/",
      "https://track.example.lk/{waybill}/{waybill}",
      "not a url {waybill}",
    ]
  ) {
    assert.deepEqual(Object.keys(courierProblems({ ...DOMEX, trackingTemplate: template })), [
      "trackingTemplate",
    ], template);
  }
  assert.deepEqual(Object.keys(courierProblems({ ...DOMEX, waybillPattern: "[0-9" })), [
    "waybillPattern",
  ]);
  assert.deepEqual(Object.keys(courierProblems({ ...DOMEX, id: "Bad Id", name: " " })), [
    "id",
    "name",
  ]);
});

Deno.test("waybillFits() takes the courier's own shape whole, and never spaces or empty numbers", () => {
  const tenDigits = { waybillPattern: "[0-9]{10}" };
  assert.ok(waybillFits(tenDigits, "1234567890"));
  assert.ok(!waybillFits(tenDigits, "12345678901"));
  assert.ok(!waybillFits(tenDigits, "x1234567890"));
  assert.ok(!waybillFits(tenDigits, "123456789"));
  assert.ok(waybillFits(DOMEX, "DX-1234"));
  for (const bad of ["", "12 34", "abc", "a".repeat(41)]) assert.ok(!waybillFits(DOMEX, bad), bad);
});
