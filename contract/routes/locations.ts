/** /api/locations: Sri Lanka's provinces, districts (of a province) and areas (of a district). */
import { z } from "zod";
import { LOCATION_PATHS } from "../paths.ts";
import { defineRoute } from "../route.ts";
import { areaQuery, districtQuery } from "../requests.ts";
import { AreaSchema, data, DistrictSchema, ProvinceSchema } from "../records.ts";

export const LOCATION_ROUTES = {
  provinces: defineRoute({
    ...LOCATION_PATHS.provinces,
    summary: "Sri Lanka's provinces",
    admin: false,
    ok: { status: 200, schema: data(z.array(ProvinceSchema)) },
    errors: [],
  }),
  districts: defineRoute({
    ...LOCATION_PATHS.districts,
    summary: "Districts, of one province when asked",
    admin: false,
    query: districtQuery,
    ok: { status: 200, schema: data(z.array(DistrictSchema)) },
    errors: [400],
  }),
  areas: defineRoute({
    ...LOCATION_PATHS.areas,
    summary: "Areas (cities), of one district when asked",
    admin: false,
    query: areaQuery,
    ok: { status: 200, schema: data(z.array(AreaSchema)) },
    errors: [400],
  }),
};
