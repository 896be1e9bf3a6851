/** /api/stationery: the storefront's list and detail; the admin's writes. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import {
  changeStationery,
  deleteProduct,
  discardUnusedImages,
  replaceStationeryImage,
} from "../../domain/catalogue/manage_catalogue.ts";
import {
  archivedQuery,
  idParam,
  importQuery,
  newStationeryFields,
  pageOf,
  priceBody,
  searchSortOf,
  stationeryChangesBody,
  stationeryFilterOf,
  stationeryQuery,
} from "../schemas.ts";
import { pageRecord, searchHelpRecord, stationeryRecord } from "../records.ts";
import { parseFields, readMultipart } from "../validation.ts";
import { storeImages } from "../product_images.ts";
import { imageChangedOrThrow, writtenOrThrow } from "./write_results.ts";
import {
  importSummaryRecord,
  parseStationeryCsv,
  readCsvBody,
  stationeryCsv,
} from "../catalogue_csv.ts";
import { allPages, coversOf, csvResponse } from "./catalogue_export.ts";
import { importStationery } from "../../domain/catalogue/stationery_import.ts";
import { ApiError, notFound } from "../errors.ts";
import { helpForEmptySearch } from "../../domain/catalogue/search_help.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import {
  data,
  ImportSummarySchema,
  recordPageOf,
  searchPageOf,
  StationerySchema,
} from "../wire/records.ts";
import { z } from "zod";

/** What the stationery routes use. */
export type StationeryRoutesDeps = Pick<
  AppDeps,
  "catalogue" | "catalogueAdmin" | "clock" | "images" | "covers"
>;

const BASE = "/api/stationery";

/** /api/stationery: the storefront's list and detail; the admin's writes. */
export const STATIONERY_ROUTES = {
  list: defineRoute({
    method: "GET",
    path: "/api/stationery",
    summary: "List stationery, filtered and paged",
    admin: false,
    query: stationeryQuery,
    ok: { status: 200, schema: searchPageOf(StationerySchema) },
    errors: [400],
  }),
  export: defineRoute({
    method: "GET",
    path: "/api/stationery/export",
    summary: "Every stationery item on sale as CSV (the creation fields, plus id and image)",
    admin: true,
    ok: { status: 200, contentType: "text/csv" },
    errors: ADMIN_ERRORS,
  }),
  import: defineRoute({
    method: "POST",
    path: "/api/stationery/import",
    summary:
      "Create (rows without id) and update (rows with the id of an item on sale) stationery from a CSV body; nothing is written when any row has an error or with dryRun=1",
    admin: true,
    query: importQuery,
    csv: true,
    ok: { status: 200, schema: data(ImportSummarySchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  }),
  archived: defineRoute({
    method: "GET",
    path: "/api/stationery/archived",
    summary: "Archived stationery items (hidden from the shop), newest first",
    admin: true,
    query: archivedQuery,
    ok: { status: 200, schema: recordPageOf(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400],
  }),
  restore: defineRoute({
    method: "POST",
    path: "/api/stationery/:id/restore",
    summary: "Put an archived stationery item back on sale",
    admin: true,
    params: idParam,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
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
  one: defineRoute({
    method: "GET",
    path: "/api/stationery/:id",
    summary: "One stationery item",
    admin: false,
    params: idParam,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [400, 404],
  }),
  add: defineRoute({
    method: "POST",
    path: "/api/stationery",
    summary: "Add a stationery item with its image",
    admin: true,
    multipart: { fields: newStationeryFields, files: { image: "one" } },
    ok: { status: 201, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 413, 415],
  }),
  price: defineRoute({
    method: "PUT",
    path: "/api/stationery/price/:id",
    summary: "Change a stationery item's price",
    admin: true,
    params: idParam,
    json: priceBody,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  }),
  change: defineRoute({
    method: "PUT",
    path: "/api/stationery/:id",
    summary:
      "Change a stationery item's title, weight, category, stock (absolute or relative) and price; absent fields stay",
    admin: true,
    params: idParam,
    json: stationeryChangesBody,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/stationery/:id",
    summary: "Delete a stationery item (archived when orders refer to it)",
    admin: true,
    params: idParam,
    ok: { status: 204 },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
};

export function stationeryRoutes(deps: StationeryRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, STATIONERY_ROUTES.list, async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogue.listStationery(
      stationeryFilterOf(q),
      pageOf(q),
      searchSortOf(q),
    );
    const help = page.total === 0
      ? await helpForEmptySearch(deps.catalogue, { kind: "stationery", q: q.q })
      : undefined;
    return c.json({ ...pageRecord(page, stationeryRecord), ...searchHelpRecord(help) });
  });

  serve(app, BASE, STATIONERY_ROUTES.export, async () => {
    const items = await allPages((page) =>
      deps.catalogue.listStationery({ inStock: true, outOfStock: true }, page)
    );
    return csvResponse(stationeryCsv(items), "stationery");
  });

  serve(app, BASE, STATIONERY_ROUTES.import, async (c) => {
    const { dryRun } = c.req.valid("query");
    const parsed = parseStationeryCsv(await readCsvBody(c.req.raw));
    const outcome = await importStationery({
      admin: deps.catalogueAdmin,
      storage: deps.images,
      covers: coversOf(deps),
      existing: () =>
        allPages((page) =>
          deps.catalogue.listStationery({ inStock: true, outOfStock: true }, page)
        ),
      categories: () => deps.catalogue.listStationeryCategories(),
    }, { rows: parsed.rows, parseErrors: parsed.errors, dryRun: dryRun ?? false });
    if (outcome.kind === "conflict") throw new ApiError(409, "CONFLICT", outcome.message);
    return c.json(importSummaryRecord(outcome.summary));
  });

  serve(app, BASE, STATIONERY_ROUTES.archived, async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogueAdmin.listArchivedStationery(pageOf(q), q.q);
    return c.json(pageRecord(page, stationeryRecord));
  });

  serve(app, BASE, STATIONERY_ROUTES.restore, async (c) => {
    const { id } = c.req.valid("param");
    const result = await deps.catalogueAdmin.restoreStationery(id);
    return c.json({
      data: stationeryRecord(writtenOrThrow(result, "Archived stationery item", id)),
    });
  });

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

  serve(app, BASE, STATIONERY_ROUTES.one, async (c) => {
    const { id } = c.req.valid("param");
    const item = await deps.catalogue.findStationery(id);
    if (!item) throw notFound("Stationery item", id);
    return c.json({ data: stationeryRecord(item) });
  });

  serve(app, BASE, STATIONERY_ROUTES.add, async (c) => {
    const form = await readMultipart(c.req.raw);
    const fields = parseFields(newStationeryFields, form.fields);
    const [image] = await storeImages(deps.images, {
      field: "image",
      files: form.files.image ?? [],
      min: 1,
      max: 1,
    });
    const result = await deps.catalogueAdmin.createStationery({
      title: fields.title,
      priceCents: fields.price,
      stock: fields.stock,
      weightGrams: fields.weight,
      categoryId: fields.categoryId,
      image,
    });
    return c.json({ data: stationeryRecord(writtenOrThrow(result, "Stationery item")) }, 201);
  });

  serve(app, BASE, STATIONERY_ROUTES.price, async (c) => {
    const { id } = c.req.valid("param");
    const { price } = c.req.valid("json");
    const result = await changeStationery(deps.catalogueAdmin, {
      id,
      changes: { priceCents: price },
    });
    return c.json({ data: stationeryRecord(writtenOrThrow(result, "Stationery item", id)) });
  });

  serve(app, BASE, STATIONERY_ROUTES.change, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await changeStationery(deps.catalogueAdmin, {
      id,
      changes: {
        stock: body.stock,
        addStock: body.addStock,
        priceCents: body.price,
        title: body.title,
        weightGrams: body.weight,
        categoryId: body.categoryId,
      },
    });
    return c.json({ data: stationeryRecord(writtenOrThrow(result, "Stationery item", id)) });
  });

  serve(app, BASE, STATIONERY_ROUTES.remove, async (c) => {
    const { id } = c.req.valid("param");
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const outcome = await deleteProduct(ports, { kind: "stationery", id });
    if (outcome === "not_found") throw notFound("Stationery item", id);
    return c.body(null, 204);
  });

  return app;
}
