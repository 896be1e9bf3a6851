/** /api/categories and /api/stationery-categories: listed for all, added by the admin. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { addCategory, renameCategory } from "../../domain/catalogue/manage_catalogue.ts";
import { categoryBody, idParam } from "../schemas.ts";
import { categoryRecord } from "../records.ts";
import { jsonBody, validate } from "../validation.ts";
import { categoryDeletedOrThrow, writtenOrThrow } from "./write_results.ts";

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

  app.put(
    "/:id",
    validate("param", idParam),
    jsonBody(),
    validate("json", categoryBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { name } = c.req.valid("json");
      const result = await renameCategory(deps.catalogueAdmin, { kind, id, name });
      return c.json({ data: categoryRecord(writtenOrThrow(result, "Category", id)) });
    },
  );

  app.delete("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    categoryDeletedOrThrow(await deps.catalogueAdmin.deleteCategory(kind, id), id);
    return c.body(null, 204);
  });

  return app;
}
