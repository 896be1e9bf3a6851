/** /api/locations: provinces, districts (of a province) and areas (of a district). */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { areaQuery, districtQuery } from "../../contract/requests.ts";
import { areaRecord, districtRecord, provinceRecord } from "../records.ts";
import { defineRoute, serve } from "../route_spec.ts";
import { AreaSchema, data, DistrictSchema, ProvinceSchema } from "../../contract/records.ts";
import { z } from "zod";

/** What the location routes use. */
export type LocationRoutesDeps = Pick<AppDeps, "locations">;

/** Reference data changes only with a migration: let browsers keep it for a day. */
const CACHE = "public, max-age=86400";

const BASE = "/api/locations";

/** /api/locations: Sri Lanka's provinces, districts and areas. */
export const LOCATION_ROUTES = {
  provinces: defineRoute({
    method: "GET",
    path: "/api/locations/provinces",
    summary: "Sri Lanka's provinces",
    admin: false,
    ok: { status: 200, schema: data(z.array(ProvinceSchema)) },
    errors: [],
  }),
  districts: defineRoute({
    method: "GET",
    path: "/api/locations/districts",
    summary: "Districts, of one province when asked",
    admin: false,
    query: districtQuery,
    ok: { status: 200, schema: data(z.array(DistrictSchema)) },
    errors: [400],
  }),
  areas: defineRoute({
    method: "GET",
    path: "/api/locations/areas",
    summary: "Areas (cities), of one district when asked",
    admin: false,
    query: areaQuery,
    ok: { status: 200, schema: data(z.array(AreaSchema)) },
    errors: [400],
  }),
};

export function locationRoutes(deps: LocationRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, LOCATION_ROUTES.provinces, async (c) => {
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.provinces()).map(provinceRecord) });
  });

  serve(app, BASE, LOCATION_ROUTES.districts, async (c) => {
    const { provinceId } = c.req.valid("query");
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.districts(provinceId)).map(districtRecord) });
  });

  serve(app, BASE, LOCATION_ROUTES.areas, async (c) => {
    const { districtId } = c.req.valid("query");
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.areas(districtId)).map(areaRecord) });
  });

  return app;
}
