/** /api/books: the storefront's list, authors and detail; the admin's writes. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import type { Book, BookChanges, BookSortKey } from "../../domain/catalogue/model.ts";
import {
  addBook,
  changeBook,
  changeBookImages,
  discardUnusedImages,
} from "../../domain/catalogue/manage_catalogue.ts";
import { importBooks } from "../../domain/catalogue/book_import.ts";
import {
  arrangeImagesBody,
  bookChangesBody,
  bookFilterOf,
  bookQuery,
  idParam,
  newBookFields,
} from "../../contract/requests.ts";
import { bookRecord } from "../records.ts";
import { readMultipart } from "../validation.ts";
import { ApiError, validationFailed } from "../errors.ts";
import { preorderDateProblem } from "../../domain/catalogue/preorder.ts";
import { MAX_IMAGES, storeImages } from "../product_images.ts";
import { imageChangedOrThrow } from "./write_results.ts";
import { booksCsv, parseBookCsv } from "../catalogue_csv.ts";
import { coversOf } from "./catalogue_export.ts";
import { ADMIN_ERRORS, defineRoute, serve } from "../route_spec.ts";
import { BookSchema, data } from "../../contract/records.ts";
import { changesFrom, newRecordFrom } from "../../contract/record_fields.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import {
  type ProductKindRoutes,
  type ProductRoutesDeps,
  productRouteSpecs,
  serveProductRoutes,
} from "./product_routes.ts";

/** What the book routes use. */
export type BookRoutesDeps = ProductRoutesDeps;

const BASE = "/api/books";

/** Books as their routes see them: the ISBN-13 unique on sale, pre-orders dated from today. */
const BOOK_KIND: ProductKindRoutes<
  Book,
  BookSortKey,
  typeof bookQuery,
  typeof newBookFields,
  typeof bookChangesBody,
  BookChanges
> = {
  kind: "book",
  base: BASE,
  words: {
    one: "book",
    list: "books",
    many: "books",
    csvFile: "books",
    importSummary:
      "Create and update books from a CSV body matched by isbn13; nothing is written when any row has an error or with dryRun=1",
    changeSummary:
      "Change any field of a book: its listing, stock (absolute or relative), price and pre-order settings; absent fields stay",
  },
  unique: { label: "ISBN-13" },
  schema: BookSchema,
  record: bookRecord,
  query: bookQuery,
  filterOf: bookFilterOf,
  list: (catalogue, filter, page, sort) => catalogue.listBooks(filter, page, sort),
  find: (catalogue, id) => catalogue.findBook(id),
  csv: booksCsv,
  importCsv(deps, text, dryRun) {
    const parsed = parseBookCsv(text);
    return importBooks({
      admin: deps.catalogueAdmin,
      storage: deps.images,
      covers: coversOf(deps),
      categoryIds: async () => new Set((await deps.catalogue.listCategories()).map((c) => c.id)),
      clock: deps.clock,
    }, { rows: parsed.rows, parseErrors: parsed.errors, dryRun });
  },
  listArchived: (admin, page, q) => admin.listArchivedBooks(page, q),
  restore: (admin, id) => admin.restoreBook(id),
  add: {
    fields: newBookFields,
    images: { field: "images", max: MAX_IMAGES },
    refuse(fields, now) {
      if (fields.preorder) refusePastPreorderDate(fields.preorderDate, now);
    },
    create(admin, fields, images) {
      const book = newRecordFrom(BOOK_FIELDS, fields);
      // A book off pre-order keeps no expected date.
      return addBook(admin, {
        ...book,
        images,
        preorderDate: book.preorder ? book.preorderDate : null,
      });
    },
  },
  change: {
    body: bookChangesBody,
    refuse: (body, now) => refusePastPreorderDate(body.preorderDate, now),
    changesOf: (body) => ({ ...changesFrom(BOOK_FIELDS, body), addStock: body.addStock }),
  },
  apply: (admin, id, changes) => changeBook(admin, { id, changes }),
};

/** The authors of the books on sale, for the storefront's filter. */
const AUTHORS_ROUTE = {
  authors: defineRoute({
    method: "GET",
    path: "/api/books/authors",
    summary: "Distinct authors, sorted",
    admin: false,
    ok: { status: 200, schema: data(z.array(z.string())) },
    errors: [],
  }),
};

/** A book lists several images: added, replaced one by one, reordered and removed. */
const IMAGE_ROUTES = {
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
};

/** /api/books: the storefront's list, authors and detail; the admin's writes. */
export const BOOK_ROUTES = productRouteSpecs(BOOK_KIND, {
  reads: AUTHORS_ROUTE,
  images: IMAGE_ROUTES,
});

export function booksRoutes(deps: BookRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(
    app,
    BASE,
    BOOK_ROUTES.authors,
    async (c) => c.json({ data: await deps.catalogue.listAuthors() }),
  );

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

  serveProductRoutes(app, deps, BOOK_KIND);
  return app;
}

/** 400 for a pre-order date before today in Sri Lanka (a date already set stays readable). */
function refusePastPreorderDate(date: string | null | undefined, now: Date): void {
  const problem = date ? preorderDateProblem(date, now) : undefined;
  if (problem) throw validationFailed([{ field: "preorderDate", message: problem }]);
}
