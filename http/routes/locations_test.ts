import assert from "node:assert/strict";
import { testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("GET /api/locations/provinces lists provinces", async () => {
  const t = await testApp();
  const provinces = await body(await t.app.request("/api/locations/provinces"), 200);
  assert.deepEqual(provinces.data[0], { id: 1, name: "Western" });
});

Deno.test("GET /api/locations/districts filters by provinceId", async () => {
  const t = await testApp();
  const all = await body(await t.app.request("/api/locations/districts"), 200);
  assert.equal(all.data.length, 3);
  const central = await body(await t.app.request("/api/locations/districts?provinceId=2"), 200);
  assert.deepEqual(central.data, [{ id: 3, name: "Kandy", province_id: 2 }]);
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
  assert.deepEqual(colombo.data[0], { id: 1, name: "Mount Lavinia", district_id: 1 });
  await body(await t.app.request("/api/locations/areas?districtId=0"), 400);
});
