/**
 * The routes every kind of product has, written once: the storefront's list and detail,
 * the admin's CSV export and import, archive, restore, add, price, change and delete. A
 * kind (books.ts, stationery.ts) describes itself as a ProductKindRoutes, its path, words,
 * schemas and repository calls, and adds the routes only it has (a book's authors and
 * images, a stationery item's one image).
 */
import type { Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { Cents } from "../../domain/money.ts";
import type { Catalogue, CatalogueAdmin, WriteResult } from "../../domain/ports.ts";
import type {
  BookFilter,
  BookSortKey,
  CatalogueSort,
  Page,
  PageRequest,
  ProductKind,
  SortDirection,
} from "../../domain/catalogue/model.ts";
import { type ChangeResult, deleteProduct } from "../../domain/catalogue/manage_catalogue.ts";
import type { ImportOutcome } from "../../domain/catalogue/catalogue_import.ts";
import { helpForEmptySearch } from "../../domain/catalogue/search_help.ts";
import {
  archivedQuery,
  idParam,
  importQuery,
  pageOf,
  priceBody,
  searchSortOf,
} from "../../contract/requests.ts";
import { pageRecord, searchHelpRecord } from "../records.ts";
import { parseFields, readMultipart } from "../validation.ts";
import { ApiError, notFound } from "../errors.ts";
import { storeImages } from "../product_images.ts";
import { writtenOrThrow } from "./write_results.ts";
import { importSummaryRecord, readCsvBody } from "../catalogue_csv.ts";
import { allPages, csvResponse } from "./catalogue_export.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import { data, ImportSummarySchema, recordPageOf, searchPageOf } from "../../contract/records.ts";

/** What the routes of a kind of product use. */
export type ProductRoutesDeps = Pick<
  AppDeps,
  "catalogue" | "catalogueAdmin" | "clock" | "images" | "covers"
>;

/** A storefront list query as every kind's schema gives it. */
export interface ProductListQuery<Key extends BookSortKey> {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: Key;
  order?: SortDirection;
}

/** Every product on sale, in stock or not: what the export writes. */
const ON_SALE: BookFilter = { inStock: true, outOfStock: true };

/**
 * One kind of product as its routes see it. `P` is the product, `Key` the columns its list
 * sorts by, `Query`, `New` and `Changes` the schemas of its list query, its add form's
 * fields and its change body, `Change` the change its use case takes.
 */
export interface ProductKindRoutes<
  P,
  Key extends BookSortKey,
  Query extends z.ZodType<ProductListQuery<Key>>,
  New extends z.ZodType,
  Changes extends z.ZodType,
  Change,
> {
  kind: ProductKind;
  /** Where its routes are mounted: `/api/books`. */
  base: string;
  words: {
    /** One of them, in a sentence: "book", "stationery item". */
    one: string;
    /** The storefront's list of them: "books", "stationery". */
    list: string;
    /** Several of them: "books", "stationery items". */
    many: string;
    /** The CSV file's name, without ".csv". */
    csvFile: string;
    /** What the import route does. */
    importSummary: string;
    /** What the change route changes. */
    changeSummary: string;
  };
  /** The field unique among the products on sale, whose clash answers 409 on add and restore. */
  unique?: { label: string };
  /** The record the API answers with, and its builder. */
  schema: z.ZodType;
  record(product: P): unknown;
  query: Query;
  filterOf(query: z.output<Query>): BookFilter;
  list(
    catalogue: Catalogue,
    filter: BookFilter,
    page: PageRequest,
    sort?: CatalogueSort<Key | "id">,
  ): Promise<Page<P>>;
  find(catalogue: Catalogue, id: number): Promise<P | undefined>;
  csv(products: P[]): string;
  /** Reads a CSV body's rows and imports them (or, dry, says what an import would do). */
  importCsv(deps: ProductRoutesDeps, text: string, dryRun: boolean): Promise<ImportOutcome>;
  listArchived(admin: CatalogueAdmin, page: PageRequest, q?: string): Promise<Page<P>>;
  restore(admin: CatalogueAdmin, id: number): Promise<WriteResult<P>>;
  /** The add form: its text fields and the file field of its images, with their most. */
  add: {
    fields: New;
    images: { field: string; max: number };
    /** A field the form's schema cannot judge alone (a date against today): 400. */
    refuse?(fields: z.output<New>, now: Date): void;
    create(admin: CatalogueAdmin, fields: z.output<New>, images: string[]): Promise<
      ChangeResult<P>
    >;
  };
  /** The change body, checked further by `refuse`, and the change it asks for. */
  change: {
    body: Changes;
    refuse?(body: z.output<Changes>, now: Date): void;
    changesOf(body: z.output<Changes>): Change;
  };
  /** Applies a change (the change body's, or the price route's alone) through the use case. */
  apply(
    admin: CatalogueAdmin,
    id: number,
    changes: Change | { priceCents: Cents },
  ): Promise<ChangeResult<P>>;
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The routes every kind has, in the order of the route table: its own routes go in
 * between, `reads` after the list (served before `/:id` would take their path) and
 * `images` after restore.
 */
export function productRouteSpecs<
  P,
  Key extends BookSortKey,
  Query extends z.ZodType<ProductListQuery<Key>>,
  New extends z.ZodType,
  Changes extends z.ZodType,
  Change,
  Reads extends object,
  Images extends object,
>(
  kind: ProductKindRoutes<P, Key, Query, New, Changes, Change>,
  own: { reads: Reads; images: Images },
) {
  const { base, words, schema } = kind;
  const imagesWord = kind.add.images.max === 1 ? "image" : "images";
  const unique = kind.unique ? [409] : [];
  return {
    list: defineRoute({
      method: "GET",
      path: base,
      summary: `List ${words.list}, filtered and paged`,
      admin: false,
      query: kind.query,
      ok: { status: 200, schema: searchPageOf(schema) },
      errors: [400],
    }),
    ...own.reads,
    export: defineRoute({
      method: "GET",
      path: `${base}/export`,
      summary: `Every ${words.one} on sale as CSV (the creation fields, plus id and ${imagesWord})`,
      admin: true,
      ok: { status: 200, contentType: "text/csv" },
      errors: ADMIN_ERRORS,
    }),
    import: defineRoute({
      method: "POST",
      path: `${base}/import`,
      summary: words.importSummary,
      admin: true,
      query: importQuery,
      csv: true,
      ok: { status: 200, schema: data(ImportSummarySchema) },
      errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
    }),
    archived: defineRoute({
      method: "GET",
      path: `${base}/archived`,
      summary: `Archived ${words.many} (hidden from the shop), newest first`,
      admin: true,
      query: archivedQuery,
      ok: { status: 200, schema: recordPageOf(schema) },
      errors: [...ADMIN_ERRORS, 400],
    }),
    restore: defineRoute({
      method: "POST",
      path: `${base}/:id/restore`,
      summary: `Put an archived ${words.one} back on sale${
        kind.unique ? ` (409 when its ${kind.unique.label} is taken again)` : ""
      }`,
      admin: true,
      params: idParam,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, ...unique],
    }),
    ...own.images,
    one: defineRoute({
      method: "GET",
      path: `${base}/:id`,
      summary: `One ${words.one}`,
      admin: false,
      params: idParam,
      ok: { status: 200, schema: data(schema) },
      errors: [400, 404],
    }),
    add: defineRoute({
      method: "POST",
      path: base,
      summary: `Add a ${words.one} with its ${imagesWord}`,
      admin: true,
      multipart: {
        fields: kind.add.fields,
        files: { [kind.add.images.field]: kind.add.images.max === 1 ? "one" : "many" },
      },
      ok: { status: 201, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, ...unique, 413, 415],
    }),
    price: defineRoute({
      method: "PUT",
      path: `${base}/price/:id`,
      summary: `Change a ${words.one}'s price`,
      admin: true,
      params: idParam,
      json: priceBody,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, 415],
    }),
    change: defineRoute({
      method: "PUT",
      path: `${base}/:id`,
      summary: words.changeSummary,
      admin: true,
      params: idParam,
      json: kind.change.body,
      ok: { status: 200, schema: data(schema) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    }),
    remove: defineRoute({
      method: "DELETE",
      path: `${base}/:id`,
      summary: `Delete a ${words.one} (archived when orders refer to it)`,
      admin: true,
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404],
    }),
  };
}

/**
 * Serves the routes every kind has on `app`, mounted at the kind's base. The kind's own
 * routes are served on it first: none of their paths is one of these.
 */
export function serveProductRoutes<
  P,
  Key extends BookSortKey,
  Query extends z.ZodType<ProductListQuery<Key>>,
  New extends z.ZodType,
  Changes extends z.ZodType,
  Change,
>(
  app: Hono<AppEnv>,
  deps: ProductRoutesDeps,
  kind: ProductKindRoutes<P, Key, Query, New, Changes, Change>,
): void {
  const routes = productRouteSpecs(kind, { reads: {}, images: {} });
  const { base } = kind;
  const name = capitalised(kind.words.one);
  const record = (product: P) => kind.record(product);

  serve(app, base, routes.list, async (c) => {
    const q = c.req.valid("query");
    const page = await kind.list(deps.catalogue, kind.filterOf(q), pageOf(q), searchSortOf(q));
    const help = page.total === 0
      ? await helpForEmptySearch(deps.catalogue, { kind: kind.kind, q: q.q })
      : undefined;
    return c.json({ ...pageRecord(page, record), ...searchHelpRecord(help) });
  });

  serve(app, base, routes.export, async () => {
    const products = await allPages((page) => kind.list(deps.catalogue, ON_SALE, page));
    return csvResponse(kind.csv(products), kind.words.csvFile);
  });

  serve(app, base, routes.import, async (c) => {
    const { dryRun } = c.req.valid("query");
    const outcome = await kind.importCsv(deps, await readCsvBody(c.req.raw), dryRun ?? false);
    if (outcome.kind === "conflict") throw new ApiError(409, "CONFLICT", outcome.message);
    return c.json(importSummaryRecord(outcome.summary));
  });

  serve(app, base, routes.archived, async (c) => {
    const q = c.req.valid("query");
    const page = await kind.listArchived(deps.catalogueAdmin, pageOf(q), q.q);
    return c.json(pageRecord(page, record));
  });

  serve(app, base, routes.restore, async (c) => {
    const { id } = c.req.valid("param");
    const result = await kind.restore(deps.catalogueAdmin, id);
    return c.json({ data: record(writtenOrThrow(result, `Archived ${kind.words.one}`, id)) });
  });

  serve(app, base, routes.one, async (c) => {
    const { id } = c.req.valid("param");
    const product = await kind.find(deps.catalogue, id);
    if (!product) throw notFound(name, id);
    return c.json({ data: record(product) });
  });

  serve(app, base, routes.add, async (c) => {
    const form = await readMultipart(c.req.raw);
    const fields = parseFields(kind.add.fields, form.fields);
    kind.add.refuse?.(fields, deps.clock.now());
    const { field, max } = kind.add.images;
    const images = await storeImages(deps.images, {
      field,
      files: form.files[field] ?? [],
      min: 1,
      max,
    });
    const result = await kind.add.create(deps.catalogueAdmin, fields, images);
    return c.json({ data: record(writtenOrThrow(result, name)) }, 201);
  });

  serve(app, base, routes.price, async (c) => {
    const { id } = c.req.valid("param");
    const { price } = c.req.valid("json");
    const result = await kind.apply(deps.catalogueAdmin, id, { priceCents: price });
    return c.json({ data: record(writtenOrThrow(result, name, id)) });
  });

  serve(app, base, routes.change, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    kind.change.refuse?.(body, deps.clock.now());
    const result = await kind.apply(deps.catalogueAdmin, id, kind.change.changesOf(body));
    return c.json({ data: record(writtenOrThrow(result, name, id)) });
  });

  serve(app, base, routes.remove, async (c) => {
    const { id } = c.req.valid("param");
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const outcome = await deleteProduct(ports, { kind: kind.kind, id });
    if (outcome === "not_found") throw notFound(name, id);
    return c.body(null, 204);
  });
}
