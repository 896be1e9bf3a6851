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
import { jsonBody, parseFields, readMultipart, validate } from "../validation.ts";
import { ApiError, notFound, validationFailed } from "../errors.ts";
import { preorderDateProblem } from "../../domain/catalogue/preorder.ts";
import { MAX_IMAGES, storeImages } from "../product_images.ts";
import { imageChangedOrThrow, writtenOrThrow } from "./write_results.ts";
import { booksCsv, importSummaryRecord, parseBookCsv, readCsvBody } from "../catalogue_csv.ts";
import { allPages, coversOf, csvResponse } from "./catalogue_export.ts";

export function booksRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/", validate("query", bookQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogue.listBooks(bookFilterOf(q), pageOf(q), searchSortOf(q));
    const help = page.total === 0
      ? await helpForEmptySearch(deps.catalogue, { kind: "book", q: q.q })
      : undefined;
    return c.json({ ...pageRecord(page, bookRecord), ...searchHelpRecord(help) });
  });

  // Before "/:id", which would take "authors" for an id.
  app.get("/authors", async (c) => c.json({ data: await deps.catalogue.listAuthors() }));

  app.get("/export", async () => {
    const books = await allPages((page) =>
      deps.catalogue.listBooks({ inStock: true, outOfStock: true }, page)
    );
    return csvResponse(booksCsv(books), "books");
  });

  app.post("/import", validate("query", importQuery), async (c) => {
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

  app.get("/archived", validate("query", archivedQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogueAdmin.listArchivedBooks(pageOf(q), q.q);
    return c.json(pageRecord(page, bookRecord));
  });

  app.post("/:id/restore", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const result = await deps.catalogueAdmin.restoreBook(id);
    return c.json({ data: bookRecord(writtenOrThrow(result, "Archived book", id)) });
  });

  app.post("/:id/images", validate("param", idParam), async (c) => {
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

  app.post("/:id/images/replace", validate("param", idParam), async (c) => {
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

  app.put(
    "/:id/images",
    validate("param", idParam),
    jsonBody(),
    validate("json", arrangeImagesBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { images } = c.req.valid("json");
      return c.json({ data: bookRecord(await applyImages(id, { kind: "arrange", images }, [])) });
    },
  );

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

  app.get("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const book = await deps.catalogue.findBook(id);
    if (!book) throw notFound("Book", id);
    return c.json({ data: bookRecord(book) });
  });

  app.post("/", async (c) => {
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

  app.put(
    "/price/:id",
    validate("param", idParam),
    jsonBody(),
    validate("json", priceBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { price } = c.req.valid("json");
      const result = await changeBook(deps.catalogueAdmin, { id, changes: { priceCents: price } });
      return c.json({ data: bookRecord(writtenOrThrow(result, "Book", id)) });
    },
  );

  app.put(
    "/:id",
    validate("param", idParam),
    jsonBody(),
    validate("json", bookChangesBody),
    async (c) => {
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
    },
  );

  app.delete("/:id", validate("param", idParam), async (c) => {
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
