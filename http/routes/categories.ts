/** /api/categories and /api/stationery-categories: listed for all, added by the admin. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import { addCategory, renameCategory } from "../../domain/catalogue/manage_catalogue.ts";
import { categoryBody, idParam } from "../../contract/requests.ts";
import { categoryRecord } from "../records.ts";
import { CategorySchema, data } from "../../contract/records.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import { categoryDeletedOrThrow, writtenOrThrow } from "./write_results.ts";

/** What the category routes use. */
export type CategoryRoutesDeps = Pick<AppDeps, "catalogue" | "catalogueAdmin">;

/** Where each kind's categories are served. */
const CATEGORY_PATHS = { book: "categories", stationery: "stationery-categories" } as const;

/** The routes of one kind's categories. */
export function categoryRouteSpecs(kind: "book" | "stationery") {
  const name = CATEGORY_PATHS[kind];
  const words = name.replace("-", " ");
  return {
    list: defineRoute({
      method: "GET",
      path: `/api/${name}`,
      summary: `List ${words}`,
      admin: false,
      ok: { status: 200, schema: data(z.array(CategorySchema)) },
      errors: [],
    }),
    add: defineRoute({
      method: "POST",
      path: `/api/${name}`,
      summary: `Add one of the ${words}`,
      admin: true,
      json: categoryBody,
      ok: { status: 201, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 409, 415],
    }),
    rename: defineRoute({
      method: "PUT",
      path: `/api/${name}/:id`,
      summary: `Rename one of the ${words} (409 when the name exists)`,
      admin: true,
      params: idParam,
      json: categoryBody,
      ok: { status: 200, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    remove: defineRoute({
      method: "DELETE",
      path: `/api/${name}/:id`,
      summary:
        `Delete one of the ${words}: 409 IN_USE (details: products, archived) while products use it`,
      admin: true,
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
  };
}

/** The categories of one kind of product; mount at `/api/${CATEGORY_PATHS[kind]}`. */
export function categoryRoutes(
  deps: CategoryRoutesDeps,
  kind: "book" | "stationery",
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = `/api/${CATEGORY_PATHS[kind]}`;
  const routes = categoryRouteSpecs(kind);
  const list = () =>
    kind === "book" ? deps.catalogue.listCategories() : deps.catalogue.listStationeryCategories();

  serve(app, base, routes.list, async (c) => c.json({ data: (await list()).map(categoryRecord) }));

  serve(app, base, routes.add, async (c) => {
    const { name } = c.req.valid("json");
    const result = await addCategory(deps.catalogueAdmin, { kind, name });
    return c.json({ data: categoryRecord(writtenOrThrow(result, "Category")) }, 201);
  });

  serve(app, base, routes.rename, async (c) => {
    const { id } = c.req.valid("param");
    const { name } = c.req.valid("json");
    const result = await renameCategory(deps.catalogueAdmin, { kind, id, name });
    return c.json({ data: categoryRecord(writtenOrThrow(result, "Category", id)) });
  });

  serve(app, base, routes.remove, async (c) => {
    const { id } = c.req.valid("param");
    categoryDeletedOrThrow(await deps.catalogueAdmin.deleteCategory(kind, id), id);
    return c.body(null, 204);
  });

  return app;
}
