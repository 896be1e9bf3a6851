/**
 * The routes every kind of product has, declared once: the storefront's list and detail,
 * the admin's CSV export and import, archive, restore, add, price, change and delete. A
 * kind (books.ts, stationery.ts) describes its paths, words and schemas as a
 * ProductKindContract and adds the routes only it has.
 */
import { z } from "zod";
import type { ProductKind } from "../../domain/catalogue/model.ts";
import type { productPaths } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { archivedQuery, idParam, importQuery, priceBody } from "../requests.ts";
import { data, ImportSummarySchema, recordPageOf, searchPageOf } from "../records.ts";
import { stockAdjustmentBody, StockAdjustmentSchema } from "../stock_adjustments.ts";

/** One kind of product as its routes declare it. */
export interface ProductKindContract<
  Base extends string,
  Schema extends z.ZodType,
  Query extends z.ZodType,
  New extends z.ZodObject,
  Changes extends z.ZodType,
> {
  kind: ProductKind;
  paths: ReturnType<typeof productPaths<Base>>;
  words: {
    /** One of them, in a sentence: "book", "stationery item". */
    one: string;
    /** The storefront's list of them: "books", "stationery". */
    list: string;
    /** Several of them: "books", "stationery items". */
    many: string;
    /** What the import route does. */
    importSummary: string;
    /** What the change route changes. */
    changeSummary: string;
  };
  /** The field unique among the products on sale, whose clash answers 409 on add and restore. */
  unique?: { label: string };
  /** The record the API answers with. */
  schema: Schema;
  query: Query;
  /** The add form: its text fields and the file field of its images, with their most. */
  add: { fields: New; images: { field: string; max: number } };
  /** One row of the CSV import, by its header names. */
  csvColumns: z.ZodType;
  /** The change body. */
  change: Changes;
}

/**
 * The routes every kind has, in the order of the route table: its own routes go in
 * between, `reads` after the list (served before `/:id` would take their path) and
 * `images` after restore.
 */
export function productRoutes<
  Base extends string,
  Schema extends z.ZodType,
  Query extends z.ZodType,
  New extends z.ZodObject,
  Changes extends z.ZodType,
  Reads extends object,
  Images extends object,
>(
  kind: ProductKindContract<Base, Schema, Query, New, Changes>,
  own: { reads: Reads; images: Images },
) {
  const { paths, words, schema } = kind;
  const imagesWord = kind.add.images.max === 1 ? "image" : "images";
  const unique = kind.unique ? [409] : [];
  return {
    list: defineRoute({
      ...paths.list,
      summary: `List ${words.list}, filtered and paged`,
      admin: false,
      query: kind.query,
      ok: { status: 200, schema: searchPageOf(schema) },
      errors: [400],
    }),
    ...own.reads,
    export: defineRoute({
      ...paths.export,
      summary:
        `Every ${words.one} on sale as CSV (the creation fields, plus id and ${imagesWord}); at most 100,000 (400 TOO_MANY_ROWS), given up past 30 s (503)`,
      admin: "catalogue",
      ok: { status: 200, contentType: "text/csv" },
      errors: [...ADMIN_ERRORS, 400, 503],
    }),
    import: defineRoute({
      ...paths.import,
      summary: words.importSummary,
      admin: "catalogue_edit",
      query: importQuery,
      csv: { columns: kind.csvColumns },
      ok: { status: 200, schema: data(ImportSummarySchema) },
      errors: [...ADMIN_ERRORS, 400, 409, 413, 415, 503],
    }),
    archived: defineRoute({
      ...paths.archived,
      summary: `Archived ${words.many} (hidden from the shop), newest first`,
      admin: "catalogue",
      query: archivedQuery,
      ok: { status: 200, schema: recordPageOf(schema) },
      errors: [...ADMIN_ERRORS, 400],
    }),
    restore: defineRoute({
      ...paths.restore,
      summary: `Put an archived ${words.one} back on sale${
        kind.unique ? ` (409 when its ${kind.unique.label} is taken again)` : ""
      }`,
      admin: "catalogue_edit",
      params: idParam,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, ...unique],
    }),
    ...own.images,
    adjustStock: defineRoute({
      ...paths.adjustStock,
      summary:
        `Take copies of a ${words.one} out of stock (damaged, lost) or put them back (found, recount), kept with the reason, the admin and the time; 409 past the copies in stock (copies held by orders cannot be taken)`,
      admin: "stock",
      params: idParam,
      json: stockAdjustmentBody,
      ok: {
        status: 201,
        schema: data(z.object({ adjustment: StockAdjustmentSchema, stock: z.number().int() })),
      },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    stockAdjustments: defineRoute({
      ...paths.stockAdjustments,
      summary: `A ${words.one}'s stock adjustments, newest first (the latest 50)`,
      admin: "catalogue",
      params: idParam,
      ok: { status: 200, schema: data(z.array(StockAdjustmentSchema)) },
      errors: [...ADMIN_ERRORS, 400],
    }),
    one: defineRoute({
      ...paths.one,
      summary: `One ${words.one}`,
      admin: false,
      params: idParam,
      ok: { status: 200, schema: data(schema) },
      errors: [400, 404],
    }),
    add: defineRoute({
      ...paths.add,
      summary: `Add a ${words.one} with its ${imagesWord}`,
      admin: "catalogue_edit",
      multipart: {
        fields: kind.add.fields,
        files: { [kind.add.images.field]: kind.add.images.max === 1 ? "one" : "many" },
      },
      ok: { status: 201, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, ...unique, 413, 415],
    }),
    price: defineRoute({
      ...paths.price,
      summary: `Change a ${words.one}'s price`,
      admin: "catalogue_edit",
      params: idParam,
      json: priceBody,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, 415],
    }),
    change: defineRoute({
      ...paths.change,
      summary: words.changeSummary,
      admin: "catalogue_edit",
      params: idParam,
      json: kind.change,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    remove: defineRoute({
      ...paths.remove,
      summary: `Delete a ${words.one} (archived when orders refer to it)`,
      admin: "catalogue_edit",
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404],
    }),
  };
}

/** A CSV file's row: the add form's fields as text cells, plus the columns only a file has. */
export function csvRow(fields: z.ZodObject, extra: Record<string, z.ZodType>) {
  const cells = Object.fromEntries(
    Object.keys(fields.shape).map((name) => [name, fields.shape[name].optional()]),
  );
  return z.object({ ...cells, ...extra }).describe(
    "One row of the file; the first row names the columns (any order, any subset but the key)",
  );
}

/** The routes every kind has, as `productRoutes` declares them. */
export type ProductRoutes<
  Base extends string,
  Schema extends z.ZodType,
  Query extends z.ZodType,
  New extends z.ZodObject,
  Changes extends z.ZodType,
> = ReturnType<
  typeof productRoutes<
    Base,
    Schema,
    Query,
    New,
    Changes,
    Record<never, never>,
    Record<never, never>
  >
>;
