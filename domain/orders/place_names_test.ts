import assert from "node:assert/strict";
import { keptPlaceNames, orderPlace } from "./place_names.ts";

const GALLE = {
  area: { names: { si: "ගාල්ල", ta: "காலி" } },
  district: { names: { si: "ගාල්ල", ta: "காலி" } },
  province: { names: { si: "දකුණු", ta: "தென்" } },
};

Deno.test("keptPlaceNames() keeps each name the reference data has, null where it has none", () => {
  assert.deepEqual(keptPlaceNames({ ...GALLE, area: { names: { si: "ගාල්ල" } } }), {
    provinceNameSi: "දකුණු",
    provinceNameTa: "தென்",
    districtNameSi: "ගාල්ල",
    districtNameTa: "காலி",
    areaNameSi: "ගාල්ල",
    areaNameTa: null,
  });
});

Deno.test("orderPlace() names the place in the language asked, English where the order kept none", () => {
  const order = {
    areaName: "Galle",
    districtName: "Galle",
    provinceName: "Southern",
    ...keptPlaceNames({ ...GALLE, area: { names: { si: "ගාල්ල" } } }),
  };
  assert.deepEqual(orderPlace(order, "si"), { area: "ගාල්ල", district: "ගාල්ල", province: "දකුණු" });
  assert.deepEqual(orderPlace(order, "ta"), { area: "Galle", district: "காலி", province: "தென்" });
  assert.deepEqual(orderPlace(order, "en"), {
    area: "Galle",
    district: "Galle",
    province: "Southern",
  });
});
