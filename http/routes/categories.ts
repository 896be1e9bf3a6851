/** /api/categories and /api/stationery-categories: listed for all, added by the admin. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { addCategory, renameCategory } from "../../domain/catalogue/manage_catalogue.ts";
import { CATEGORY_ROUTES, STATIONERY_CATEGORY_ROUTES } from "../../contract/routes/mod.ts";
import { categoryRecord } from "./answers.ts";
import { serve } from "./route_spec.ts";
import { categoryBodyNames } from "../../contract/requests.ts";
import { categoryDeletedOrThrow, writtenOrThrow } from "./write_results.ts";

/** What the category routes use. */
export type CategoryRoutesDeps = Pick<AppDeps, "catalogue" | "catalogueAdmin">;

/** Each kind's category routes, as the contract declares them. */
const ROUTES_OF = { book: CATEGORY_ROUTES, stationery: STATIONERY_CATEGORY_ROUTES } as const;

/** The categories of one kind of product; mount at the base of its routes' paths. */
export function categoryRoutes(
  deps: CategoryRoutesDeps,
  kind: "book" | "stationery",
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const routes = ROUTES_OF[kind];
  const base = routes.list.path;
  const list = () =>
    kind === "book" ? deps.catalogue.listCategories() : deps.catalogue.listStationeryCategories();

  serve(app, base, routes.list, async (c) => c.json({ data: (await list()).map(categoryRecord) }));

  serve(app, base, routes.add, async (c) => {
    const body = c.req.valid("json");
    const result = await addCategory(deps.catalogueAdmin, {
      kind,
      name: body.name,
      names: categoryBodyNames(body),
    });
    return c.json({ data: categoryRecord(writtenOrThrow(result, "Category")) }, 201);
  });

  serve(app, base, routes.rename, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await renameCategory(deps.catalogueAdmin, {
      kind,
      id,
      name: body.name,
      names: categoryBodyNames(body),
    });
    return c.json({ data: categoryRecord(writtenOrThrow(result, "Category", id)) });
  });

  serve(app, base, routes.remove, async (c) => {
    const { id } = c.req.valid("param");
    categoryDeletedOrThrow(await deps.catalogueAdmin.deleteCategory(kind, id), id);
    return c.body(null, 204);
  });

  return app;
}
