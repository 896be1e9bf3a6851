/** /api/locations: provinces, districts (of a province) and areas (of a district). */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { LOCATION_ROUTES } from "../../contract/routes/mod.ts";
import { areaRecord, districtRecord, provinceRecord } from "./answers.ts";
import { serve } from "./route_spec.ts";

/** What the location routes use. */
export type LocationRoutesDeps = Pick<AppDeps, "locations">;

/** Reference data changes only with a migration: let browsers keep it for a day. */
const CACHE = "public, max-age=86400";

const BASE = "/api/locations";

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
