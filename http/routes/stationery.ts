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
import { jsonBody, parseFields, readMultipart, validate } from "../validation.ts";
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

export function stationeryRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/", validate("query", stationeryQuery), async (c) => {
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

  app.get("/export", async () => {
    const items = await allPages((page) =>
      deps.catalogue.listStationery({ inStock: true, outOfStock: true }, page)
    );
    return csvResponse(stationeryCsv(items), "stationery");
  });

  app.post("/import", validate("query", importQuery), async (c) => {
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

  app.get("/archived", validate("query", archivedQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogueAdmin.listArchivedStationery(pageOf(q), q.q);
    return c.json(pageRecord(page, stationeryRecord));
  });

  app.post("/:id/restore", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const result = await deps.catalogueAdmin.restoreStationery(id);
    return c.json({
      data: stationeryRecord(writtenOrThrow(result, "Archived stationery item", id)),
    });
  });

  app.put("/:id/image", validate("param", idParam), async (c) => {
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

  app.get("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const item = await deps.catalogue.findStationery(id);
    if (!item) throw notFound("Stationery item", id);
    return c.json({ data: stationeryRecord(item) });
  });

  app.post("/", async (c) => {
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

  app.put(
    "/price/:id",
    validate("param", idParam),
    jsonBody(),
    validate("json", priceBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { price } = c.req.valid("json");
      const result = await changeStationery(deps.catalogueAdmin, {
        id,
        changes: { priceCents: price },
      });
      return c.json({ data: stationeryRecord(writtenOrThrow(result, "Stationery item", id)) });
    },
  );

  app.put(
    "/:id",
    validate("param", idParam),
    jsonBody(),
    validate("json", stationeryChangesBody),
    async (c) => {
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
    },
  );

  app.delete("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const outcome = await deleteProduct(ports, { kind: "stationery", id });
    if (outcome === "not_found") throw notFound("Stationery item", id);
    return c.body(null, 204);
  });

  return app;
}
