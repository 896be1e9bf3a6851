import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { PostgresLocations } from "./locations.ts";

testOnBothEngines("provinces() lists the 9 provinces in official order", async (sql) => {
  const provinces = await new PostgresLocations(sql).provinces();
  assert.equal(provinces.length, 9);
  assert.deepEqual(provinces[0], { id: 1, name: "Western", names: { si: "බස්නාහිර", ta: "மேல்" } });
  assert.deepEqual(provinces[8], {
    id: 9,
    name: "Sabaragamuwa",
    names: { si: "සබරගමුව", ta: "சப்ரகமுவ" },
  });
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
    assert.deepEqual(colombo[0], {
      id: 1,
      name: "Akarawita",
      districtId: 1,
      postcode: "10732",
      names: { si: "අකරවිට" },
    });
    assert.ok(colombo.every((a) => a.districtId === 1));
  },
);

testOnBothEngines("findArea() names the area's district and province", async (sql) => {
  const locations = new PostgresLocations(sql);
  assert.deepEqual(await locations.findArea(1), {
    area: { id: 1, name: "Akarawita", districtId: 1, postcode: "10732", names: { si: "අකරවිට" } },
    district: { id: 1, name: "Colombo", provinceId: 1, names: { si: "කොළඹ", ta: "கொழும்பு" } },
    province: { id: 1, name: "Western", names: { si: "බස්නාහිර", ta: "மேல்" } },
  });
  const jaffna = await locations.findArea(931);
  assert.deepEqual(jaffna?.area.postcode, null);
  assert.equal(await locations.findArea(99_999), undefined);
});

testOnBothEngines("every province and district has its Sinhala and Tamil name", async (sql) => {
  const locations = new PostgresLocations(sql);
  const provinces = await locations.provinces();
  const districts = await locations.districts();
  for (const place of [...provinces, ...districts]) {
    assert.match(place.names.si ?? "", /^[\u0D80-\u0DFF\u200D ]+$/, `${place.name} in Sinhala`);
    assert.match(place.names.ta ?? "", /^[\u0B80-\u0BFF ]+$/, `${place.name} in Tamil`);
  }
  const named = (list: { name: string; names: { si?: string; ta?: string } }[], name: string) =>
    list.find((p) => p.name === name)?.names;
  assert.deepEqual(named(provinces, "Western"), { si: "බස්නාහිර", ta: "மேல்" });
  assert.deepEqual(named(provinces, "North Central"), { si: "උතුරු මැද", ta: "வட மத்திய" });
  assert.deepEqual(named(districts, "Kandy"), { si: "මහනුවර", ta: "கண்டி" });
  assert.deepEqual(named(districts, "Jaffna"), { si: "යාපනය", ta: "யாழ்ப்பாணம்" });
  assert.deepEqual(named(districts, "Trincomalee"), { si: "ත්‍රිකුණාමලය", ta: "திருகோணமலை" });
  // Each name is one place's: no two provinces or districts share one.
  for (const language of ["si", "ta"] as const) {
    const all = [...provinces, ...districts].map((p) => p.names[language]);
    assert.equal(new Set(all).size, all.length, language);
  }
  const found = await locations.findArea(1);
  assert.deepEqual(found?.district.names, { si: "කොළඹ", ta: "கொழும்பு" });
  assert.deepEqual(found?.province.names, { si: "බස්නාහිර", ta: "மேல்" });
});

testOnBothEngines(
  "areas() carry the Sinhala and Tamil names a public source has, and none where it has none",
  async (sql) => {
    const locations = new PostgresLocations(sql);
    const areas = await locations.areas();
    const galle = areas.find((a) => a.name === "Galle");
    assert.deepEqual(galle?.names, { si: "ගාල්ල", ta: "காலி" });
    // Mount Lavinia has no Sinhala or Tamil name in any source the shop cites: English only.
    assert.deepEqual(areas.find((a) => a.name === "Mount Lavinia")?.names, {});
    assert.equal(areas.filter((a) => a.names.si).length, 666);
    assert.equal(areas.filter((a) => a.names.ta).length, 30);
  },
);
