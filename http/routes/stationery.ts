/** /api/stationery: the storefront's list and detail; the admin's writes. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import type {
  StationeryChanges,
  StationeryItem,
  StationerySortKey,
} from "../../domain/catalogue/model.ts";
import {
  changeStationery,
  discardUnusedImages,
  replaceStationeryImage,
} from "../../domain/catalogue/manage_catalogue.ts";
import {
  idParam,
  newStationeryFields,
  stationeryChangesBody,
  stationeryFilterOf,
  stationeryQuery,
} from "../../contract/requests.ts";
import { changesFrom, newRecordFrom } from "../../contract/record_fields.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import { stationeryRecord } from "../records.ts";
import { readMultipart } from "../validation.ts";
import { storeImages } from "../product_images.ts";
import { imageChangedOrThrow } from "./write_results.ts";
import { parseStationeryCsv, stationeryCsv } from "../catalogue_csv.ts";
import { allPages, coversOf } from "./catalogue_export.ts";
import { importStationery } from "../../domain/catalogue/stationery_import.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import { data, StationerySchema } from "../../contract/records.ts";
import {
  type ProductKindRoutes,
  type ProductRoutesDeps,
  productRouteSpecs,
  serveProductRoutes,
} from "./product_routes.ts";

/** What the stationery routes use. */
export type StationeryRoutesDeps = ProductRoutesDeps;

const BASE = "/api/stationery";

/** Stationery as its routes see it: one image an item, matched by id on import. */
const STATIONERY_KIND: ProductKindRoutes<
  StationeryItem,
  StationerySortKey,
  typeof stationeryQuery,
  typeof newStationeryFields,
  typeof stationeryChangesBody,
  StationeryChanges
> = {
  kind: "stationery",
  base: BASE,
  words: {
    one: "stationery item",
    list: "stationery",
    many: "stationery items",
    csvFile: "stationery",
    importSummary:
      "Create (rows without id) and update (rows with the id of an item on sale) stationery from a CSV body; nothing is written when any row has an error or with dryRun=1",
    changeSummary:
      "Change a stationery item's title, weight, category, stock (absolute or relative) and price; absent fields stay",
  },
  schema: StationerySchema,
  record: stationeryRecord,
  query: stationeryQuery,
  filterOf: stationeryFilterOf,
  list: (catalogue, filter, page, sort) => catalogue.listStationery(filter, page, sort),
  find: (catalogue, id) => catalogue.findStationery(id),
  csv: stationeryCsv,
  importCsv(deps, text, dryRun) {
    const parsed = parseStationeryCsv(text);
    return importStationery({
      admin: deps.catalogueAdmin,
      storage: deps.images,
      covers: coversOf(deps),
      existing: () =>
        allPages((page) =>
          deps.catalogue.listStationery({ inStock: true, outOfStock: true }, page)
        ),
      categories: () => deps.catalogue.listStationeryCategories(),
    }, { rows: parsed.rows, parseErrors: parsed.errors, dryRun });
  },
  listArchived: (admin, page, q) => admin.listArchivedStationery(page, q),
  restore: (admin, id) => admin.restoreStationery(id),
  add: {
    fields: newStationeryFields,
    images: { field: "image", max: 1 },
    create: (admin, fields, [image]) =>
      admin.createStationery({ ...newRecordFrom(STATIONERY_FIELDS, fields), image }),
  },
  change: {
    body: stationeryChangesBody,
    changesOf: (body) => ({ ...changesFrom(STATIONERY_FIELDS, body), addStock: body.addStock }),
  },
  apply: (admin, id, changes) => changeStationery(admin, { id, changes }),
};

/** A stationery item shows one image, replaced whole. */
const IMAGE_ROUTES = {
  replaceImage: defineRoute({
    method: "PUT",
    path: "/api/stationery/:id/image",
    summary: "Replace a stationery item's image",
    admin: true,
    params: idParam,
    multipart: { fields: z.object({}), files: { image: "one" } },
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
};

/** /api/stationery: the storefront's list and detail; the admin's writes. */
export const STATIONERY_ROUTES = productRouteSpecs(STATIONERY_KIND, {
  reads: {},
  images: IMAGE_ROUTES,
});

export function stationeryRoutes(deps: StationeryRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, STATIONERY_ROUTES.replaceImage, async (c) => {
    const { id } = c.req.valid("param");
    const form = await readMultipart(c.req.raw);
    const [image] = await storeImages(deps.images, {
      field: "image",
      files: form.files.image ?? [],
      min: 1,
      max: 1,
    });
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const result = await replaceStationeryImage(ports, { id, image });
    if (result.kind !== "ok") await discardUnusedImages(ports, [image]);
    return c.json({
      data: stationeryRecord(imageChangedOrThrow(result, "Stationery item", id)),
    });
  });

  serveProductRoutes(app, deps, STATIONERY_KIND);
  return app;
}
