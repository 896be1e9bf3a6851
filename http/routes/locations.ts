/** /api/locations: provinces, districts (of a province) and areas (of a district). */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { areaQuery, districtQuery } from "../schemas.ts";
import { areaRecord, districtRecord, provinceRecord } from "../records.ts";
import { validate } from "../validation.ts";

/** Reference data changes only with a migration: let browsers keep it for a day. */
const CACHE = "public, max-age=86400";

export function locationRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/provinces", async (c) => {
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.provinces()).map(provinceRecord) });
  });

  app.get("/districts", validate("query", districtQuery), async (c) => {
    const { provinceId } = c.req.valid("query");
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.districts(provinceId)).map(districtRecord) });
  });

  app.get("/areas", validate("query", areaQuery), async (c) => {
    const { districtId } = c.req.valid("query");
    c.header("Cache-Control", CACHE);
    return c.json({ data: (await deps.locations.areas(districtId)).map(areaRecord) });
  });

  return app;
}
