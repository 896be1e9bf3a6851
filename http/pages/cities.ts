import type { Area, District, Province } from "../../domain/catalogue/locations.ts";
import { placeNameFields } from "../routes/answers.ts";

/** A city as the checkout's picker reads it: the API's area record plus its postcode. */
export function areaRecords(areas: Area[]) {
  return areas.map((a) => ({
    id: a.id,
    name: a.name,
    district_id: a.districtId,
    postcode: a.postcode,
    ...placeNameFields(a.names),
  }));
}

/**
 * Cities with the names of their district and province (English, Sinhala and Tamil), for
 * "that city is in …".
 */
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
      ...placeNameFields(a.names),
      district_id: d.id,
      district_name: d.name,
      district_names: placeNameFields(d.names),
      province_id: p.id,
      province_name: p.name,
      province_names: placeNameFields(p.names),
      postcode: a.postcode,
    }];
  });
}
