/**
 * The contract of the Locations port, run against the sample places in memory (the HTTP
 * tests') and Sri Lanka's 9 provinces, 25 districts and 2,147 cities on PGlite and a
 * PostgreSQL server. The real data's own figures are in postgres/locations_test.ts.
 */
import assert from "node:assert/strict";
import type { Locations } from "../domain/ports.ts";
import { MemoryLocations } from "./memory/locations.ts";
import { citiesCalled, matchCity, nearestCities } from "../domain/catalogue/city_names.ts";
import { PostgresLocations } from "./postgres/locations.ts";
import { testOnBothEngines } from "./postgres/testing/databases.ts";

function contract(name: string, fn: (locations: Locations) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryLocations()));
  testOnBothEngines(name, (sql) => fn(new PostgresLocations(sql)));
}

contract("Locations lists every district once, and a province's own", async (locations) => {
  const provinces = await locations.provinces();
  const all = await locations.districts();
  assert.ok(provinces.length > 0 && all.length >= provinces.length);
  const byProvince = (await Promise.all(provinces.map((p) => locations.districts(p.id)))).flat();
  assert.deepEqual(
    byProvince.map((d) => d.id).sort((a, b) => a - b),
    all.map((d) => d.id).sort((a, b) => a - b),
  );
  for (const province of provinces) {
    for (const district of await locations.districts(province.id)) {
      assert.equal(district.provinceId, province.id);
    }
  }
  assert.deepEqual(await locations.districts(99_999), []);
});

contract("Locations lists a district's cities, each with a postcode or null", async (locations) => {
  const [district] = await locations.districts();
  const areas = await locations.areas(district.id);
  assert.ok(areas.length > 0);
  for (const area of areas) {
    assert.equal(area.districtId, district.id);
    assert.ok(area.postcode === null || /^\d{5}$/.test(area.postcode), area.name);
  }
  assert.ok((await locations.areas()).length >= areas.length);
  assert.deepEqual(await locations.areas(99_999), []);
});

contract(
  "Locations.findArea() names a city's district and province as the lists do",
  async (locations) => {
    const [province] = await locations.provinces();
    const [district] = await locations.districts(province.id);
    const [area] = await locations.areas(district.id);
    assert.deepEqual(await locations.findArea(area.id), { area, district, province });
    assert.equal(await locations.findArea(99_999), undefined);
  },
);

contract("Locations hands out copies: changing one changes nothing stored", async (locations) => {
  const [province] = await locations.provinces();
  const name = province.name;
  province.name = "Changed";
  assert.equal((await locations.provinces())[0].name, name);
});

contract(
  "the City field takes a city of the places held by its name in any script or by its sound",
  async (locations) => {
    const galle = (await locations.districts()).find((d) => d.name === "Galle");
    assert.ok(galle);
    assert.deepEqual(galle.names, { si: "ගාල්ල", ta: "காலி" });
    const cities = await locations.areas(galle.id);
    const picked = (typed: string) => {
      const city = matchCity(cities, typed);
      return city && [city.name, city.postcode];
    };
    assert.deepEqual(picked("ගාල්ල"), ["Galle", "80000"]);
    assert.deepEqual(picked("காலி"), ["Galle", "80000"]);
    // By sound: a short vowel and a single letter typed; Hikkaduwa has no Sinhala name held.
    assert.deepEqual(picked("ගාල"), ["Galle", "80000"]);
    assert.deepEqual(picked("හික්කඩුව"), ["Hikkaduwa", "80240"]);
    assert.deepEqual(picked("ஹிக்கடுவ"), ["Hikkaduwa", "80240"]);
    assert.equal(nearestCities(cities, "හික්කඩු")[0]?.name, "Hikkaduwa");
    // From any district: where a city typed under the wrong one is.
    const everywhere = await locations.areas();
    assert.deepEqual(
      citiesCalled(everywhere, "හික්කඩුව").map((c) => [c.name, c.districtId]),
      [["Hikkaduwa", galle.id]],
    );
  },
);
