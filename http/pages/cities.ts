import type { Area, District, Province } from "../../domain/catalogue/locations.ts";

/** A city as the checkout's picker reads it: the API's area record plus its postcode. */
export function areaRecords(areas: Area[]) {
  return areas.map((a) => ({
    id: a.id,
    name: a.name,
    district_id: a.districtId,
    postcode: a.postcode,
  }));
}

/** Cities with the names of their district and province, for "that city is in …". */
export function placedAreaRecords(areas: Area[], districts: District[], provinces: Province[]) {
  const district = new Map(districts.map((d) => [d.id, d]));
  const province = new Map(provinces.map((p) => [p.id, p]));
  return areas.flatMap((a) => {
    const d = district.get(a.districtId);
    const p = d ? province.get(d.provinceId) : undefined;
    if (!d || !p) return [];
    return [{
      id: a.id,
      name: a.name,
      district_id: d.id,
      district_name: d.name,
      province_id: p.id,
      province_name: p.name,
      postcode: a.postcode,
    }];
  });
}
