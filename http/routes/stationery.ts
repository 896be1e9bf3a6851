/** /api/stationery: the storefront's list and detail; the admin's writes. */
import { Hono } from "hono";
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
  type newStationeryFields,
  type stationeryChangesBody,
  stationeryFilterOf,
  type stationeryQuery,
} from "../../contract/requests.ts";
import { changesFrom, newRecordFrom } from "../../contract/record_fields.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import type { StationerySchema } from "../../contract/records.ts";
import { STATIONERY_CONTRACT, STATIONERY_ROUTES } from "../../contract/routes/mod.ts";
import { stationeryRecord } from "./answers.ts";
import { readMultipart } from "../middleware/validation.ts";
import { storeImages } from "./product_images.ts";
import { imageChangedOrThrow } from "./write_results.ts";
import { parseStationeryCsv, stationeryCsv } from "./catalogue_csv.ts";
import { allPages, coversOf } from "./catalogue_export.ts";
import { importStationery } from "../../domain/catalogue/stationery_import.ts";
import { serve } from "./route_spec.ts";
import {
  type ProductKindRoutes,
  type ProductRoutesDeps,
  serveProductRoutes,
} from "./product_routes.ts";

/** What the stationery routes use. */
export type StationeryRoutesDeps = ProductRoutesDeps;

const BASE = "/api/stationery";

/** Stationery as its routes serve it: one image an item, matched by id on import. */
const STATIONERY_KIND: ProductKindRoutes<
  StationeryItem,
  "/api/stationery",
  typeof StationerySchema,
  StationerySortKey,
  typeof stationeryQuery,
  typeof newStationeryFields,
  typeof stationeryChangesBody,
  StationeryChanges
> = {
  contract: STATIONERY_CONTRACT,
  csvFile: "stationery",
  record: stationeryRecord,
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
    create: (admin, fields, [image]) =>
      admin.createStationery({ ...newRecordFrom(STATIONERY_FIELDS, fields), image }),
  },
  change: {
    changesOf: (body) => ({ ...changesFrom(STATIONERY_FIELDS, body), addStock: body.addStock }),
  },
  apply: (admin, id, changes) => changeStationery(admin, { id, changes }),
};

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

  serveProductRoutes(app, deps, { kind: STATIONERY_KIND, routes: STATIONERY_ROUTES });
  return app;
}
