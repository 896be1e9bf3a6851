import type { Area } from "../../domain/catalogue/locations.ts";

/** A city as the checkout's picker reads it: the API's area record plus its postcode. */
export function areaRecords(areas: Area[]) {
  return areas.map((a) => ({
    id: a.id,
    name: a.name,
    district_id: a.districtId,
    postcode: a.postcode,
  }));
}
