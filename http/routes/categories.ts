/** /api/categories and /api/stationery-categories: listed for all, added by the admin. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { addCategory } from "../../domain/catalogue/manage_catalogue.ts";
import { categoryBody } from "../schemas.ts";
import { categoryRecord } from "../records.ts";
import { jsonBody, validate } from "../validation.ts";
import { writtenOrThrow } from "./write_results.ts";

/** The categories of one kind of product. */
export function categoryRoutes(deps: AppDeps, kind: "book" | "stationery"): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const list = () =>
    kind === "book" ? deps.catalogue.listCategories() : deps.catalogue.listStationeryCategories();

  app.get("/", async (c) => c.json({ data: (await list()).map(categoryRecord) }));

  app.post("/", jsonBody(), validate("json", categoryBody), async (c) => {
    const { name } = c.req.valid("json");
    const result = await addCategory(deps.catalogueAdmin, { kind, name });
    return c.json({ data: categoryRecord(writtenOrThrow(result, "Category")) }, 201);
  });

  return app;
}
