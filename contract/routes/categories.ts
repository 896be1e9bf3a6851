/** /api/categories and /api/stationery-categories: listed for all, kept by the admin. */
import { z } from "zod";
import { CATEGORY_PATHS, type categoryPaths, STATIONERY_CATEGORY_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { categoryBody, idParam } from "../requests.ts";
import { CategorySchema, data } from "../records.ts";

/** The routes of one kind's categories, named in summaries by `words`. */
function categoryRoutes<Base extends string>(
  paths: ReturnType<typeof categoryPaths<Base>>,
  words: string,
) {
  return {
    list: defineRoute({
      ...paths.list,
      summary: `List ${words}`,
      admin: false,
      ok: { status: 200, schema: data(z.array(CategorySchema)) },
      errors: [],
    }),
    add: defineRoute({
      ...paths.add,
      summary: `Add one of the ${words}`,
      admin: "catalogue_edit",
      json: categoryBody,
      ok: { status: 201, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 409, 415],
    }),
    rename: defineRoute({
      ...paths.rename,
      summary: `Rename one of the ${words} (409 when the name exists)`,
      admin: "catalogue_edit",
      params: idParam,
      json: categoryBody,
      ok: { status: 200, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    remove: defineRoute({
      ...paths.remove,
      summary:
        `Delete one of the ${words}: 409 IN_USE (details: products, archived) while products use it`,
      admin: "catalogue_edit",
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    }),
  };
}

export const CATEGORY_ROUTES = categoryRoutes(CATEGORY_PATHS, "categories");
export const STATIONERY_CATEGORY_ROUTES = categoryRoutes(
  STATIONERY_CATEGORY_PATHS,
  "stationery categories",
);
