/** /api/stationery: the storefront's list and detail; the admin's writes. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { changeStationery } from "../../domain/catalogue/manage_catalogue.ts";
import {
  idParam,
  newStationeryFields,
  pageOf,
  priceBody,
  sortOf,
  stationeryChangesBody,
  stationeryFilterOf,
  stationeryQuery,
} from "../schemas.ts";
import { pageRecord, stationeryRecord } from "../records.ts";
import { jsonBody, parseFields, readMultipart, validate } from "../validation.ts";
import { notFound } from "../errors.ts";
import { storeImages } from "../product_images.ts";
import { writtenOrThrow } from "./write_results.ts";

export function stationeryRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/", validate("query", stationeryQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogue.listStationery(stationeryFilterOf(q), pageOf(q), sortOf(q));
    return c.json(pageRecord(page, stationeryRecord));
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
        changes: { stock: body.stock, addStock: body.addStock, priceCents: body.price },
      });
      return c.json({ data: stationeryRecord(writtenOrThrow(result, "Stationery item", id)) });
    },
  );

  app.delete("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await deps.catalogueAdmin.deleteStationery(id);
    if (outcome === "not_found") throw notFound("Stationery item", id);
    return c.body(null, 204);
  });

  return app;
}
