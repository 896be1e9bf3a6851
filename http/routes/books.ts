/** /api/books: the storefront's list, authors and detail; the admin's writes. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import {
  addBook,
  changeBook,
  changeBookImages,
  deleteProduct,
  discardUnusedImages,
} from "../../domain/catalogue/manage_catalogue.ts";
import { importBooks } from "../../domain/catalogue/book_import.ts";
import {
  archivedQuery,
  arrangeImagesBody,
  bookChangesBody,
  bookFilterOf,
  bookQuery,
  idParam,
  importQuery,
  newBookFields,
  pageOf,
  priceBody,
  searchSortOf,
} from "../schemas.ts";
import { helpForEmptySearch } from "../../domain/catalogue/search_help.ts";
import { bookRecord, pageRecord, searchHelpRecord } from "../records.ts";
import { parseFields, readMultipart } from "../validation.ts";
import { ApiError, notFound, validationFailed } from "../errors.ts";
import { preorderDateProblem } from "../../domain/catalogue/preorder.ts";
import { MAX_IMAGES, storeImages } from "../product_images.ts";
import { imageChangedOrThrow, writtenOrThrow } from "./write_results.ts";
import { booksCsv, importSummaryRecord, parseBookCsv, readCsvBody } from "../catalogue_csv.ts";
import { allPages, coversOf, csvResponse } from "./catalogue_export.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import {
  BookSchema,
  data,
  ImportSummarySchema,
  recordPageOf,
  searchPageOf,
} from "../wire/records.ts";
import { z } from "zod";

/** What the book routes use. */
export type BookRoutesDeps = Pick<
  AppDeps,
  "catalogue" | "catalogueAdmin" | "clock" | "images" | "covers"
>;

const BASE = "/api/books";

/** /api/books: the storefront's list, authors and detail; the admin's writes. */
export const BOOK_ROUTES = {
  list: defineRoute({
    method: "GET",
    path: "/api/books",
    summary: "List books, filtered and paged",
    admin: false,
    query: bookQuery,
    ok: { status: 200, schema: searchPageOf(BookSchema) },
    errors: [400],
  }),
  authors: defineRoute({
    method: "GET",
    path: "/api/books/authors",
    summary: "Distinct authors, sorted",
    admin: false,
    ok: { status: 200, schema: data(z.array(z.string())) },
    errors: [],
  }),
  export: defineRoute({
    method: "GET",
    path: "/api/books/export",
    summary: "Every book on sale as CSV (the creation fields, plus id and images)",
    admin: true,
    ok: { status: 200, contentType: "text/csv" },
    errors: ADMIN_ERRORS,
  }),
  import: defineRoute({
    method: "POST",
    path: "/api/books/import",
    summary:
      "Create and update books from a CSV body matched by isbn13; nothing is written when any row has an error or with dryRun=1",
    admin: true,
    query: importQuery,
    csv: true,
    ok: { status: 200, schema: data(ImportSummarySchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  }),
  archived: defineRoute({
    method: "GET",
    path: "/api/books/archived",
    summary: "Archived books (hidden from the shop), newest first",
    admin: true,
    query: archivedQuery,
    ok: { status: 200, schema: recordPageOf(BookSchema) },
    errors: [...ADMIN_ERRORS, 400],
  }),
  restore: defineRoute({
    method: "POST",
    path: "/api/books/:id/restore",
    summary: "Put an archived book back on sale (409 when its ISBN-13 is taken again)",
    admin: true,
    params: idParam,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409],
  }),
  addImages: defineRoute({
    method: "POST",
    path: "/api/books/:id/images",
    summary: "Add images to a book (after its current ones)",
    admin: true,
    params: idParam,
    multipart: { fields: z.object({}), files: { images: "many" } },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
  replaceImage: defineRoute({
    method: "POST",
    path: "/api/books/:id/images/replace",
    summary: "Replace one of a book's images (old: its URL) with an uploaded one, in its place",
    admin: true,
    params: idParam,
    multipart: {
      fields: z.object({ old: z.string().describe("the URL of the image to replace") }),
      files: { image: "one" },
    },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
  arrangeImages: defineRoute({
    method: "PUT",
    path: "/api/books/:id/images",
    summary: "Reorder and remove a book's images: the ones to keep, in order (at least one)",
    admin: true,
    params: idParam,
    json: arrangeImagesBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  }),
  one: defineRoute({
    method: "GET",
    path: "/api/books/:id",
    summary: "One book",
    admin: false,
    params: idParam,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [400, 404],
  }),
  add: defineRoute({
    method: "POST",
    path: "/api/books",
    summary: "Add a book with its images",
    admin: true,
    multipart: { fields: newBookFields, files: { images: "many" } },
    ok: { status: 201, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  }),
  price: defineRoute({
    method: "PUT",
    path: "/api/books/price/:id",
    summary: "Change a book's price",
    admin: true,
    params: idParam,
    json: priceBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  }),
  change: defineRoute({
    method: "PUT",
    path: "/api/books/:id",
    summary:
      "Change any field of a book: its listing, stock (absolute or relative), price and pre-order settings; absent fields stay",
    admin: true,
    params: idParam,
    json: bookChangesBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/books/:id",
    summary: "Delete a book (archived when orders refer to it)",
    admin: true,
    params: idParam,
    ok: { status: 204 },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
};

export function booksRoutes(deps: BookRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, BOOK_ROUTES.list, async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogue.listBooks(bookFilterOf(q), pageOf(q), searchSortOf(q));
    const help = page.total === 0
      ? await helpForEmptySearch(deps.catalogue, { kind: "book", q: q.q })
      : undefined;
    return c.json({ ...pageRecord(page, bookRecord), ...searchHelpRecord(help) });
  });

  // Before "/:id", which would take "authors" for an id.
  serve(
    app,
    BASE,
    BOOK_ROUTES.authors,
    async (c) => c.json({ data: await deps.catalogue.listAuthors() }),
  );

  serve(app, BASE, BOOK_ROUTES.export, async () => {
    const books = await allPages((page) =>
      deps.catalogue.listBooks({ inStock: true, outOfStock: true }, page)
    );
    return csvResponse(booksCsv(books), "books");
  });

  serve(app, BASE, BOOK_ROUTES.import, async (c) => {
    const { dryRun } = c.req.valid("query");
    const parsed = parseBookCsv(await readCsvBody(c.req.raw));
    const covers = coversOf(deps);
    const outcome = await importBooks({
      admin: deps.catalogueAdmin,
      storage: deps.images,
      covers,
      categoryIds: async () => new Set((await deps.catalogue.listCategories()).map((c) => c.id)),
      clock: deps.clock,
    }, { rows: parsed.rows, parseErrors: parsed.errors, dryRun: dryRun ?? false });
    if (outcome.kind === "conflict") throw new ApiError(409, "CONFLICT", outcome.message);
    return c.json(importSummaryRecord(outcome.summary));
  });

  serve(app, BASE, BOOK_ROUTES.archived, async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogueAdmin.listArchivedBooks(pageOf(q), q.q);
    return c.json(pageRecord(page, bookRecord));
  });

  serve(app, BASE, BOOK_ROUTES.restore, async (c) => {
    const { id } = c.req.valid("param");
    const result = await deps.catalogueAdmin.restoreBook(id);
    return c.json({ data: bookRecord(writtenOrThrow(result, "Archived book", id)) });
  });

  serve(app, BASE, BOOK_ROUTES.addImages, async (c) => {
    const { id } = c.req.valid("param");
    const form = await readMultipart(c.req.raw);
    const images = await storeImages(deps.images, {
      field: "images",
      files: form.files.images ?? [],
      min: 1,
      max: MAX_IMAGES,
    });
    return c.json({ data: bookRecord(await applyImages(id, { kind: "add", images }, images)) });
  });

  serve(app, BASE, BOOK_ROUTES.replaceImage, async (c) => {
    const { id } = c.req.valid("param");
    const form = await readMultipart(c.req.raw);
    const old = form.fields.old ?? "";
    if (old === "") {
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: old", [
        { field: "old", message: "name the image to replace" },
      ]);
    }
    const [image] = await storeImages(deps.images, {
      field: "image",
      files: form.files.image ?? [],
      min: 1,
      max: 1,
    });
    const book = await applyImages(id, { kind: "replace", old, image }, [image]);
    return c.json({ data: bookRecord(book) });
  });

  serve(app, BASE, BOOK_ROUTES.arrangeImages, async (c) => {
    const { id } = c.req.valid("param");
    const { images } = c.req.valid("json");
    return c.json({ data: bookRecord(await applyImages(id, { kind: "arrange", images }, [])) });
  });

  /** Applies an image change; images stored for a change that was refused are removed again. */
  async function applyImages(
    id: number,
    change: Parameters<typeof changeBookImages>[1]["change"],
    uploaded: string[],
  ) {
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const result = await changeBookImages(ports, { id, change });
    if (result.kind !== "ok") await discardUnusedImages(ports, uploaded);
    return imageChangedOrThrow(result, "Book", id);
  }

  serve(app, BASE, BOOK_ROUTES.one, async (c) => {
    const { id } = c.req.valid("param");
    const book = await deps.catalogue.findBook(id);
    if (!book) throw notFound("Book", id);
    return c.json({ data: bookRecord(book) });
  });

  serve(app, BASE, BOOK_ROUTES.add, async (c) => {
    const form = await readMultipart(c.req.raw);
    const fields = parseFields(newBookFields, form.fields);
    if (fields.preorder) refusePastPreorderDate(fields.preorderDate, deps.clock.now());
    const images = await storeImages(deps.images, {
      field: "images",
      files: form.files.images ?? [],
      min: 1,
      max: MAX_IMAGES,
    });
    const preorder = fields.preorder ?? false;
    const result = await addBook(deps.catalogueAdmin, {
      title: fields.title,
      author: fields.author,
      priceCents: fields.price,
      stock: fields.stock,
      categoryId: fields.categoryId,
      isbn13: fields.isbn13,
      language: fields.language,
      binding: fields.binding,
      publisher: fields.publisher,
      publishingDate: fields.publishingDate,
      edition: fields.productEdition,
      weightGrams: fields.weight,
      description: fields.description ?? null,
      images,
      preorder,
      preorderDate: preorder && fields.preorderDate ? fields.preorderDate : null,
      preorderedStock: fields.preorderedStock ?? 0,
    });
    return c.json({ data: bookRecord(writtenOrThrow(result, "Book")) }, 201);
  });

  serve(app, BASE, BOOK_ROUTES.price, async (c) => {
    const { id } = c.req.valid("param");
    const { price } = c.req.valid("json");
    const result = await changeBook(deps.catalogueAdmin, { id, changes: { priceCents: price } });
    return c.json({ data: bookRecord(writtenOrThrow(result, "Book", id)) });
  });

  serve(app, BASE, BOOK_ROUTES.change, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    refusePastPreorderDate(body.preorderDate, deps.clock.now());
    const result = await changeBook(deps.catalogueAdmin, {
      id,
      changes: {
        stock: body.stock,
        addStock: body.addStock,
        priceCents: body.price,
        preorder: body.preorder,
        preorderDate: body.preorderDate,
        preorderedStock: body.preorderedStock,
        title: body.title,
        author: body.author,
        isbn13: body.isbn13,
        language: body.language,
        binding: body.binding,
        publisher: body.publisher,
        publishingDate: body.publishingDate,
        edition: body.productEdition,
        weightGrams: body.weight,
        categoryId: body.categoryId,
        description: body.description,
      },
    });
    return c.json({ data: bookRecord(writtenOrThrow(result, "Book", id)) });
  });

  serve(app, BASE, BOOK_ROUTES.remove, async (c) => {
    const { id } = c.req.valid("param");
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const outcome = await deleteProduct(ports, { kind: "book", id });
    if (outcome === "not_found") throw notFound("Book", id);
    return c.body(null, 204);
  });

  return app;
}

/** 400 for a pre-order date before today in Sri Lanka (a date already set stays readable). */
function refusePastPreorderDate(date: string | null | undefined, now: Date): void {
  const problem = date ? preorderDateProblem(date, now) : undefined;
  if (problem) throw validationFailed([{ field: "preorderDate", message: problem }]);
}
