/** /api/books: the storefront's list, authors and detail; the admin's writes. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { addBook, changeBook } from "../../domain/catalogue/manage_catalogue.ts";
import {
  bookChangesBody,
  bookFilterOf,
  bookQuery,
  idParam,
  newBookFields,
  pageOf,
  priceBody,
  sortOf,
} from "../schemas.ts";
import { bookRecord, pageRecord } from "../records.ts";
import { jsonBody, parseFields, readMultipart, validate } from "../validation.ts";
import { notFound, validationFailed } from "../errors.ts";
import { preorderDateProblem } from "../../domain/catalogue/preorder.ts";
import { MAX_IMAGES, storeImages } from "../product_images.ts";
import { writtenOrThrow } from "./write_results.ts";

export function booksRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/", validate("query", bookQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await deps.catalogue.listBooks(bookFilterOf(q), pageOf(q), sortOf(q));
    return c.json(pageRecord(page, bookRecord));
  });

  // Before "/:id", which would take "authors" for an id.
  app.get("/authors", async (c) => c.json({ data: await deps.catalogue.listAuthors() }));

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
        },
      });
      return c.json({ data: bookRecord(writtenOrThrow(result, "Book", id)) });
    },
  );

  app.delete("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await deps.catalogueAdmin.deleteBook(id);
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
