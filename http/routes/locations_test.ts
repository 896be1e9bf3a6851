import assert from "node:assert/strict";
import { testApp } from "../testing/fixture.ts";
import { MemoryLocations, SAMPLE_LOCATIONS } from "../../adapters/memory/locations.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("GET /api/locations/provinces lists provinces, with their Sinhala and Tamil names", async () => {
  const t = await testApp();
  const provinces = await body(await t.app.request("/api/locations/provinces"), 200);
  assert.deepEqual(provinces.data[0], {
    id: 1,
    name: "Western",
    name_si: "බස්නාහිර",
    name_ta: "மேல்",
  });
});

Deno.test("GET /api/locations/districts filters by provinceId", async () => {
  const t = await testApp();
  const all = await body(await t.app.request("/api/locations/districts"), 200);
  assert.equal(all.data.length, 4);
  const central = await body(await t.app.request("/api/locations/districts?provinceId=2"), 200);
  assert.deepEqual(central.data, [
    { id: 3, name: "Kandy", province_id: 2, name_si: "මහනුවර", name_ta: "கண்டி" },
  ]);
  await body(await t.app.request("/api/locations/districts?provinceId=west"), 400);
});

Deno.test("GET /api/locations/areas filters by districtId", async () => {
  const t = await testApp();
  const colombo = await body(await t.app.request("/api/locations/areas?districtId=1"), 200);
  assert.deepEqual(colombo.data.map((a: { name: string }) => a.name), [
    "Mount Lavinia",
    "Dehiwala",
    "Colombo 07 (Cinnamon Gardens)",
  ]);
  assert.deepEqual(colombo.data[0], {
    id: 1,
    name: "Mount Lavinia",
    district_id: 1,
    postcode: "10370",
    name_si: null,
    name_ta: null,
  });
  await body(await t.app.request("/api/locations/areas?districtId=0"), 400);
});

Deno.test("GET /api/locations/areas answers each area's postcode, null where it has none", async () => {
  const locations = new MemoryLocations({
    ...SAMPLE_LOCATIONS,
    areas: [
      ...SAMPLE_LOCATIONS.areas,
      { id: 6, name: "Udappuwa", districtId: 2, postcode: null, names: {} },
    ],
  });
  const t = await testApp({ locations });
  const all = await body(await t.app.request("/api/locations/areas"), 200);
  assert.equal(all.data.length, SAMPLE_LOCATIONS.areas.length + 1);
  for (const area of all.data) assert.ok("postcode" in area, area.name);
  const gampaha = await body(await t.app.request("/api/locations/areas?districtId=2"), 200);
  assert.deepEqual(gampaha.data, [
    { id: 3, name: "Negombo", district_id: 2, postcode: "11500", name_si: null, name_ta: null },
    { id: 6, name: "Udappuwa", district_id: 2, postcode: null, name_si: null, name_ta: null },
  ]);
});

Deno.test("GET /api/locations/areas answers an area's Sinhala and Tamil names where it has them", async () => {
  const t = await testApp();
  const colombo = await body(await t.app.request("/api/locations/areas?districtId=1"), 200);
  const dehiwala = colombo.data.find((a: { name: string }) => a.name === "Dehiwala");
  assert.equal(dehiwala.name_si, "දෙහිවල");
  assert.equal(dehiwala.name_ta, null);
});

Deno.test("the OpenAPI document names an area's postcode as a string or null", async () => {
  const t = await testApp();
  const document = await body(await t.app.request("/api/openapi.json"), 200);
  const ok = document.paths["/api/locations/areas"].get.responses["200"];
  const schema = ok.content["application/json"].schema;
  const area = schema.properties.data.items;
  assert.ok(area.required.includes("postcode"));
  assert.equal(JSON.stringify(area.properties.postcode).includes('"null"'), true);
});
