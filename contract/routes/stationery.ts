/** /api/stationery: the storefront's list and detail; the admin's writes and image. */
import { z } from "zod";
import { STATIONERY_PATHS } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import {
  idParam,
  newStationeryFields,
  stationeryChangesBody,
  stationeryQuery,
} from "../requests.ts";
import { data, StationerySchema } from "../records.ts";
import { csvRow, type ProductKindContract, productRoutes } from "./products.ts";

/** Stationery as its routes declare it: one image an item, matched by id on import. */
export const STATIONERY_CONTRACT = {
  kind: "stationery",
  paths: STATIONERY_PATHS,
  words: {
    one: "stationery item",
    list: "stationery",
    many: "stationery items",
    importSummary:
      "Create (rows without id) and update (rows with the id of an item on sale) stationery from a CSV body; nothing is written when any row has an error or with dryRun=1",
    changeSummary:
      "Change a stationery item's title, weight, category, stock (absolute or relative) and price; absent fields stay",
  },
  schema: StationerySchema,
  query: stationeryQuery,
  add: { fields: newStationeryFields, images: { field: "image", max: 1 } },
  csvColumns: csvRow(newStationeryFields, {
    id: z.string().optional().describe("the item a row updates; a row without one adds an item"),
    image: z.string().optional().describe("the image's URL path"),
  }),
  change: stationeryChangesBody,
} satisfies ProductKindContract<
  "/api/stationery",
  typeof StationerySchema,
  typeof stationeryQuery,
  typeof newStationeryFields,
  typeof stationeryChangesBody
>;

/** A stationery item shows one image, replaced whole. */
const IMAGE_ROUTES = {
  replaceImage: defineRoute({
    ...STATIONERY_PATHS.replaceImage,
    summary: "Replace a stationery item's image",
    admin: "catalogue_edit",
    params: idParam,
    multipart: { fields: z.object({}), files: { image: "one" } },
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
};

/** /api/stationery: the storefront's list and detail; the admin's writes. */
export const STATIONERY_ROUTES = productRoutes(STATIONERY_CONTRACT, {
  reads: {},
  images: IMAGE_ROUTES,
});
