/** /api/books: the storefront's list, authors and detail; the admin's writes. */
import { Hono } from "hono";
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
  type bookChangesBody,
  bookFilterOf,
  type bookQuery,
  type newBookFields,
} from "../../contract/requests.ts";
import type { BookSchema } from "../../contract/records.ts";
import { BOOK_CONTRACT, BOOK_ROUTES } from "../../contract/routes/mod.ts";
import { bookRecord } from "./answers.ts";
import { readMultipart } from "../middleware/validation.ts";
import { ApiError, validationFailed } from "../middleware/errors.ts";
import {
  PREORDER_NEEDS_DATE,
  preorderDateProblem,
  preorderWithoutDate,
} from "../../domain/catalogue/preorder.ts";
import { MAX_IMAGES, storeImages } from "./product_images.ts";
import { imageChangedOrThrow } from "./write_results.ts";
import { booksCsv, parseBookCsv } from "./catalogue_csv.ts";
import { coversOf } from "./catalogue_export.ts";
import { serve } from "./route_spec.ts";
import { changesFrom, newRecordFrom } from "../../contract/record_fields.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import {
  type ProductKindRoutes,
  type ProductRoutesDeps,
  serveProductRoutes,
} from "./product_routes.ts";

/** What the book routes use. */
export type BookRoutesDeps = ProductRoutesDeps;

const BASE = "/api/books";

/** Books as their routes serve them: the ISBN-13 unique on sale, pre-orders dated from today. */
const BOOK_KIND: ProductKindRoutes<
  Book,
  "/api/books",
  typeof BookSchema,
  BookSortKey,
  typeof bookQuery,
  typeof newBookFields,
  typeof bookChangesBody,
  BookChanges
> = {
  contract: BOOK_CONTRACT,
  csvFile: "books",
  record: bookRecord,
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
    refuse(fields, now) {
      if (fields.preorder) refusePastPreorderDate(fields.preorderDate, now);
      refuseUndatedPreorder(undefined, fields);
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
    refuse(body, now, current) {
      refusePastPreorderDate(body.preorderDate, now);
      refuseUndatedPreorder(current, body);
    },
    changesOf: (body) => ({ ...changesFrom(BOOK_FIELDS, body), addStock: body.addStock }),
  },
  apply: (admin, id, changes) => changeBook(admin, { id, changes }),
};

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

  serveProductRoutes(app, deps, { kind: BOOK_KIND, routes: BOOK_ROUTES });
  return app;
}

/**
 * 400 for a book that would be a pre-order without an expected date: shoppers are told the
 * date on its page, at checkout and in their mails, and ticking Pre-order alone made one.
 */
function refuseUndatedPreorder(
  current: Book | undefined,
  changes: { preorder?: boolean; preorderDate?: string | null },
): void {
  if (preorderWithoutDate(current, changes)) {
    throw validationFailed([{ field: "preorderDate", message: PREORDER_NEEDS_DATE }]);
  }
}

/** 400 for a pre-order date before today in Sri Lanka (a date already set stays readable). */
function refusePastPreorderDate(date: string | null | undefined, now: Date): void {
  const problem = date ? preorderDateProblem(date, now) : undefined;
  if (problem) throw validationFailed([{ field: "preorderDate", message: problem }]);
}
