import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { PostgresLocations } from "./locations.ts";

testOnBothEngines("provinces() lists the 9 provinces in official order", async (sql) => {
  const provinces = await new PostgresLocations(sql).provinces();
  assert.equal(provinces.length, 9);
  assert.deepEqual(provinces[0], { id: 1, name: "Western" });
  assert.deepEqual(provinces[8], { id: 9, name: "Sabaragamuwa" });
});

testOnBothEngines("districts() lists all 25 or those of one province", async (sql) => {
  const locations = new PostgresLocations(sql);
  assert.equal((await locations.districts()).length, 25);
  const western = await locations.districts(1);
  assert.deepEqual(western.map((d) => d.name), ["Colombo", "Gampaha", "Kalutara"]);
  assert.ok(western.every((d) => d.provinceId === 1));
  assert.deepEqual(await locations.districts(99), []);
});

testOnBothEngines(
  "areas() lists all 2,147 or those of one district, with postcodes",
  async (sql) => {
    const locations = new PostgresLocations(sql);
    assert.equal((await locations.areas()).length, 2147);
    const colombo = await locations.areas(1);
    assert.deepEqual(colombo[0], { id: 1, name: "Akarawita", districtId: 1, postcode: "10732" });
    assert.ok(colombo.every((a) => a.districtId === 1));
  },
);

testOnBothEngines("findArea() names the area's district and province", async (sql) => {
  const locations = new PostgresLocations(sql);
  assert.deepEqual(await locations.findArea(1), {
    area: { id: 1, name: "Akarawita", districtId: 1, postcode: "10732" },
    district: { id: 1, name: "Colombo", provinceId: 1 },
    province: { id: 1, name: "Western" },
  });
  const jaffna = await locations.findArea(931);
  assert.deepEqual(jaffna?.area.postcode, null);
  assert.equal(await locations.findArea(99_999), undefined);
});
